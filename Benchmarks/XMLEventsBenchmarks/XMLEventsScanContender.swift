import XMLEvents

/// XMLEvents reading the file through its own file source (64 KiB chunks), with the scan
/// workload over the owned events of `for try await`.
struct XMLEventsScanContender: OneParserVariant {
    var oneParser = false
    static let baseID = "xmlevents-scan"
    static let baseTitle = "XMLEvents owned scan"
    static let call = "`for try await event in XMLEvents(path:)`"
    static let work =
        " with a typical filtering consumer: each start tag's local name compared, attributes counted, text "
        + "lengths added."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let stopwatch = Stopwatch()
        let counts = try await ScanWorkload.run(
            XMLEvents(path: path, options: .benchmarked(oneParser: oneParser)), itemName: input.itemName)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
    }
}

extension XMLParsingOptions {
    /// The default options, or with one parser.
    static func benchmarked(oneParser: Bool) -> XMLParsingOptions {
        var options = XMLParsingOptions()
        if oneParser { options.parallelism = .off }
        return options
    }
}
