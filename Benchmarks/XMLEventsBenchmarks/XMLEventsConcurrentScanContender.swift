import XMLCorpus
import XMLEvents

/// The scan workload over `streams` documents at once, one child task each, from the same file
/// or each from its own generator: how XMLEvents scales across cores, and what it holds in
/// memory per stream.
struct XMLEventsConcurrentScanContender: Contender {
    let id = "xmlevents-scan-streams"
    let title = "XMLEvents scan, concurrent"

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let stopwatch = Stopwatch()
        let perStream = try await withThrowingTaskGroup(of: WorkloadCounts.self) { group in
            for _ in 0..<Swift.max(1, input.streams) {
                group.addTask {
                    switch input.source {
                    case .file(let path):
                        try await ScanWorkload.run(XMLEvents(path: path), itemName: input.itemName)
                    case .generator:
                        try await ScanWorkload.run(
                            XMLEvents(input.document.asyncChunks(ofSize: 64 * 1024)), itemName: input.itemName)
                    }
                }
            }
            var all: [WorkloadCounts] = []
            for try await counts in group {
                all.append(counts)
            }
            return all
        }
        let elapsed = stopwatch.read()
        guard let first = perStream.first, perStream.allSatisfy({ $0 == first }) else {
            throw BenchmarkError.streamsDisagree(contender: id, counts: perStream)
        }
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: first)
    }
}
