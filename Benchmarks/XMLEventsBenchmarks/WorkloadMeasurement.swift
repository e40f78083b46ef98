/// The outcome of one timed run: how long the parse took and what it counted.
struct WorkloadMeasurement: Codable, Sendable {
    /// Wall-clock time of the timed region only (setup such as loading a file into memory for
    /// the in-memory contender is outside it).
    var seconds: Double
    /// CPU time of the whole process (all threads) over the same region.
    var cpuSeconds: Double
    /// The counts of one document; a run over several streams reports them once, after
    /// checking every stream agreed.
    var counts: WorkloadCounts
    /// The peak RSS of the process that parsed, for a contender that runs a tool of its own
    /// (`ru_maxrss` from `wait4`, which on Linux is at least the spawning process's resident size
    /// at the spawn: exec keeps the high-water mark of the address space it replaces); `nil`
    /// for a contender that parses in the child itself, whose own peak is read.
    var peakResidentBytes: Int?
    /// Readings particular to one contender (a slow consumer's buffered bytes, say), kept in the
    /// JSON report.
    var metrics: [String: Double]?
}
