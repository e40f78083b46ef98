/// One child run, as measured: the raw material of every summary, kept whole in the JSON report.
struct RunRecord: Codable, Sendable {
    var kind: BenchmarkPlan.Kind
    var shape: String
    var byteCount: Int
    var source: String
    var contender: String
    var streams: Int
    var repetition: Int
    /// Timed parses in the child; `seconds` and `cpuSeconds` are their medians.
    var timedRuns: Int
    var seconds: Double
    var cpuSeconds: Double
    /// The child's peak RSS (VmHWM, read by the child), or the tool's for a contender that runs
    /// one (see ``WorkloadMeasurement/peakResidentBytes``).
    var peakResidentBytes: Int
    var counts: WorkloadCounts
    var metrics: [String: Double]?

    /// Document bytes parsed in the run, over every stream.
    var parsedBytes: Int { byteCount * streams }
}
