import XMLCorpus
import XMLEvents

/// XMLEvents reading the file and selecting every item (`record`, `p` or `entry`) as an
/// ``XMLSubtree``: the subtree tier's cost, beside `decode`'s on the same fields.
///
/// The consumer reads what ``XMLEventsDecodeContender`` decodes, from the subtree: a child's
/// text by its local name (one pass over the child elements), an attribute, or the item's whole
/// text; and adds each to the same digests, checked against the generator's: a subtree missing
/// an item, a child or part of a text fails the run.
struct XMLEventsElementsContender: OneParserVariant {
    var oneParser = false
    static let baseID = "xmlevents-elements"
    static let baseTitle = "XMLEvents elements"
    static let call = "`XMLEvents(path:).elements(matching:)`"
    static let work =
        ": every item (`record`, `p`, `entry`) as an `XMLSubtree`, the fields `decode` reads taken from it "
        + "(children's text, an attribute, the whole text) and checked against the generator's digests."
    let reportedCounts: Set<WorkloadCounts.Field> = [.items, .itemFieldDigests]

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let events = XMLEvents(path: path, options: .benchmarked(oneParser: oneParser))
        let shape = input.document.shape
        let stopwatch = Stopwatch()
        let keys: [String]
        switch shape {
        case .records: keys = XMLEventsDecodeContender.Record.fieldKeys
        case .text: keys = XMLEventsDecodeContender.Paragraph.fieldKeys
        case .ns: keys = XMLEventsDecodeContender.Entry.fieldKeys
        }
        var digests = Array(repeating: TextDigest(), count: keys.count)
        let dateSlot = keys.firstIndex(of: "@date")
        var items = 0
        for try await item in try events.elements(matching: input.itemName) {
            items += 1
            switch shape {
            case .records:
                Self.addChildTexts(of: item, keys: keys, to: &digests)
                if let dateSlot, let date = item.attributes["date"] { digests[dateSlot].add(date) }
            case .text:
                digests[0].add(item.text)
            case .ns:
                Self.addChildTexts(of: item, keys: keys, to: &digests)
            }
        }
        let elapsed = stopwatch.read()
        let counts = WorkloadCounts(items: items, fieldKeys: keys, digests: digests)
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
    }

    /// Adds the text of each child element whose local name is one of `keys` to its slot.
    private static func addChildTexts(of item: XMLSubtree, keys: [String], to digests: inout [TextDigest]) {
        for child in item.childElements {
            if let slot = keys.firstIndex(of: child.name.localName) { digests[slot].add(child.text) }
        }
    }
}
