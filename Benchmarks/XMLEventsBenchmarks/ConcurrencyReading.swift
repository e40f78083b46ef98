/// What one concurrency run measured, carried from the child to the parent in
/// ``WorkloadMeasurement/metrics`` under stable keys (they appear in the JSON report's runs).
struct ConcurrencyReading: Sendable {
    /// The parses that ran at once.
    var parses: Int
    /// How often the timer woke before the parses were cancelled.
    var wakeUps: Int
    /// The timer's period.
    var periodSeconds: Double
    /// The latest wake-up: its time minus the time it was due.
    var worstLatenessSeconds: Double
    var medianLatenessSeconds: Double
    /// From `cancelAll()` to the end of the last parse.
    var cancelSeconds: Double
    /// The fewest items any parse had read when it ended: every parse ran during the window.
    var fewestItems: Int
    /// Whether the parses were cancelled before the timer's last wake-up because one of them was
    /// three quarters through the document (a machine fast enough to finish it before the timer).
    var stoppedEarly: Bool
    /// `ProcessInfo.activeProcessorCount` in the child: the figures mean what the issue says on 2.
    var activeProcessors: Int

    init(
        parses: Int,
        wakeUps: Int,
        periodSeconds: Double,
        worstLatenessSeconds: Double,
        medianLatenessSeconds: Double,
        cancelSeconds: Double,
        fewestItems: Int,
        stoppedEarly: Bool,
        activeProcessors: Int
    ) {
        self.parses = parses
        self.wakeUps = wakeUps
        self.periodSeconds = periodSeconds
        self.worstLatenessSeconds = worstLatenessSeconds
        self.medianLatenessSeconds = medianLatenessSeconds
        self.cancelSeconds = cancelSeconds
        self.fewestItems = fewestItems
        self.stoppedEarly = stoppedEarly
        self.activeProcessors = activeProcessors
    }

    /// The reading in `metrics`, or `nil` if they are another contender's.
    init?(metrics: [String: Double]?) {
        guard let metrics,
            let parses = metrics[Key.parses],
            let wakeUps = metrics[Key.wakeUps],
            let period = metrics[Key.periodSeconds],
            let worst = metrics[Key.worstLatenessSeconds],
            let median = metrics[Key.medianLatenessSeconds],
            let cancel = metrics[Key.cancelSeconds],
            let fewest = metrics[Key.fewestItems],
            let early = metrics[Key.stoppedEarly],
            let processors = metrics[Key.activeProcessors]
        else { return nil }
        self.parses = Int(parses)
        self.wakeUps = Int(wakeUps)
        periodSeconds = period
        worstLatenessSeconds = worst
        medianLatenessSeconds = median
        cancelSeconds = cancel
        fewestItems = Int(fewest)
        stoppedEarly = early != 0
        activeProcessors = Int(processors)
    }

    var metrics: [String: Double] {
        [
            Key.parses: Double(parses),
            Key.wakeUps: Double(wakeUps),
            Key.periodSeconds: periodSeconds,
            Key.worstLatenessSeconds: worstLatenessSeconds,
            Key.medianLatenessSeconds: medianLatenessSeconds,
            Key.cancelSeconds: cancelSeconds,
            Key.fewestItems: Double(fewestItems),
            Key.stoppedEarly: stoppedEarly ? 1 : 0,
            Key.activeProcessors: Double(activeProcessors),
        ]
    }

    private enum Key {
        static let parses = "concurrentParses"
        static let wakeUps = "timerWakeUps"
        static let periodSeconds = "timerPeriodSeconds"
        static let worstLatenessSeconds = "timerWorstLatenessSeconds"
        static let medianLatenessSeconds = "timerMedianLatenessSeconds"
        static let cancelSeconds = "cancelSeconds"
        static let fewestItems = "fewestItemsPerParse"
        static let stoppedEarly = "stoppedEarly"
        static let activeProcessors = "activeProcessors"
    }
}
