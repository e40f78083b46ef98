import Foundation
import XMLCorpus

/// Runs the plan: every group's lanes take turns in child processes, repetition after
/// repetition, and every run's counts are checked as soon as it is back.
struct BenchmarkRunner {
    let plan: BenchmarkPlan
    let children: ChildProcessRunner
    let workspace: CorpusWorkspace
    /// A smoke run: one timed parse per child.
    let quick: Bool
    /// Progress lines, for a person watching a run of many minutes.
    let log: (String) -> Void

    /// Every run, the count deviations that were checked and accepted, and the cores two
    /// spinning tasks got before and after the scaling runs.
    struct Output {
        var records: [RunRecord]
        var notes: [String]
        var coresForTwoTasks: [Double]
    }

    func run() throws -> Output {
        var ledger = CountLedger()
        var records: [RunRecord] = []
        let total = plan.groups.reduce(0) { $0 + $1.lanes.count * $1.repetitions }
        var done = 0
        var probes: [Double] = []
        for (index, group) in plan.groups.enumerated() {
            let previous = index > 0 ? plan.groups[index - 1].kind : nil
            let next = index + 1 < plan.groups.count ? plan.groups[index + 1].kind : nil
            if group.kind == .scaling && previous != .scaling {
                probes.append(try coresForTwoTasks())
            }
            let document = group.document
            let source: DocumentSource
            if group.usesGenerator {
                log("counting \(describe(group)) from the generator")
                let metadata = workspace.metadata(forGenerated: document)
                try ledger.expect(ReferencePass.counts(generated: metadata), for: document)
                source = .generator
            } else {
                let file = try workspace.file(for: document)
                try ledger.expect(try workspace.referenceCounts(for: document), for: document)
                for lane in group.lanes {
                    try ContenderRoster.contender(id: lane.contender).prepare(file: file.path)
                }
                source = .file(path: file.path)
            }
            // A backpressure run is one transfer watched throughout, a concurrency run one window of
            // a timer: a warm-up or a median of several would only repeat it, its readings being
            // maxima.
            let isOneWatchedRun = group.kind == .backpressure || group.kind == .concurrency
            for repetition in 0..<group.repetitions {
                // Rotating the order spreads any drift of the machine's load, and any advantage
                // of going first or last, over every lane.
                let offset = repetition % group.lanes.count
                let order = group.lanes[offset...] + group.lanes[..<offset]
                for lane in order {
                    let request = ChildRequest(
                        contender: lane.contender,
                        document: document,
                        source: source,
                        streams: lane.streams,
                        warmUp: !isOneWatchedRun && document.byteCount <= 16 * BenchmarkPlan.megabyte,
                        timedRuns: isOneWatchedRun ? 1 : timedRuns(parsing: document.byteCount * lane.streams)
                    )
                    let outcome = try children.run(request)
                    let measurement = outcome.report.measurement
                    let expected = try ContenderRoster.contender(id: lane.contender).reportedCounts
                    let missing = expected.filter { !measurement.counts.has($0) }.map(\.rawValue).sorted()
                    guard missing.isEmpty else {
                        throw BenchmarkError.countMismatch(
                            "\(lane.contender) on \(describe(group)) reported no \(missing.joined(separator: ", ")), "
                                + "which it must report to be checked")
                    }
                    try ledger.check(measurement.counts, for: document, reportedBy: lane.contender)
                    let record = RunRecord(
                        kind: group.kind,
                        shape: document.shape.rawValue,
                        byteCount: document.byteCount,
                        source: source.label,
                        contender: lane.contender,
                        streams: lane.streams,
                        repetition: repetition,
                        timedRuns: request.timedRuns,
                        seconds: measurement.seconds,
                        cpuSeconds: measurement.cpuSeconds,
                        peakResidentBytes: measurement.peakResidentBytes ?? outcome.peakResidentBytes,
                        counts: measurement.counts,
                        metrics: measurement.metrics
                    )
                    records.append(record)
                    done += 1
                    let rate = String(
                        format: "%.1f", Double(record.parsedBytes) / 1e6 / Swift.max(record.seconds, 1e-9))
                    let cpu = String(format: "%.0f", 100 * record.cpuSeconds / Swift.max(record.seconds, 1e-9))
                    var line =
                        "[\(done)/\(total)] \(describe(group)) \(lane.contender) ×\(lane.streams) "
                        + "rep \(repetition + 1) (median of \(request.timedRuns)): \(rate) MB/s, cpu \(cpu)%, "
                        + "peak \(ByteFormat.memory(record.peakResidentBytes))"
                    if let reading = BackpressureReading(metrics: record.metrics) {
                        line +=
                            ", client buffered ≤ \(ByteFormat.kibibytes(reading.clientPeakBufferedBytes)) "
                            + "(bound \(ByteFormat.kibibytes(reading.clientBufferBoundBytes))), server ahead ≤ "
                            + "\(ByteFormat.kibibytes(reading.serverLeadMaximumBytes))"
                    }
                    if let reading = ResumptionReading(metrics: record.metrics) {
                        line +=
                            ", \(reading.resumptions) resumptions, \(reading.sentTwiceBytes) B sent twice "
                            + "(\(reading.lostInFlightBytes) B lost in flight)"
                    }
                    if let reading = MainActorScanReading(metrics: record.metrics) {
                        line +=
                            ", main actor busy ≤ \(TimeFormat.milliseconds(reading.longestBusySeconds)), main thread "
                            + String(format: "%.0f%%", 100 * reading.mainThreadShare) + " of the CPU"
                    }
                    if let reading = ConcurrencyReading(metrics: record.metrics) {
                        line +=
                            ", timer late ≤ \(TimeFormat.milliseconds(reading.worstLatenessSeconds)) (median "
                            + "\(TimeFormat.milliseconds(reading.medianLatenessSeconds)), \(reading.wakeUps) wake-ups), "
                            + "cancelled in \(TimeFormat.milliseconds(reading.cancelSeconds))"
                    }
                    log(line)
                }
            }
            try ledger.finish(document)
            if group.kind == .scaling && next != .scaling {
                probes.append(try coresForTwoTasks())
            }
        }
        return Output(records: records, notes: ledger.notes, coresForTwoTasks: probes)
    }

    /// CPU time over wall time of two tasks that only compute.
    private func coresForTwoTasks() throws -> Double {
        let request = ChildRequest(
            contender: ContenderRoster.coreProbe.id,
            document: CorpusDocument(shape: .records, targetByteCount: 0),
            source: .generator,
            streams: 2,
            warmUp: false
        )
        let measurement = try children.run(request).report.measurement
        let cores = measurement.cpuSeconds / Swift.max(measurement.seconds, 1e-9)
        log("two spinning tasks got \(String(format: "%.2f", cores)) cores")
        return cores
    }

    /// Enough timed parses in one child for about 20 MB of document (at most 20), so that the
    /// 1 MB runs take long enough to time; one for big runs, and always one in a quick run.
    private func timedRuns(parsing bytes: Int) -> Int {
        guard !quick else { return 1 }
        return Swift.min(20, Swift.max(1, 20 * BenchmarkPlan.megabyte / Swift.max(bytes, 1)))
    }

    /// The peak RSS of a child that parses nothing.
    func baselineResidentBytes() throws -> Int {
        let request = ChildRequest(
            contender: ContenderRoster.baseline.id,
            document: CorpusDocument(shape: .records, targetByteCount: 0),
            source: .generator,
            streams: 1,
            warmUp: false
        )
        return try children.run(request).peakResidentBytes
    }

    private func describe(_ group: BenchmarkPlan.Group) -> String {
        "\(group.document.shape.rawValue) \(ByteFormat.size(group.document.byteCount))"
            + (group.usesGenerator ? " (generator)" : "")
    }
}
