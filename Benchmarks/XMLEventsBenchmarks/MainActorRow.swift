/// The owned scan on the main actor against the same scan nonisolated, on one document: a line
/// of the main-actor table.
struct MainActorRow: Codable, Sendable {
    var shape: String
    var byteCount: Int
    var repetitions: Int
    /// The main-actor loop's document bytes per second of wall time, at the median time.
    var megabytesPerSecond: Double
    var megabytesPerCPUSecond: Double
    /// Speed relative to the nonisolated owned scan: its time / this time, paired per
    /// repetition, median; on wall-clock time and on the process's CPU time.
    var speedVersusNonisolated: Double?
    var cpuSpeedVersusNonisolated: Double?
    /// The longest gap between two wake-ups of a main-actor task sleeping 1 ms at a time, over
    /// every run: the longest the main actor stayed busy, plus the sleep.
    var longestBusySeconds: Double
    /// The main thread's CPU time over the process's during the loop: the largest and the median
    /// over runs.
    var largestMainThreadShare: Double
    var medianMainThreadShare: Double
    /// The fewest wake-ups of that task in any run.
    var fewestTickerWakeUps: Int
}
