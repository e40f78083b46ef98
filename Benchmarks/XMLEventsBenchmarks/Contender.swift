/// One way of parsing a document that the benchmarks time.
///
/// A contender is a small value registered in ``ContenderRoster``; the runner only ever calls
/// ``measure(_:)`` in a fresh child process, so a contender may do whatever setup it needs
/// (start a server, load a file) without disturbing the others' memory readings.
protocol Contender: Sendable {
    /// Stable identifier, used in child requests, on the command line and in the JSON report.
    var id: String { get }
    /// Label for the table and the chart.
    var title: String { get }
    /// What the contender measures, in a sentence or two of Markdown, for the documentation's
    /// table of contenders.
    var summary: String { get }
    /// The counts every measurement must report, so that the ledger checks them: a contender
    /// that stops reporting one (because it stopped doing the work behind it) fails the run.
    /// Default: the scan workload's counts.
    var reportedCounts: Set<WorkloadCounts.Field> { get }
    /// Parses the input once, times the parse itself, and reports what it counted.
    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement
    /// Untimed work on a generated file, done once in the parent before any run reads it.
    func prepare(file path: String) throws
    /// The readings of several timed runs in one child (see ``WorkloadMeasurement/metrics``) as
    /// the one the child reports. Default: the first run's.
    func combinedMetrics(_ runs: [[String: Double]]) -> [String: Double]?
}

extension Contender {
    func prepare(file path: String) throws {}

    func combinedMetrics(_ runs: [[String: Double]]) -> [String: Double]? { runs.first }

    var summary: String { title }

    var reportedCounts: Set<WorkloadCounts.Field> { WorkloadCounts.Field.scan }
}
