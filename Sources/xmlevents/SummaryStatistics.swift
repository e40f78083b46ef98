import XMLEvents

/// The counts behind `--format summary`, taken event by event so that no event is kept.
///
/// With `--select` only the selected subtrees are counted, and depths are measured from the
/// selected element (1) down. Without it the whole document is counted through the visitor tier
/// (``SummaryVisitor``), which makes no owned event at all.
final class SummaryStatistics: EventSink {
    private(set) var counts = SummaryCounts()
    private(set) var selectedSubtreeCount = 0
    /// Elements per qualified name, as written in the document; made once reading has ended.
    private(set) lazy var elementCounts: [String: Int] = counts.elementCountsByQualifiedName()

    var elementCount: Int { counts.elementCount }
    var attributeCount: Int { counts.attributeCount }
    var namespaceDeclarationCount: Int { counts.namespaceDeclarationCount }
    var textCount: Int { counts.textCount }
    /// UTF-8 bytes of text and CDATA, after references are replaced.
    var textByteCount: Int { counts.textByteCount }
    var cdataCount: Int { counts.cdataCount }
    var commentCount: Int { counts.commentCount }
    var processingInstructionCount: Int { counts.processingInstructionCount }
    /// References to entities the parser did not replace (``XMLEvent/skippedEntity(name:)``).
    var skippedEntityCount: Int { counts.skippedEntityCount }
    var maximumDepth: Int { counts.maximumDepth }

    func write(_ event: XMLEvent) {
        switch event {
        case .startElement(let name, let attributes, let namespaces):
            counts.startElement(name, attributeCount: attributes.count, namespaceCount: namespaces.count)
        case .endElement:
            counts.endElement()
        case .text(let text):
            counts.text(byteCount: text.utf8.count)
        case .cdata(let text):
            counts.cdata(byteCount: text.utf8.count)
        case .comment:
            counts.comment()
        case .processingInstruction:
            counts.processingInstruction()
        case .skippedEntity:
            counts.skippedEntity()
        case .startDocument, .doctype, .endDocument:
            break
        }
    }

    func write(_ subtree: XMLSubtree) {
        selectedSubtreeCount += 1
        subtree.forEachEvent { write($0) }
    }

    /// Takes what a visitor counted: the whole document, read through the borrowed tier.
    func absorb(_ visitor: SummaryVisitor) {
        counts = visitor.counts
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

/// The summary's counts, kept the same way whether they come from owned events or from the
/// visitor tier.
struct SummaryCounts {
    private(set) var elementNames = NameCounts()
    private(set) var elementCount = 0
    private(set) var attributeCount = 0
    private(set) var namespaceDeclarationCount = 0
    private(set) var textCount = 0
    private(set) var textByteCount = 0
    private(set) var cdataCount = 0
    private(set) var commentCount = 0
    private(set) var processingInstructionCount = 0
    private(set) var skippedEntityCount = 0
    private(set) var maximumDepth = 0
    private var depth = 0

    mutating func startElement(_ name: XMLName, attributeCount: Int, namespaceCount: Int) {
        elementNames.add(name)
        elementCount += 1
        self.attributeCount += attributeCount
        namespaceDeclarationCount += namespaceCount
        depth += 1
        maximumDepth = max(maximumDepth, depth)
    }

    mutating func endElement() {
        depth -= 1
    }

    mutating func text(byteCount: Int) {
        textCount += 1
        textByteCount += byteCount
    }

    mutating func cdata(byteCount: Int) {
        cdataCount += 1
        textByteCount += byteCount
    }

    mutating func comment() {
        commentCount += 1
    }

    mutating func processingInstruction() {
        processingInstructionCount += 1
    }

    mutating func skippedEntity() {
        skippedEntityCount += 1
    }

    /// The element counts by qualified name: names in different namespaces that are written the
    /// same way are counted together, as the summary shows names as written.
    func elementCountsByQualifiedName() -> [String: Int] {
        var counts: [String: Int] = [:]
        for (name, count) in elementNames.counts { counts[name.qualifiedName, default: 0] += count }
        return counts
    }
}

/// The summary's counts for a whole document, taken from the visitor tier: nothing is copied out
/// of the parser.
struct SummaryVisitor: XMLVisitor {
    private(set) var counts = SummaryCounts()

    mutating func startElement(_ tag: borrowing XMLStartTag) {
        counts.startElement(
            tag.name, attributeCount: tag.attributes.count, namespaceCount: tag.namespaceDeclarationCount)
    }

    mutating func endElement(_ name: XMLName) {
        counts.endElement()
    }

    mutating func text(_ text: borrowing XMLText) {
        counts.text(byteCount: text.count)
    }

    mutating func cdata(_ text: borrowing XMLText) {
        counts.cdata(byteCount: text.count)
    }

    mutating func comment(_ text: borrowing XMLText) {
        counts.comment()
    }

    mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) {
        counts.processingInstruction()
    }

    mutating func skippedEntity(_ name: String) {
        counts.skippedEntity()
    }
}

/// Counts per element name. A document has few distinct element names, and two interned names
/// compare in O(1), so the first ones are found in a short list, which costs far less per start
/// tag than hashing the name; names past the list's length go to a dictionary. Documents repeat
/// their elements in patterns (a record's fields, then the next record), so each listed name
/// remembers the name that followed it last time, and that one is tried first.
struct NameCounts {
    private static let listLength = 48
    private var names: [XMLName] = []
    private var listCounts: [Int] = []
    /// For each listed name, the index of the name counted after it last time.
    private var successors: [Int] = []
    /// The index of the last name counted, or -1.
    private var last = -1
    private var overflow: [XMLName: Int] = [:]

    /// Counts one more element called `name`.
    mutating func add(_ name: XMLName) {
        if last >= 0 {
            let guess = successors[last]
            if guess >= 0, names[guess] == name { return found(at: guess) }
        }
        if let index = names.firstIndex(of: name) { return found(at: index) }
        if names.count < NameCounts.listLength {
            names.append(name)
            listCounts.append(0)
            successors.append(-1)
            found(at: names.count - 1)
        } else {
            overflow[name, default: 0] += 1
            last = -1
        }
    }

    @inline(__always)
    private mutating func found(at index: Int) {
        listCounts[index] += 1
        if last >= 0 { successors[last] = index }
        last = index
    }

    /// Every name counted, with its count.
    var counts: [(name: XMLName, count: Int)] {
        zip(names, listCounts).map { (name: $0, count: $1) } + overflow.map { (name: $0.key, count: $0.value) }
    }
}
