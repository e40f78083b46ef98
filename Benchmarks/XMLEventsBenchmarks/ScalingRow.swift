/// The concurrent scan at one document size and one number of streams: a line of the scaling
/// and memory table.
struct ScalingRow: Codable, Sendable {
    var source: String
    var shape: String
    var byteCount: Int
    var streams: Int
    var repetitions: Int
    var medianSeconds: Double
    /// All streams' bytes per second of wall time, at the median time.
    var aggregateMegabytesPerSecond: Double
    var spread: Double
    /// Aggregate throughput relative to one stream of the same document, paired per repetition.
    var speedupVersusOneStream: Double?
    /// All streams' bytes per CPU-second of the process, at the median CPU time.
    var megabytesPerCPUSecond: Double
    /// Bytes per CPU-second relative to one stream, paired per repetition: 1 means concurrency
    /// costs nothing extra, so the wall-clock speedup is bounded only by the cores the machine
    /// gives the process (see `cpuUtilization`).
    var cpuEfficiencyVersusOneStream: Double?
    var cpuUtilization: Double
    var peakResidentBytes: Int
}
