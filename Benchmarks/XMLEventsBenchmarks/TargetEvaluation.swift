import Foundation

/// Measures the results against the issue's targets. Only reported: timings on a shared machine
/// are too noisy to fail a build on.
///
/// Throughput targets are judged on the largest comparison document (steady state, start-up
/// costs amortized), with the smaller sizes and the CPU-time ratio shown beside it.
enum TargetEvaluation {
    static func evaluate(_ summary: ResultSummary, coresForTwoTasks: [Double]) -> [TargetResult] {
        var results: [TargetResult] = []
        for shape in ["records", "text", "ns"] {
            results.append(speed(summary, "xmlevents-scan", shape, versus: .floor, atLeast: 0.8))
        }
        for shape in ["records", "text", "ns"] {
            results.append(speed(summary, "xmlevents-materialize", shape, versus: .floor, atLeast: 0.5))
        }
        for (shape, threshold) in [("records", 2.5), ("ns", 2.5), ("text", 2.0)] {
            results.append(speed(summary, "xmlevents-scan", shape, versus: .foundation, atLeast: threshold))
        }
        results.append(relative(summary, "xmlevents-decode", to: "xmlevents-scan", on: "records", atLeast: 0.5))
        results.append(relative(summary, "xmlevents-http", to: "xmlevents-scan", on: "records", atLeast: 0.85))
        results.append(contentsOf: memory(summary))
        results.append(contentsOf: scaling(summary, coresForTwoTasks: coresForTwoTasks))
        results.append(backpressure(summary))
        return results
    }

    /// The targets a quick run can judge: those that are not timings (a quick run's are
    /// indicative only) and that it measured.
    static func evaluateUntimed(_ summary: ResultSummary) -> [TargetResult] {
        summary.backpressure.isEmpty ? [] : [backpressure(summary)]
    }

    /// Judged on the stream's own high-water mark, which is exact, at every consumer pace.
    private static func backpressure(_ summary: ResultSummary) -> TargetResult {
        let target = "client never buffers more than the high watermark plus one libcurl write"
        let rows = summary.backpressure
        guard let first = rows.first else {
            return TargetResult(target: target, measured: "-", verdict: .notMeasured)
        }
        let peaks = rows.map { "\($0.title) \(ByteFormat.kibibytes($0.clientPeakBufferedBytes))" }
        let write = first.clientBufferBoundBytes - first.highWatermarkBytes
        let measured =
            "peak " + peaks.joined(separator: ", ") + " at \(ByteFormat.size(first.byteCount)); bound "
            + "\(ByteFormat.kibibytes(first.clientBufferBoundBytes)) = \(ByteFormat.kibibytes(first.highWatermarkBytes)) "
            + "+ \(ByteFormat.kibibytes(write))"
        return TargetResult(
            target: target, measured: measured, verdict: rows.allSatisfy(\.isWithinBound) ? .met : .missed)
    }

    private enum Baseline {
        case floor, foundation

        var name: String { self == .floor ? "C floor" : "Foundation" }
    }

    private static func speed(
        _ summary: ResultSummary,
        _ contender: String,
        _ shape: String,
        versus baseline: Baseline,
        atLeast threshold: Double
    ) -> TargetResult {
        let target = "\(contender) ≥ \(format(threshold))× \(baseline.name) on \(shape)"
        let rows = summary.comparison.filter { $0.contender == contender && $0.shape == shape }
            .sorted { $0.byteCount < $1.byteCount }
        func wall(_ row: ComparisonRow) -> Double? {
            baseline == .floor ? row.speedVersusFloor : row.speedVersusFoundation
        }
        func cpu(_ row: ComparisonRow) -> Double? {
            baseline == .floor ? row.cpuSpeedVersusFloor : row.cpuSpeedVersusFoundation
        }
        guard let largest = rows.last, let ratio = wall(largest) else {
            return TargetResult(target: target, measured: "-", verdict: .notMeasured)
        }
        var measured = "\(format(ratio))× at \(ByteFormat.size(largest.byteCount))"
        if let cpuRatio = cpu(largest) { measured += " (CPU time \(format(cpuRatio))×)" }
        let smaller = rows.dropLast().compactMap { row in
            wall(row).map { "\(ByteFormat.size(row.byteCount)) \(format($0))×" }
        }
        if !smaller.isEmpty { measured += "; " + smaller.joined(separator: ", ") }
        return TargetResult(target: target, measured: measured, verdict: ratio >= threshold ? .met : .missed)
    }

    /// One XMLEvents contender against another on the same documents, through their ratios to
    /// the C floor measured in the same repetitions.
    private static func relative(
        _ summary: ResultSummary,
        _ contender: String,
        to reference: String,
        on shape: String,
        atLeast threshold: Double
    ) -> TargetResult {
        let target = "\(contender) ≥ \(format(threshold))× \(reference) on \(shape)"
        let rows = summary.comparison.filter { $0.shape == shape }
        let sizes = Set(rows.map(\.byteCount)).sorted()
        for size in sizes.reversed() {
            let at = rows.filter { $0.byteCount == size }
            guard let measured = at.first(where: { $0.contender == contender }),
                let baseline = at.first(where: { $0.contender == reference }),
                let wall = measured.speedVersusFloor, let wallBaseline = baseline.speedVersusFloor, wallBaseline > 0
            else { continue }
            let ratio = wall / wallBaseline
            var text = "\(format(ratio))× at \(ByteFormat.size(size))"
            if let cpu = measured.cpuSpeedVersusFloor, let cpuBaseline = baseline.cpuSpeedVersusFloor, cpuBaseline > 0 {
                text += " (CPU time \(format(cpu / cpuBaseline))×)"
            }
            return TargetResult(target: target, measured: text, verdict: ratio >= threshold ? .met : .missed)
        }
        return TargetResult(target: target, measured: "-", verdict: .notMeasured)
    }

    private static func memory(_ summary: ResultSummary) -> [TargetResult] {
        let limit = 32 * 1_048_576
        let tolerance = 8 * 1_048_576
        let singles = summary.scaling.filter { $0.streams == 1 }
        let gigabyte = singles.first { $0.source == "generator" && $0.byteCount >= 1_000_000_000 }
        let tenFile = singles.first { $0.source == "file" && $0.byteCount == 10_000_000 }
        let tenGenerated = singles.first { $0.source == "generator" && $0.byteCount == 10_000_000 }
        guard let gigabyte else {
            return [
                TargetResult(target: "peak RSS streaming 1 GB ≤ 32 MiB", measured: "-", verdict: .notMeasured),
                TargetResult(
                    target: "peak RSS streaming 1 GB within 8 MiB of 10 MB", measured: "-", verdict: .notMeasured),
            ]
        }
        var results = [
            TargetResult(
                target: "peak RSS streaming 1 GB ≤ 32 MiB",
                measured: ByteFormat.memory(gigabyte.peakResidentBytes),
                verdict: gigabyte.peakResidentBytes <= limit ? .met : .missed
            )
        ]
        for (label, reference) in [("10 MB file", tenFile), ("10 MB generated", tenGenerated)] {
            guard let reference else { continue }
            let difference = gigabyte.peakResidentBytes - reference.peakResidentBytes
            results.append(
                TargetResult(
                    target: "peak RSS streaming 1 GB within 8 MiB of the \(label) run",
                    measured: "\(ByteFormat.memory(gigabyte.peakResidentBytes)) vs "
                        + "\(ByteFormat.memory(reference.peakResidentBytes)): "
                        + "\(difference >= 0 ? "+" : "-")\(ByteFormat.memory(abs(difference)))",
                    verdict: abs(difference) <= tolerance ? .met : .missed
                ))
        }
        return results
    }

    private static func scaling(_ summary: ResultSummary, coresForTwoTasks: [Double]) -> [TargetResult] {
        let pairs = summary.scaling.filter { $0.streams == 2 }.sorted { $0.byteCount < $1.byteCount }
        guard !pairs.isEmpty else {
            return [TargetResult(target: "2 concurrent streams ≥ 1.7× one", measured: "-", verdict: .notMeasured)]
        }
        return pairs.map { row in
            let target = "2 concurrent streams ≥ 1.7× one (\(ByteFormat.size(row.byteCount)) \(row.source))"
            guard let speedup = row.speedupVersusOneStream else {
                return TargetResult(target: target, measured: "-", verdict: .notMeasured)
            }
            // On a shared machine the process may get less than two cores; the CPU-time
            // efficiency says what two free cores would give.
            var measured = "\(format(speedup))× (the run got \(format(row.cpuUtilization)) cores"
            if let efficiency = row.cpuEfficiencyVersusOneStream {
                measured += "; CPU-time efficiency \(format(efficiency)) of one stream's"
            }
            if let fewest = coresForTwoTasks.min() {
                measured += "; two spinning tasks got \(format(fewest))"
            }
            measured += ")"
            return TargetResult(target: target, measured: measured, verdict: speedup >= 1.7 ? .met : .missed)
        }
    }

    static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
