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
