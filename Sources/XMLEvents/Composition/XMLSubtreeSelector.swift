/// Which elements an ``XMLPath`` selects, and each selected element built whole: fed one event
/// at a time, it hands back a subtree when a selected element ends.
///
/// Outside a selected element only the path stack moves. Inside one, every event goes to the
/// builder and the path is not consulted, so an element nested in a selected element is part of
/// the outer subtree and is not selected on its own.
///
/// Two places feed it: ``XMLSelectionStateMachine``, with the events of any sequence, and
/// ``XMLEvents``' own selection, which reads the parser's ``EventTape`` so that nothing outside a
/// selected element becomes an event, a string or an array at all.
struct XMLSubtreeSelector {
    private var matcher: XMLPathMatcher
    private var builder = XMLTreeBuilder()

    init(_ path: XMLPath) {
        matcher = XMLPathMatcher(path)
    }

    /// Whether a selected element is open: character data now belongs to a subtree.
    var isBuilding: Bool { builder.isBuilding }

    /// Feeds one event, with where it was reported when it is a start element and that is
    /// known; returns the subtree a selected element's end completes.
    mutating func consume(_ event: consuming XMLEvent, location: XMLLocation?) -> XMLSubtree? {
        switch consume event {
        case .startElement(let name, let attributes, let namespaces):
            startElement(name: name, attributes: attributes, namespaces: namespaces, location: location)
        case .endElement:
            return endElement()
        case .text(let text):
            append(.text(text))
        case .cdata(let text):
            append(.cdata(text))
        case .comment(let text):
            append(.comment(text))
        case .processingInstruction(let target, let data):
            append(.processingInstruction(target: target, data: data))
        case .startDocument, .doctype, .endDocument:
            break
        }
        return nil
    }

    /// Reads `tape` from `cursor` until a selected element ends; returns its subtree, or `nil`
    /// once every entry was read.
    mutating func nextSubtree(in tape: EventTape, cursor: inout EventTape.Cursor) -> XMLSubtree? {
        while cursor.index < tape.count {
            let entry = tape.columns.pointee.entries[cursor.index]
            cursor.index &+= 1
            switch entry.kind {
            case .startElement:
                let rows = cursor.takeStartTag(entry)
                let name = entry.name.name
                if builder.isBuilding || matcher.enter(name) {
                    builder.start(
                        name: name, attributes: tape.ownedAttributes(rows.attributes),
                        namespaces: tape.ownedNamespaces(rows.namespaces),
                        location: tape.columns.pointee.locations[rows.location].location)
                }
            case .endElement:
                if let subtree = endElement() { return subtree }
            case .text where builder.isBuilding:
                builder.append(.text(tape.string(start: entry.start, count: entry.count)))
            case .cdata where builder.isBuilding:
                builder.append(.cdata(tape.string(start: entry.start, count: entry.count)))
            case .comment where builder.isBuilding:
                builder.append(.comment(tape.string(start: entry.start, count: entry.count)))
            case .processingInstruction where builder.isBuilding:
                builder.append(
                    .processingInstruction(
                        target: tape.string(start: entry.start, count: entry.count),
                        data: tape.string(start: entry.start + entry.count, count: Int(entry.extra))))
            case .text, .cdata, .comment, .processingInstruction, .startDocument, .doctype, .endDocument:
                break
            }
        }
        return nil
    }

    /// An element starts: it is built when it is selected or inside a selected element.
    private mutating func startElement(
        name: XMLName, attributes: XMLAttributes, namespaces: [XMLNamespaceDeclaration], location: XMLLocation?
    ) {
        if builder.isBuilding || matcher.enter(name) {
            builder.start(name: name, attributes: attributes, namespaces: namespaces, location: location)
        }
    }

    /// An element ends; returns its subtree when it was a selected one.
    private mutating func endElement() -> XMLSubtree? {
        guard builder.isBuilding else {
            matcher.leave()
            return nil
        }
        guard let subtree = builder.end() else { return nil }
        // The selected element's own entry leaves the path stack with it.
        matcher.leave()
        return subtree
    }

    /// Content other than an element: kept inside a selected element, dropped outside.
    private mutating func append(_ node: XMLContent) {
        if builder.isBuilding { builder.append(node) }
    }
}
