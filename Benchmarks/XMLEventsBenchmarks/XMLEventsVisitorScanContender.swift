import XMLEvents

/// The scan workload written as an ``XMLVisitor`` over `XMLEvents(path:)`: the borrowed tier,
/// against the owned events of ``XMLEventsScanContender``.
///
/// Besides the scan's counts it reports what shows it read the names and the text, not only
/// counted them: the UTF-8 length of every local name it compared, and a hash of every 64th
/// byte of the text (``TextSampleHash``), both checked against the C floor's reference pass.
struct XMLEventsVisitorScanContender: Contender {
    let id = "xmlevents-visit"
    let title = "XMLEvents visitor scan"
    let reportedCounts = WorkloadCounts.Field.scan.union([.localNameBytes, .textSampleHash])
    let summary =
        "The scan workload as an `XMLVisitor` over `XMLEvents(path:)`: names interned, text borrowed. Also sums the "
        + "local names' bytes and hashes every 64th byte of the text, checked against the C floor's."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        var visitor = ScanVisitor(itemName: input.itemName)
        let stopwatch = Stopwatch()
        try await XMLEvents(path: path).visit(&visitor)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: visitor.counts)
    }
}

/// The scan workload's consumer, as a visitor.
struct ScanVisitor: XMLVisitor {
    let itemName: String
    /// Told of every item, for a watcher in another task (``XMLEventsConcurrencyContender``).
    let progress: ParseProgress?
    var elements = 0
    var attributes = 0
    var items = 0
    var localNameBytes = 0
    var text = TextSampleHash()

    init(itemName: String, progress: ParseProgress? = nil) {
        self.itemName = itemName
        self.progress = progress
    }

    mutating func startElement(_ tag: borrowing XMLStartTag) {
        elements += 1
        attributes += tag.attributes.count
        let localName = tag.name.localName
        localNameBytes += localName.utf8.count
        if localName == itemName {
            items += 1
            progress?.advance()
        }
    }

    mutating func text(_ text: borrowing XMLText) {
        text.withUnsafeBytes { self.text.add($0) }
    }

    /// Not reported with the default options (CDATA is merged into text); counted in case, as
    /// the scan does.
    mutating func cdata(_ text: borrowing XMLText) {
        text.withUnsafeBytes { self.text.add($0) }
    }

    var counts: WorkloadCounts {
        WorkloadCounts(
            elements: elements, attributes: attributes, items: items, textBytes: text.byteCount,
            localNameBytes: localNameBytes, textSampleHash: text.bitPattern)
    }
}
