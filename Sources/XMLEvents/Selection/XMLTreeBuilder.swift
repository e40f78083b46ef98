/// Builds one ``XMLSubtree`` from the events between its start and end tags.
///
/// The content of every open element waits in one flat buffer, each element's children after
/// its ancestors'; when an element ends, its children leave the buffer as one exactly sized
/// array and the element takes their place in its parent's content. Building therefore
/// allocates the tree's own storage and nothing per event besides.
struct XMLTreeBuilder {
    private struct OpenElement {
        var name: XMLName
        var attributes: XMLAttributes
        var namespaces: [XMLNamespaceDeclaration]
        var location: XMLLocation?
        /// Where this element's children start in `content`.
        var contentStart: Int
    }

    /// Above this many pending children the buffer is freed after a subtree is done, so that
    /// one huge subtree does not keep its memory for the rest of the document.
    private static let retainedCapacity = 4096

    private var open: [OpenElement] = []
    private var content: [XMLContent] = []

    /// Whether a subtree is being built.
    var isBuilding: Bool { !open.isEmpty }

    /// An element starts inside the subtree, or starts the subtree.
    mutating func start(
        name: XMLName,
        attributes: XMLAttributes,
        namespaces: [XMLNamespaceDeclaration],
        location: XMLLocation?
    ) {
        open.append(
            OpenElement(
                name: name, attributes: attributes, namespaces: namespaces, location: location,
                contentStart: content.count))
    }

    /// Content other than an element arrives for the innermost open element.
    mutating func append(_ node: XMLContent) {
        content.append(node)
    }

    /// The innermost open element ends; returns the subtree when it was the outermost one.
    mutating func end() -> XMLSubtree? {
        guard let element = open.popLast() else { return nil }
        let subtree: XMLSubtree
        let start = element.contentStart
        if start == content.count - 1, case .text(let text) = content[start] {
            content.removeLast()
            subtree = XMLSubtree(
                name: element.name, attributes: element.attributes, namespaces: element.namespaces,
                onlyText: text, location: element.location)
        } else {
            var children: [XMLContent] = []
            if start < content.count {
                // Copied through a buffer pointer: an array made from a slice of the whole buffer
                // would share it, and the next append would then copy the buffer instead.
                children = content.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[start...])) }
                while content.count > start { content.removeLast() }
            }
            subtree = XMLSubtree(
                name: element.name, attributes: element.attributes, namespaces: element.namespaces,
                children: children, location: element.location)
        }
        if !open.isEmpty {
            content.append(.element(subtree))
            return nil
        }
        if content.capacity > XMLTreeBuilder.retainedCapacity { content = [] }
        if open.capacity > XMLTreeBuilder.retainedCapacity { open = [] }
        return subtree
    }
}

extension XMLTreeBuilder: XMLTapeSelectionBuilder {
    mutating func startSelection(_ entry: EventTape.Entry, rows: EventTape.StartTagRows, in tape: EventTape) {
        start(entry, rows: rows, in: tape)
    }

    mutating func continueSelection(in tape: EventTape, cursor: inout EventTape.Cursor) -> XMLSubtree? {
        while cursor.index < tape.count {
            let entry = tape.columns.pointee.entries[cursor.index]
            cursor.index &+= 1
            switch entry.kind {
            case .startElement:
                start(entry, rows: cursor.takeStartTag(entry), in: tape)
            case .endElement:
                if let subtree = end() { return subtree }
            case .text:
                append(.text(tape.string(start: entry.start, count: entry.count)))
            case .cdata:
                append(.cdata(tape.string(start: entry.start, count: entry.count)))
            case .comment:
                append(.comment(tape.string(start: entry.start, count: entry.count)))
            case .processingInstruction:
                append(
                    .processingInstruction(
                        target: tape.string(start: entry.start, count: entry.count),
                        data: tape.string(start: entry.start + entry.count, count: Int(entry.extra))))
            case .skippedEntity:
                append(.skippedEntity(name: tape.string(start: entry.start, count: entry.count)))
            case .startDocument, .doctype, .endDocument:
                break
            }
        }
        return nil
    }

    private mutating func start(_ entry: EventTape.Entry, rows: EventTape.StartTagRows, in tape: EventTape) {
        start(
            name: entry.name.name, attributes: tape.ownedAttributes(rows.attributes),
            namespaces: tape.ownedNamespaces(rows.namespaces),
            location: tape.columns.pointee.locations[rows.location].location)
    }
}
