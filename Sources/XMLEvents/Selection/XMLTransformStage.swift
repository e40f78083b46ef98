/// A transform after the first of a ``XMLEvents/Transformed`` sequence: it reads the events the
/// transform before it makes, as it would read a document that transform wrote, and removes or
/// replaces the elements its path selects among them.
///
/// Reading a written document, it would see each run of text whole, so text given in pieces
/// (around an element the transform before removed) waits until the next event and is taken as
/// one run; its whitespace trimming then decides as it would on that document. Unlike the first
/// transform, it cannot leave an element in the parser's buffers: it counts a removed element's
/// events away and builds a replaced one from its events.
struct XMLTransformStage {
    /// An event, and where it was reported (read for start elements only; `nil` for those a
    /// replacement made).
    struct Item {
        var event: XMLEvent
        var location: XMLLocation?
    }

    private let rule: XMLElementTransformRule
    private var walker: XMLPathWalker
    /// Text given and not yet taken, in case the next event is text too.
    private var pendingText: String?
    /// Whitespace-only text held back until the next event shows whether it is the indentation
    /// of an element this transform removes.
    private var heldWhitespace: String?
    /// How deep inside the element being removed the events are; 0 outside one.
    private var removedDepth = 0
    /// The element being replaced, while its events arrive.
    private var builder = XMLTreeBuilder()

    init(rule: XMLElementTransformRule) {
        self.rule = rule
        walker = XMLPathWalker(rule.path)
    }

    /// Gives the transform `item`; what it makes of it (nothing, the item, or a replacement's
    /// events) is appended to `output`.
    ///
    /// - Throws: What the replacing closure throws.
    mutating func give(_ item: Item, into output: inout [Item]) throws {
        if case .text(let text) = item.event {
            if pendingText != nil { pendingText?.append(text) } else { pendingText = text }
            return
        }
        if let text = pendingText {
            pendingText = nil
            take(text: text, into: &output)
        }
        try take(item, into: &output)
    }

    /// The text given and not yet taken and the whitespace held back, after `text` from the
    /// transforms before this one, as one text for the transforms after it; text inside an
    /// element being removed or replaced stays there.
    mutating func flush(after text: String?) -> String? {
        var pending = pendingText
        pendingText = nil
        if let text { pending = (pending ?? "") + text }
        let held = heldWhitespace
        heldWhitespace = nil
        guard removedDepth == 0, !builder.isBuilding else { return held }
        switch (held, pending) {
        case (let held?, let pending?): return held + pending
        case (let held, let pending): return held ?? pending
        }
    }

    private mutating func take(text: String, into output: inout [Item]) {
        if removedDepth > 0 { return }
        if builder.isBuilding { return builder.append(.text(text)) }
        if rule.trimsWhitespace, heldWhitespace == nil, XMLTransformStage.isWhitespace(text) {
            heldWhitespace = text
            return
        }
        releaseHeldWhitespace(into: &output)
        output.append(Item(event: .text(text), location: nil))
    }

    private mutating func take(_ item: Item, into output: inout [Item]) throws {
        if removedDepth > 0 {
            switch item.event {
            case .startElement: removedDepth &+= 1
            case .endElement: removedDepth &-= 1
            default: break
            }
            return
        }
        if builder.isBuilding { return try build(item, into: &output) }
        switch item.event {
        case .startElement(let name, let attributes, let namespaces):
            // A selected element is taken whole: its end tag never comes to the walker.
            if walker.start(name) == .selected {
                if rule.replace == nil {
                    removedDepth = 1
                    heldWhitespace = nil
                } else {
                    builder.start(name: name, attributes: attributes, namespaces: namespaces, location: item.location)
                }
                return
            }
        case .endElement:
            walker.end()
        default:
            break
        }
        releaseHeldWhitespace(into: &output)
        output.append(item)
    }

    /// Adds `item` to the element being replaced; at its end, what replaces it goes to `output`.
    private mutating func build(_ item: Item, into output: inout [Item]) throws {
        switch item.event {
        case .startElement(let name, let attributes, let namespaces):
            builder.start(name: name, attributes: attributes, namespaces: namespaces, location: item.location)
        case .endElement:
            guard let element = builder.end() else { return }
            guard let replace = rule.replace, let replacement = try replace(element) else {
                heldWhitespace = nil
                return
            }
            releaseHeldWhitespace(into: &output)
            var location = replacement.location
            replacement.forEachEvent {
                output.append(Item(event: $0, location: location))
                location = nil
            }
        case let other:
            // The document's own events, never inside an element, are no content.
            if let content = XMLContent(other) { builder.append(content) }
        }
    }

    private mutating func releaseHeldWhitespace(into output: inout [Item]) {
        guard let held = heldWhitespace else { return }
        heldWhitespace = nil
        output.append(Item(event: .text(held), location: nil))
    }

    /// Whether `text` is XML whitespace only (space, tab, line feed, carriage return).
    static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }
}
