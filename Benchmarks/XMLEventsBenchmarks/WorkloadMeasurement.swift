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
    /// Bytes of strings the workload read, for the materialize workload: reported so the reads
    /// cannot be optimized away, and as a record of how much it looked at.
    var touchedBytes: Int?
    /// Readings particular to one contender (a slow consumer's buffered bytes, say), kept in the
    /// JSON report.
    var metrics: [String: Double]?
}
