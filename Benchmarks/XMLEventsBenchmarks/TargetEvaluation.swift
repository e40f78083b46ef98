import Foundation

/// Measures the results against the issue's targets: timings reported, bounds asserted (see
/// ``TargetResult``).
enum TargetEvaluation {
    /// The issue's targets, judged on the largest comparison document (100 MB in a full run:
    /// steady state, start-up costs amortized), on CPU-time ratios within each repetition unless
    /// the target says wall clock.
    ///
    /// A quick run's timings are shown but not judged; its bounds are.
    static func evaluate(
        _ summary: ResultSummary,
        records: [RunRecord],
        coresForTwoTasks: [Double],
        quick: Bool
    ) -> [TargetResult] {
        let ratios = PairedRatios(records: records.filter { $0.kind == .comparison })
        let floor = ContenderRoster.floorID
        var results: [TargetResult] = []
        for shape in ["records", "text", "ns"] {
            results.append(ratios.target("xmlevents-visit", versus: floor, on: shape, atLeast: 0.9))
        }
        // The same ratio read against C doing the visitor's own work on the same 4 KiB steps.
        for shape in ["records", "text", "ns"] {
            results.append(
                ratios.target(
                    "xmlevents-visit", versus: CLibXML2FloorContender.visitorWork.id, on: shape, atLeast: 0.9,
                    note: "the same work in C"))
        }
        for (shape, threshold) in [("records", 0.65), ("text", 0.75), ("ns", 0.65)] {
            results.append(ratios.target("xmlevents-scan", versus: floor, on: shape, atLeast: threshold))
        }
        for (shape, threshold) in [("records", 2.0), ("text", 1.6), ("ns", 2.0)] {
            results.append(
                ratios.target("xmlevents-scan", versus: ContenderRoster.foundationID, on: shape, atLeast: threshold))
        }
        for shape in ["records", "ns"] {
            results.append(ratios.target("xmlevents-materialize", versus: floor, on: shape, atLeast: 0.45))
        }
        results.append(ratios.target("xmlevents-decode-one-parser", versus: floor, on: "records", atLeast: 0.5))
        results.append(contentsOf: parallel(ratios, floor: floor))
        for pair in ContenderRoster.pairs {
            for shape in ["records", "text", "ns"] {
                results.append(ratios.target(pair.contender, versus: pair.baseline, on: shape, atLeast: pair.atLeast))
            }
        }
        for shape in ["records", "text", "ns"] {
            results.append(
                ratios.target(
                    "xmlevents-cli-1-job", versus: "c-floor-process", on: shape, atLeast: 0.85, time: .wall,
                    note: "one parser, process start included"))
        }
        for shape in ["records", "text", "ns"] {
            results.append(
                ratios.target(
                    "xmlevents-cli-1-job", versus: "c-summary-process", on: shape, atLeast: 0.85, time: .wall,
                    note: "the summary's work in C, process start included"))
        }
        results.append(
            ratios.target("xmlevents-http", versus: "xmlevents-scan", on: "records", atLeast: 0.85, time: .wall))
        results.append(
            ratios.target(
                "xmlevents-async-bytes", versus: "xmlevents-async-stream", on: "records", atLeast: 0.5,
                note: "a byte-at-a-time source against the same bytes as Data chunks"))
        results.append(contentsOf: memory(summary))
        results.append(contentsOf: scaling(summary, coresForTwoTasks: coresForTwoTasks))
        results.append(backpressure(summary))
        results.append(resumption(summary))
        results.append(contentsOf: dumps(summary))
        results.append(multistreamDump(summary))
        results.append(contentsOf: encodings(summary))
        results.append(contentsOf: concurrency(summary, records: records))
        guard quick else { return results }
        return results.map { result in
            var result = result
            if result.kind == .timing && result.verdict != .notMeasured { result.verdict = .notJudged }
            return result
        }
    }

    /// Parsing one document on several cores: each tier against itself with one parser (wall
    /// clock, and CPU time within 1.3× of it), decode against the floor, the command-line
    /// tool's summary against the floor as a process.
    static func parallel(_ ratios: PairedRatios, floor: String) -> [TargetResult] {
        var results: [TargetResult] = []
        for pair in ContenderRoster.parallelPairs {
            for shape in ["records", "text", "ns"] {
                results.append(
                    ratios.target(
                        pair.contender, versus: pair.baseline, on: shape, atLeast: pair.atLeast, time: .wall,
                        note: "every core against one parser"))
                results.append(
                    ratios.target(
                        pair.contender, versus: pair.baseline, on: shape, atLeast: 1 / 1.3,
                        note: "the CPU time every core costs, at most 1.3× one parser's"))
            }
        }
        results.append(ratios.target("xmlevents-decode", versus: floor, on: "records", atLeast: 0.6, time: .wall))
        results.append(ratios.target("xmlevents-elements", versus: floor, on: "records", atLeast: 0.5, time: .wall))
        for shape in ["records", "text", "ns"] {
            results.append(
                ratios.target(
                    "xmlevents-cli", versus: "c-floor-process", on: shape, atLeast: 1.2, time: .wall,
                    note: "every core, process start included"))
        }
        return results
    }

    /// Where parsing runs: the main-actor loop's speed against the nonisolated loop's (a timing),
    /// and the bounds on the main actor's busy stretches, the main thread's share of the CPU, a
    /// timer's lateness beside parses and the time to cancel them.
    static func concurrency(_ summary: ResultSummary, records: [RunRecord]) -> [TargetResult] {
        let ratios = PairedRatios(records: records.filter { $0.kind == .comparison })
        // Throughput, so wall clock: the loop's body runs on the main thread while the next batch
        // is parsed on the pool, and what the two cores do at once is the point. (Its CPU time
        // is shown beside it: handing batches over costs some.)
        var results = [
            ratios.target(
                ContenderRoster.mainActorScanID, versus: ContenderRoster.scanID, on: "records", atLeast: 0.9,
                time: .wall, note: "loop body on the main thread, the next batch parsed off it meanwhile")
        ]
        results += mainActorBounds(summary.mainActor)
        let period = TimeFormat.wholeMilliseconds(XMLEventsConcurrencyContender.period)
        let limit = 0.05
        for contender in ContenderRoster.concurrency {
            let lateness = "a \(period) timer is at most 50 ms late while \(contender.title) parse"
            let cancel = "cancelling \(contender.title) ends them within 50 ms"
            guard
                let row = summary.concurrency.filter({ $0.contender == contender.id }).max(by: {
                    $0.byteCount < $1.byteCount
                })
            else {
                results += [lateness, cancel].map {
                    TargetResult(target: $0, measured: "-", verdict: .notMeasured, kind: .bound)
                }
                continue
            }
            let size = ByteFormat.size(row.byteCount)
            var cores =
                row.mostActiveProcessors == 2 && row.fewestActiveProcessors == 2
                ? "2 cores" : "\(row.activeProcessorsLabel) cores (the issue's figures are for 2)"
            if row.runsStoppedEarly > 0 {
                cores += "; \(row.runsStoppedEarly) of \(row.repetitions) stopped early, a parse 3/4 through"
            }
            results.append(
                TargetResult(
                    target: "\(lateness) \(size)",
                    measured: "worst \(TimeFormat.milliseconds(row.worstLatenessSeconds)), median "
                        + "\(TimeFormat.milliseconds(row.medianLatenessSeconds)) over \(row.wakeUps) wake-ups in "
                        + "\(row.repetitions) \(row.repetitions == 1 ? "run" : "runs"); \(cores)",
                    verdict: row.worstLatenessSeconds <= limit ? .met : .missed,
                    kind: .bound))
            results.append(
                TargetResult(
                    target: "\(cancel) (\(size))",
                    measured: "worst \(TimeFormat.milliseconds(row.worstCancelSeconds)), median "
                        + "\(TimeFormat.milliseconds(row.medianCancelSeconds)); \(cores)",
                    verdict: row.worstCancelSeconds <= limit ? .met : .missed,
                    kind: .bound))
        }
        return results
    }

    /// The main actor's longest busy stretch and the main thread's largest share of the CPU, over
    /// every main-actor loop of the comparison of 10 MB or more: a loop over a smaller document
    /// lasts a few milliseconds, too short for a share of the CPU or a busy stretch to mean
    /// anything (its figures are shown, not judged, as in a quick run).
    private static func mainActorBounds(_ allRows: [MainActorRow]) -> [TargetResult] {
        let busy = "a main-actor loop leaves the main actor free at least every 50 ms"
        let share = "the main thread does at most half of the process's CPU during a main-actor loop"
        let rows = allRows.filter { $0.byteCount >= 10 * BenchmarkPlan.megabyte }
        guard !rows.isEmpty || allRows.isEmpty else {
            return mainActorBounds(judging: allRows, busy: busy, share: share).map { result in
                var result = result
                result.verdict = .notJudged
                return result
            }
        }
        return mainActorBounds(judging: rows, busy: busy, share: share)
    }

    private static func mainActorBounds(judging rows: [MainActorRow], busy: String, share: String) -> [TargetResult] {
        guard let longest = rows.max(by: { $0.longestBusySeconds < $1.longestBusySeconds }),
            let largest = rows.max(by: { $0.largestMainThreadShare < $1.largestMainThreadShare })
        else {
            return [busy, share].map { TargetResult(target: $0, measured: "-", verdict: .notMeasured, kind: .bound) }
        }
        let count = rows.map(\.repetitions).reduce(0, +)
        let runs = count == 1 ? "1 run" : "\(count) runs"
        func place(_ row: MainActorRow) -> String { "\(row.shape) \(ByteFormat.size(row.byteCount))" }
        return [
            TargetResult(
                target: busy,
                measured: "longest busy stretch \(TimeFormat.milliseconds(longest.longestBusySeconds)) "
                    + "(\(place(longest)); 1 ms ticks, \(runs))",
                verdict: longest.longestBusySeconds <= 0.05 ? .met : .missed,
                kind: .bound),
            TargetResult(
                target: share,
                measured: "largest share " + String(format: "%.0f%%", 100 * largest.largestMainThreadShare)
                    + " (\(place(largest)); \(runs))",
                verdict: largest.largestMainThreadShare <= 0.5 ? .met : .missed,
                kind: .bound),
        ]
    }

    /// Judged on the stream's own high-water mark, which is exact, at every consumer pace.
    private static func backpressure(_ summary: ResultSummary) -> TargetResult {
        let target = "client never buffers more than the high watermark plus one libcurl write"
        let rows = summary.backpressure
        guard let first = rows.first else {
            return TargetResult(target: target, measured: "-", verdict: .notMeasured, kind: .bound)
        }
        let peaks = rows.map { "\($0.title) \(ByteFormat.kibibytes($0.clientPeakBufferedBytes))" }
        let write = first.clientBufferBoundBytes - first.highWatermarkBytes
        let measured =
            "peak " + peaks.joined(separator: ", ") + " at \(ByteFormat.size(first.byteCount)); bound "
            + "\(ByteFormat.kibibytes(first.clientBufferBoundBytes)) = \(ByteFormat.kibibytes(first.highWatermarkBytes)) "
            + "+ \(ByteFormat.kibibytes(write))"
        return TargetResult(
            target: target, measured: measured, verdict: rows.allSatisfy(\.isWithinBound) ? .met : .missed,
            kind: .bound)
    }

    /// `xmlevents dump.xml.<format>` against `<tool> -dc | xmlevents -`, the largest document's.
    private static func dumps(_ summary: ResultSummary) -> [TargetResult] {
        XMLEventsDumpContender.formats.map { format in
            dumpTarget(
                "xmlevents dump.xml\(format.suffix) ≥ 0.9× \(format.decompress) | xmlevents - (wall)", format, summary,
                \.throughputVersusPipe, atLeast: 0.9)
        }
    }

    /// `xmlevents` on a copy of the document in another encoding against the C floor on the same
    /// copy, the largest document's: libxml2 converts it, and the package's bookkeeping must not
    /// convert it again (asking libxml2 for each start tag's byte offset once converted every
    /// byte it held back, and ran at a tenth of the floor).
    private static func encodings(_ summary: ResultSummary) -> [TargetResult] {
        XMLEventsEncodingContender.encodings.map { encoding in
            let target = "xmlevents on \(encoding.name) ≥ 0.4× the C floor (process) on the same file (wall)"
            guard
                let row = summary.encodings.filter({ $0.encoding == encoding.name })
                    .max(by: { $0.byteCount < $1.byteCount }),
                let measured = row.versusFloor
            else { return TargetResult(target: target, measured: "-", verdict: .notMeasured) }
            return TargetResult(
                target: target,
                measured: String(
                    format: "%.2f× at %@ (%.0f MB/s; UTF-8 %@)", measured, ByteFormat.size(row.byteCount),
                    row.megabytesPerSecond,
                    summary.encodings.first { $0.encoding == "UTF-8" && $0.byteCount == row.byteCount }
                        .flatMap(\.versusFloor).map { String(format: "%.2f×", $0) } ?? "-"),
                verdict: measured >= 0.4 ? .met : .missed)
        }
    }

    /// `xmlevents dump.xml.ms.bz2` against `bzip2 -dc dump.xml.ms.bz2 > /dev/null`, the largest
    /// document's: its streams decoded on both cores.
    private static func multistreamDump(_ summary: ResultSummary) -> TargetResult {
        let format = XMLEventsDumpContender.multistreamBzip2
        return dumpTarget(
            "xmlevents dump.xml\(format.suffix) ≥ 1.5× \(format.decompress) alone (wall)", format, summary,
            \.throughputVersusAlone, atLeast: 1.5)
    }

    /// `target`, judged on `ratio` of `format`'s row for the largest document.
    private static func dumpTarget(
        _ target: String, _ format: XMLEventsDumpContender.Format, _ summary: ResultSummary,
        _ ratio: KeyPath<DumpRow, Double?>, atLeast bound: Double
    ) -> TargetResult {
        guard let row = summary.dumps.filter({ $0.format == format.name }).max(by: { $0.byteCount < $1.byteCount }),
            let measured = row[keyPath: ratio]
        else { return TargetResult(target: target, measured: "-", verdict: .notMeasured) }
        return TargetResult(
            target: target,
            measured: String(
                format: "%.2f× at %@ (%.0f MB/s)", measured, ByteFormat.size(row.byteCount),
                row.fileMegabytesPerSecond),
            verdict: measured >= bound ? .met : .missed)
    }

    /// Judged on the server's own count of body bytes written, which is exact.
    private static func resumption(_ summary: ResultSummary) -> TargetResult {
        let target = "a resumed transfer sends no byte twice beyond what its cuts lose in flight"
        guard let cut = summary.resumption.filter({ $0.resumptions > 0 }).max(by: { $0.byteCount < $1.byteCount })
        else {
            return TargetResult(target: target, measured: "-", verdict: .notMeasured, kind: .bound)
        }
        let rows = summary.resumption
        let met = rows.allSatisfy { $0.sentTwiceBeyondLossBytes == 0 && $0.receivedEachByteOnce }
        let throughput = cut.throughputVersusUncut.map { String(format: ", %.2f× uncut throughput", $0) } ?? ""
        let measured =
            "\(cut.resumptions) resumptions of \(ByteFormat.size(cut.byteCount)): \(cut.sentTwiceBytes) B sent twice, "
            + "\(cut.lostInFlightBytes) B lost in flight\(throughput)"
        return TargetResult(target: target, measured: measured, verdict: met ? .met : .missed, kind: .bound)
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
                TargetResult(
                    target: "peak RSS streaming 1 GB ≤ 32 MiB", measured: "-", verdict: .notMeasured, kind: .bound),
                TargetResult(
                    target: "peak RSS streaming 1 GB within 8 MiB of 10 MB", measured: "-", verdict: .notMeasured,
                    kind: .bound),
            ]
        }
        var results = [
            TargetResult(
                target: "peak RSS streaming 1 GB ≤ 32 MiB",
                measured: ByteFormat.memory(gigabyte.peakResidentBytes),
                verdict: gigabyte.peakResidentBytes <= limit ? .met : .missed,
                kind: .bound
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
                    verdict: abs(difference) <= tolerance ? .met : .missed,
                    kind: .bound
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
