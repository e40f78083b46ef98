import Synchronization

/// A task that sleeps a period at a time and notes how late each wake-up is, its log readable by
/// other tasks while it runs: what a timer in a program sees of the work beside it.
final class LatenessTimer: Sendable {
    private struct Log {
        var lateness: [Duration] = []
        /// When the pending wake-up is due, while the timer sleeps.
        var due: ContinuousClock.Instant?
    }

    let period: Duration
    let wakeUps: Int
    private let log = Mutex(Log())

    init(period: Duration, wakeUps: Int) {
        self.period = period
        self.wakeUps = wakeUps
    }

    /// Sleeps `period` at a time until it has woken `wakeUps` times or its task is cancelled. The
    /// first sleep counts from `start`, so that a timer task slow to start is late too.
    func run(from start: ContinuousClock.Instant) async {
        var due = start + period
        for _ in 0..<wakeUps {
            log.withLock { $0.due = due }
            do {
                try await Task.sleep(until: due, clock: .continuous)
            } catch {
                break
            }
            let now = ContinuousClock.now
            log.withLock { $0.lateness.append(now - due) }
            due = now + period
        }
        log.withLock { $0.due = nil }
    }

    /// Each wake-up's time minus the time it was due, so far.
    var lateness: [Duration] { log.withLock { $0.lateness } }

    /// What the timer has seen so far, for a failure's message: its wake-ups, and how overdue the
    /// pending one is.
    var progressDescription: String {
        let now = ContinuousClock.now
        let (lateness, due) = log.withLock { ($0.lateness, $0.due) }
        var text = "the timer had woken \(lateness.count == 1 ? "once" : "\(lateness.count) times")"
        if let worst = lateness.max() { text += ", at worst \(TimeFormat.milliseconds(worst.seconds)) late" }
        if let due, now > due {
            text += "; its next wake-up was \(TimeFormat.milliseconds((now - due).seconds)) overdue"
        }
        return text
    }
}
