/// The bookkeeping of a ``XMLEvents/Transformed`` iterator, apart from its events so that it is
/// not generic.
///
/// The first transform reads the document through the events' cursor, so that an element it
/// removes makes no events and one it replaces is read straight into its subtree; each transform
/// after it is an ``XMLTransformStage`` that reads the events the one before it makes. What comes
/// out of the last waits in a queue for ``nextQueued()``; with one transform only, the events it
/// passes go out directly (``Step/pass``).
@usableFromInline
struct XMLTransformState {
    /// What to do with an event the document's iterator read.
    @usableFromInline
    enum Step {
        /// Pass it on, with nothing held before it: it is the output itself when ``isSingle``.
        case pass
        /// Pass it on after the whitespace held back (``pass(_:location:)``).
        case passAfterHeldWhitespace
        /// Whitespace-only text held back: read on.
        case held
        /// The start of an element the first transform selects (``firstReplacement``).
        case selected
    }

    private let first: XMLElementTransformRule
    private var walker: XMLPathWalker
    /// Whitespace-only text held back until the next event shows whether it is the indentation
    /// of an element the first transform removes.
    private var heldWhitespace: String?
    private var stages: [XMLTransformStage]
    /// The events between two stages, reused from one event to the next.
    private var carried: [XMLTransformStage.Item] = []
    private var produced: [XMLTransformStage.Item] = []
    /// Events to hand out before reading on.
    private var queue: [XMLEvent] = []
    private var queueIndex = 0
    /// The error that ended the iteration, thrown once the events before it are handed out.
    private var failure: (any Error)?
    @usableFromInline private(set) var ended = false
    /// Whether there is one transform only.
    @usableFromInline let isSingle: Bool

    /// - Parameter rules: The transforms in the order they apply; at least one.
    init(rules: [XMLElementTransformRule]) {
        precondition(!rules.isEmpty, "a transformed sequence has at least one transform")
        first = rules[0]
        walker = XMLPathWalker(rules[0].path)
        stages = rules.dropFirst().map(XMLTransformStage.init)
        isSingle = rules.count == 1
    }

    /// The next queued event; once the queue is empty, the error that ended the iteration, once.
    @usableFromInline
    mutating func nextQueued() throws -> XMLEvent? {
        if queueIndex < queue.count {
            defer { queueIndex &+= 1 }
            return queue[queueIndex]
        }
        if queueIndex > 0 {
            queue.removeAll(keepingCapacity: true)
            queueIndex = 0
        }
        if let failure {
            self.failure = nil
            throw failure
        }
        return nil
    }

    /// Moves the first transform's walker with `event` and tells what to do with it.
    @usableFromInline
    mutating func take(_ event: XMLEvent) -> Step {
        switch event {
        case .startElement(let name, _, _):
            // A selected element is taken whole: its end tag never comes to the walker.
            if walker.start(name) == .selected {
                return .selected
            }
        case .endElement:
            walker.end()
        case .text(let text)
        where first.trimsWhitespace && heldWhitespace == nil && XMLTransformStage.isWhitespace(text):
            heldWhitespace = text
            return .held
        default:
            break
        }
        return heldWhitespace == nil ? .pass : .passAfterHeldWhitespace
    }

    /// The first transform's replacing closure, or `nil` when it removes.
    @usableFromInline
    var firstReplacement: (@Sendable (XMLSubtree) throws -> XMLSubtree?)? { first.replace }

    /// The first transform passes `event`, after the whitespace it held back if any.
    ///
    /// - Parameter location: Where the events' iterator reported its latest start element (or
    ///   event): the later transforms locate the elements they take from a start element's.
    @usableFromInline
    mutating func pass(_ event: XMLEvent, location: XMLLocation?) throws {
        if let held = heldWhitespace {
            heldWhitespace = nil
            try emit(XMLTransformStage.Item(event: .text(held), location: nil))
        }
        try emit(XMLTransformStage.Item(event: event, location: location))
    }

    /// The first transform removed the element just started, and its indentation with it.
    @usableFromInline
    mutating func removed() {
        // Whitespace is held back only by a transform that trims.
        heldWhitespace = nil
    }

    /// The first transform replaced the element just started by `replacement`, or removed it
    /// when that is `nil`.
    @usableFromInline
    mutating func replaced(by replacement: XMLSubtree?) throws {
        guard let replacement else { return removed() }
        if let held = heldWhitespace {
            heldWhitespace = nil
            try emit(XMLTransformStage.Item(event: .text(held), location: nil))
        }
        if stages.isEmpty {
            replacement.forEachEvent { queue.append($0) }
            return
        }
        var events: [XMLTransformStage.Item] = []
        replacement.forEachEvent { events.append(XMLTransformStage.Item(event: $0, location: nil)) }
        events[0].location = replacement.location
        for item in events { try emit(item) }
    }

    /// The document ended: what the transforms hold back goes out.
    @usableFromInline
    mutating func end() {
        flush()
        ended = true
    }

    /// Iteration failed with `error`: what the transforms hold back goes out, then the error.
    @usableFromInline
    mutating func fail(with error: any Error) {
        flush()
        failure = error
        ended = true
    }

    /// Passes `item` through the transforms after the first, onto the queue.
    private mutating func emit(_ item: XMLTransformStage.Item) throws {
        guard !stages.isEmpty else { return queue.append(item.event) }
        carried.removeAll(keepingCapacity: true)
        carried.append(item)
        for index in stages.indices {
            produced.removeAll(keepingCapacity: true)
            for item in carried { try stages[index].give(item, into: &produced) }
            swap(&carried, &produced)
            if carried.isEmpty { return }
        }
        for item in carried { queue.append(item.event) }
    }

    /// Sends the text every transform holds back through the ones after it, onto the queue.
    private mutating func flush() {
        var text = heldWhitespace
        heldWhitespace = nil
        for index in stages.indices { text = stages[index].flush(after: text) }
        if let text { queue.append(.text(text)) }
    }
}
