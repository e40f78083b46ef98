/// One tier's parses beside a timer, then cancelled, over its repetitions: a line of the
/// concurrency table.
struct ConcurrencyRow: Codable, Sendable {
    var contender: String
    var title: String
    var byteCount: Int
    var repetitions: Int
    /// The parses that ran at once.
    var parses: Int
    var periodSeconds: Double
    /// The timer's wake-ups over every run, and the fewest of any run.
    var wakeUps: Int
    var fewestWakeUps: Int
    /// The latest wake-up of any run, and the median of the runs' medians.
    var worstLatenessSeconds: Double
    var medianLatenessSeconds: Double
    /// From `cancelAll()` to the end of the last parse: the longest and the median over runs.
    var worstCancelSeconds: Double
    var medianCancelSeconds: Double
    /// The runs cancelled before the timer's last wake-up, because a parse was three quarters
    /// through the document.
    var runsStoppedEarly: Int
    /// The fewest items any parse had read when it ended, over every run.
    var fewestItemsPerParse: Int
    /// The fewest and most active processors any run's child saw: the figures mean what the
    /// issue says on 2.
    var fewestActiveProcessors: Int
    var mostActiveProcessors: Int

    /// The active processors of the runs: one number, or a range if they varied.
    var activeProcessorsLabel: String {
        fewestActiveProcessors == mostActiveProcessors
            ? String(fewestActiveProcessors) : "\(fewestActiveProcessors)–\(mostActiveProcessors)"
    }
}
