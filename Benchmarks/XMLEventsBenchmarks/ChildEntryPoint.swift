import Foundation

/// What the benchmark binary does when re-executed with `--child <request>`: one run, one
/// report on standard output, nothing else (errors go to standard error and the exit status).
enum ChildEntryPoint {
    static func run(requestJSON: String) async -> Int32 {
        do {
            let request = try ChildRequest.decode(requestJSON)
            let contender = try ContenderRoster.contender(id: request.contender)
            let input = try request.workloadInput()
            if request.warmUp {
                var single = input
                single.streams = 1
                _ = try await contender.measure(single)
            }
            var runs: [WorkloadMeasurement] = []
            for _ in 0..<Swift.max(1, request.timedRuns) {
                runs.append(try await contender.measure(input))
            }
            var measurement = try median(of: runs, contender: request.contender)
            measurement.metrics = contender.combinedMetrics(runs.compactMap(\.metrics))
            let report = ChildReport(measurement: measurement, selfPeakResidentBytes: ResidentMemory.peakBytes)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            FileHandle.standardOutput.write(try encoder.encode(report))
            return 0
        } catch {
            FileHandle.standardError.write(Data("xmlevents-benchmarks child: \(error)\n".utf8))
            return 1
        }
    }

    /// One measurement with the median wall and CPU times of `runs`, which must all have
    /// counted the same, and the highest peak RSS any reported of its own; the first run's
    /// metrics.
    private static func median(of runs: [WorkloadMeasurement], contender: String) throws -> WorkloadMeasurement {
        guard var result = runs.first else { throw BenchmarkError.parseFailed(contender: contender, detail: "no run") }
        guard runs.allSatisfy({ $0.counts == result.counts }) else {
            throw BenchmarkError.countMismatch(
                "\(contender) counted differently in repeated runs: \(runs.map(\.counts))")
        }
        result.seconds = SampleStatistics.median(runs.map(\.seconds))
        result.cpuSeconds = SampleStatistics.median(runs.map(\.cpuSeconds))
        result.peakResidentBytes = runs.compactMap(\.peakResidentBytes).max()
        return result
    }
}
