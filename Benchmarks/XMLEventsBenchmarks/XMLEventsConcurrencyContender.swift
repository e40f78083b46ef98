import Foundation
import XMLEvents

/// Four parses of the same records file in a task group while a fifth task sleeps 25 ms at a
/// time: how late the timer wakes while the pool's threads all have parsing to do, and how long
/// cancelling the parses takes. One contender per tier: the owned scan, the visitor, `decode`.
///
/// After 40 wake-ups (about a second) the group's `cancelAll()` ends the parses; each must end
/// with `CancellationError`. None may finish the document, which would mean it was too small to
/// keep them busy throughout: the run fails. So that a fast machine does not fail the small
/// documents of a quick run, the parses are cancelled sooner, at once, when one of them is three
/// quarters through (the reading says so): a quarter of the document is left to cancel it in.
struct XMLEventsConcurrencyContender: Contender {
    /// What each parse does with the document.
    enum Tier: String, Sendable {
        case scan, visit, decode
    }

    let tier: Tier
    /// What the parses are, after their number: "owned scans".
    let parsesName: String
    let summary: String
    let reportedCounts: Set<WorkloadCounts.Field> = []

    var id: String { "concurrency-\(tier.rawValue)" }

    var title: String { "\(Self.parses) \(parsesName)" }

    static let scan = XMLEventsConcurrencyContender(
        tier: .scan, parsesName: "owned scans",
        summary: "Four `for try await` loops over `XMLEvents(path:)` with the scan workload, in a task group.")

    static let visit = XMLEventsConcurrencyContender(
        tier: .visit, parsesName: "visitor scans",
        summary: "Four `XMLEvents(path:).visit(_:)` calls with the scan visitor, in a task group.")

    static let decode = XMLEventsConcurrencyContender(
        tier: .decode, parsesName: "decodes",
        summary: "Four loops over `XMLEvents(path:).decode(_:matching:using:)` decoding every record, in a task group.")

    static let parses = 4
    static let period = Duration.milliseconds(25)
    static let wakeUps = 40

    /// How one parse ended.
    private enum ParseEnd: Sendable {
        case cancelled(at: ContinuousClock.Instant)
        case completed
        case failed(String)
    }

    /// What a child task of the group returns.
    private enum Finish: Sendable {
        case timer
        /// Whether a parse reached the mark (or the watcher was cancelled).
        case mark(reached: Bool)
        case parse(ParseEnd)
    }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        guard input.document.shape == .records else {
            throw BenchmarkError.parseFailed(contender: id, detail: "reads records documents only")
        }
        // Counted by the generator, untimed.
        let mark = ProgressMark(items: Swift.max(1, input.document.metadata().itemCount * 3 / 4))
        let itemName = input.itemName
        let tier = tier
        let progress = (0..<Self.parses).map { _ in ParseProgress(mark: mark) }
        let clock = ContinuousClock()
        let stopwatch = Stopwatch()
        let started = clock.now
        let timer = LatenessTimer(period: Self.period, wakeUps: Self.wakeUps)
        let (stoppedEarly, cancel) = try await withThrowingTaskGroup(of: Finish.self) { group in
            group.addTask {
                await timer.run(from: started)
                return .timer
            }
            group.addTask { .mark(reached: await mark.wait()) }
            for parse in progress {
                group.addTask { .parse(await Self.parse(path, tier: tier, itemName: itemName, progress: parse)) }
            }
            let first = try await group.next()
            switch first {
            case .timer, .mark(reached: true): break
            default: throw failure("a parse ended before cancelAll()", first, timer: timer)
            }
            let cancelled = clock.now
            group.cancelAll()
            var lastEnd = cancelled
            while let finish = try await group.next() {
                switch finish {
                case .parse(.cancelled(let end)): lastEnd = Swift.max(lastEnd, end)
                case .timer, .mark: break
                case .parse: throw failure("a parse did not end with CancellationError", finish, timer: timer)
                }
            }
            let stoppedEarly: Bool
            if case .mark = first { stoppedEarly = true } else { stoppedEarly = false }
            return (stoppedEarly, lastEnd - cancelled)
        }
        let elapsed = stopwatch.read()
        let lateness = timer.lateness
        let fewestItems = progress.map(\.items).min() ?? 0
        guard fewestItems > 0 else {
            throw BenchmarkError.parseFailed(contender: id, detail: "a parse read nothing while the timer ran")
        }
        let reading = ConcurrencyReading(
            parses: Self.parses,
            wakeUps: lateness.count,
            periodSeconds: Self.period.seconds,
            worstLatenessSeconds: lateness.max()?.seconds ?? 0,
            medianLatenessSeconds: SampleStatistics.median(lateness.map(\.seconds)),
            cancelSeconds: cancel.seconds,
            fewestItems: fewestItems,
            stoppedEarly: stoppedEarly,
            activeProcessors: ProcessInfo.processInfo.activeProcessorCount
        )
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: WorkloadCounts(),
            metrics: reading.metrics)
    }

    /// Parses the file once, telling `progress` of every item, until the end or cancellation.
    private static func parse(_ path: String, tier: Tier, itemName: String, progress: ParseProgress) async -> ParseEnd {
        do {
            switch tier {
            case .scan:
                _ = try await ScanWorkload.run(XMLEvents(path: path), itemName: itemName, progress: progress)
            case .visit:
                var visitor = ScanVisitor(itemName: itemName, progress: progress)
                try await XMLEvents(path: path).visit(&visitor)
            case .decode:
                let records = try XMLEvents(path: path).decode(
                    XMLEventsDecodeContender.Record.self, matching: itemName, using: XMLEventsDecodeContender.decoder)
                _ = try await XMLEventsDecodeContender.tally(records, progress: progress)
            }
            return .completed
        } catch is CancellationError {
            return .cancelled(at: .now)
        } catch {
            return .failed("\(error)")
        }
    }

    private func failure(_ what: String, _ finish: Finish?, timer: LatenessTimer) -> BenchmarkError {
        let detail: String
        switch finish {
        case .parse(.completed):
            detail =
                "it finished the document: too small to keep the parses busy for the timer, or parsing kept the timer "
                + "and the watcher from running"
        case .parse(.failed(let error)): detail = "it failed: \(error)"
        case .parse(.cancelled): detail = "it was cancelled before cancelAll()"
        case .timer, .mark: detail = "the timer or the watcher ended twice"
        case nil: detail = "the group ended"
        }
        return BenchmarkError.parseFailed(contender: id, detail: "\(what): \(detail) (\(timer.progressDescription))")
    }
}
