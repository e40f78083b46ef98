/// Builds one ``XMLSubtree`` from the events between its start and end tags.
///
/// The subtree's nodes are appended to one array in document order, each element before its
/// content; when an element ends, it learns where its content ends. When the outermost one
/// ends, the array becomes the subtree's storage as it is: building allocates that array, one
/// storage object and the strings and attributes it holds, and nothing per element besides.
struct XMLTreeBuilder {
    /// The nodes of the subtree being built.
    private var nodes = ContiguousArray<XMLSubtree.Node>()
    /// The positions of the open elements in `nodes`, outermost first.
    private var open: [Int] = []
    /// How many nodes the last subtree had: records of one document are alike, so the next
    /// array starts with room for a few more and seldom grows.
    private var lastCount = 16
    /// The attributes of the elements taken from a tape, and which element has which: they
    /// go into one storage when the subtree is complete.
    private var attributes = SharedAttributesBuilder()
    private var attributed: [(node: Int, attributes: Range<Int>)] = []

    /// Whether a subtree is being built.
    var isBuilding: Bool { !open.isEmpty }

    /// An element starts inside the subtree, or starts the subtree.
    mutating func start(
        name: XMLName,
        attributes: XMLAttributes,
        namespaces: [XMLNamespaceDeclaration],
        location: XMLLocation?
    ) {
        if open.isEmpty {
            nodes.reserveCapacity(Swift.min(lastCount &+ lastCount / 4 &+ 2, XMLTreeBuilder.retainedCapacity))
        }
        open.append(nodes.count)
        nodes.append(
            XMLSubtree.Node(
                XMLSubtree.Element(name: name, attributes: attributes, namespaces: namespaces, location: location),
                end: nodes.count &+ 1))
    }

    /// Content other than an element arrives for the innermost open element.
    mutating func append(_ content: XMLContent) {
        nodes.append(XMLSubtree.Node(content, at: nodes.count))
    }

    /// The innermost open element ends; returns the subtree when it was the outermost one.
    mutating func end() -> XMLSubtree? {
        guard let element = open.popLast() else { return nil }
        nodes[element].end = nodes.count
        guard open.isEmpty else { return nil }
        lastCount = nodes.count
        if !attributes.isEmpty {
            let storage = attributes.makeStorage()
            for (node, range) in attributed {
                nodes[node].setAttributes(XMLAttributes(storage: storage, first: range.lowerBound, count: range.count))
            }
            attributed.removeAll(keepingCapacity: attributed.capacity <= XMLTreeBuilder.retainedCapacity)
        }
        let storage = XMLSubtree.Storage(parsed: nodes)
        // The array now belongs to the storage alone; the next subtree starts a new one.
        nodes = []
        if open.capacity > XMLTreeBuilder.retainedCapacity { open = [] }
        return XMLSubtree(storage: storage, index: 0)
    }

    /// Above this many open elements the stack is freed after a subtree is done, so that one
    /// deep subtree does not keep its memory for the rest of the document.
    private static let retainedCapacity = 4096
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
        if !rows.attributes.isEmpty {
            attributed.append((nodes.count, attributes.append(rows.attributes, of: tape)))
        }
        start(
            name: entry.name.name, attributes: XMLAttributes(),
            namespaces: tape.ownedNamespaces(rows.namespaces),
            location: tape.columns.pointee.locations[rows.location].location)
    }
}
