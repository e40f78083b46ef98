import Foundation

/// Everything a run produced, for machines: written by `--json PATH`.
struct BenchmarkReport: Codable, Sendable {
    var machine: MachineDescription
    var quick: Bool
    /// The command that made the run, as the documentation quotes it.
    var command: String?
    /// The peak RSS of a child process that parses nothing.
    var baselineResidentBytes: Int?
    var comparison: [ComparisonRow]
    var scaling: [ScalingRow]
    /// The slow and fast consumers over loopback HTTP: client buffer and server lead.
    var backpressure: [BackpressureRow]
    /// The same document uncut and cut ten times: cost of resuming, bytes sent twice. Absent from
    /// reports made before it was measured.
    var resumption: [ResumptionRow]?
    /// The owned scan on the main actor against the same nonisolated: speed, how long the main
    /// actor stayed busy, the main thread's share of the CPU. Absent from reports made before it
    /// was measured.
    var mainActor: [MainActorRow]?
    /// Parses beside a 25 ms timer, then cancelled: the timer's lateness, the time to cancel.
    /// Absent from reports made before it was measured.
    var concurrency: [ConcurrencyRow]?
    /// `xmlevents` on compressed files against a pipe from each format's tool. Absent from
    /// reports made before it was measured.
    var dumps: [DumpRow]?
    /// `xmlevents` and the C floor on the document in UTF-8, ISO-8859-1 and UTF-16. Absent from
    /// reports made before it was measured.
    var encodings: [EncodingRow]?
    /// CPU time over wall time of two spinning tasks, before and after the scaling runs.
    var coresForTwoTasks: [Double]
    var targets: [TargetResult]
    /// Count deviations that were checked and accepted (Foundation's entity text).
    var notes: [String]
    /// Every child run, unreduced.
    var runs: [RunRecord]

}
