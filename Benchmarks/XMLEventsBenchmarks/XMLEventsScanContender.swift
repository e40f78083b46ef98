import XMLEvents

/// XMLEvents reading the file through its own file source (64 KiB chunks), with the scan
/// workload over the owned events of `for try await`.
struct XMLEventsScanContender: Contender {
    let id = "xmlevents-scan"
    let title = "XMLEvents owned scan"
    let summary =
        "`for try await event in XMLEvents(path:)` with a typical filtering consumer: each start tag's local name "
        + "compared, attributes counted, text lengths added."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let stopwatch = Stopwatch()
        let counts = try await ScanWorkload.run(XMLEvents(path: path), itemName: input.itemName)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
    }
}
