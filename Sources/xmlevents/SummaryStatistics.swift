import XMLEvents

/// The counts behind `--format summary`, taken event by event so that no event is kept.
///
/// With `--select` only the selected subtrees are counted, and depths are measured from the
/// selected element (1) down.
final class SummaryStatistics: EventSink {
    /// Elements per qualified name, as written in the document.
    private(set) var elementCounts: [String: Int] = [:]
    private(set) var elementCount = 0
    private(set) var attributeCount = 0
    private(set) var namespaceDeclarationCount = 0
    private(set) var textCount = 0
    /// UTF-8 bytes of text and CDATA, after references are replaced.
    private(set) var textByteCount = 0
    private(set) var cdataCount = 0
    private(set) var commentCount = 0
    private(set) var processingInstructionCount = 0
    private(set) var maximumDepth = 0
    private(set) var selectedSubtreeCount = 0
    private var depth = 0

    func write(_ event: XMLEvent) {
        switch event {
        case .startElement(let name, let attributes, let namespaces):
            elementCounts[name.qualifiedName, default: 0] += 1
            elementCount += 1
            attributeCount += attributes.count
            namespaceDeclarationCount += namespaces.count
            depth += 1
            maximumDepth = max(maximumDepth, depth)
        case .endElement:
            depth -= 1
        case .text(let text):
            textCount += 1
            textByteCount += text.utf8.count
        case .cdata(let text):
            cdataCount += 1
            textByteCount += text.utf8.count
        case .comment:
            commentCount += 1
        case .processingInstruction:
            processingInstructionCount += 1
        case .startDocument, .doctype, .endDocument:
            break
        }
    }

    func write(_ subtree: XMLSubtree) {
        selectedSubtreeCount += 1
        subtree.forEachEvent { write($0) }
    }

    /// Adds what a visitor counted: the whole document, read through the borrowed tier.
    func absorb(_ visitor: SummaryVisitor) {
        for (name, count) in visitor.elementCounts.counts {
            elementCounts[name.qualifiedName, default: 0] += count
        }
        elementCount += visitor.elementCount
        attributeCount += visitor.attributeCount
        namespaceDeclarationCount += visitor.namespaceDeclarationCount
        textCount += visitor.textCount
        textByteCount += visitor.textByteCount
        cdataCount += visitor.cdataCount
        commentCount += visitor.commentCount
        processingInstructionCount += visitor.processingInstructionCount
        maximumDepth = max(maximumDepth, visitor.maximumDepth)
    }

    func drain() {}

    func finish(failure: XMLParsingError?) {}

    /// The `limit` most frequent element names, ties in name order so the list is stable.
    func topElementNames(_ limit: Int) -> [(name: String, count: Int)] {
        let sorted = elementCounts.sorted { lhs, rhs in
            lhs.value != rhs.value ? lhs.value > rhs.value : lhs.key < rhs.key
        }
        return sorted.prefix(limit).map { (name: $0.key, count: $0.value) }
    }
}

/// The same counts as ``SummaryStatistics``, taken from the visitor tier for a whole document:
/// nothing is copied out of the parser, and elements are counted per name, their qualified names
/// made once at the end.
struct SummaryVisitor: XMLVisitor {
    private(set) var elementCounts = NameCounts()
    private(set) var elementCount = 0
    private(set) var attributeCount = 0
    private(set) var namespaceDeclarationCount = 0
    private(set) var textCount = 0
    private(set) var textByteCount = 0
    private(set) var cdataCount = 0
    private(set) var commentCount = 0
    private(set) var processingInstructionCount = 0
    private(set) var maximumDepth = 0
    private var depth = 0

    mutating func startElement(_ tag: borrowing XMLStartTag) {
        elementCounts.add(tag.name)
        elementCount += 1
        attributeCount += tag.attributeCount
        namespaceDeclarationCount += tag.namespaceDeclarationCount
        depth += 1
        maximumDepth = max(maximumDepth, depth)
    }

    mutating func endElement(_ name: XMLName) {
        depth -= 1
    }

    mutating func text(_ text: borrowing XMLText) {
        textCount += 1
        textByteCount += text.count
    }

    mutating func cdata(_ text: borrowing XMLText) {
        cdataCount += 1
        textByteCount += text.count
    }

    mutating func comment(_ text: borrowing XMLText) {
        commentCount += 1
    }

    mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) {
        processingInstructionCount += 1
    }
}

/// Counts per element name. A document has few distinct element names, and two interned names
/// compare in O(1), so the first ones are found by a scan of a short list, which costs far less
/// per start tag than hashing the name; names past the list's length go to a dictionary.
struct NameCounts {
    private static let listLength = 48
    private var list: [(name: XMLName, count: Int)] = []
    private var overflow: [XMLName: Int] = [:]

    /// Counts one more element called `name`.
    mutating func add(_ name: XMLName) {
        for index in list.indices where list[index].name == name {
            list[index].count += 1
            return
        }
        if list.count < NameCounts.listLength {
            list.append((name: name, count: 1))
        } else {
            overflow[name, default: 0] += 1
        }
    }

    /// Every name counted, with its count.
    var counts: [(name: XMLName, count: Int)] {
        list + overflow.map { (name: $0.key, count: $0.value) }
    }
}
