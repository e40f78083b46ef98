/// One contender on one document, over its repetitions: a line of the comparison table.
struct ComparisonRow: Codable, Sendable {
    var contender: String
    var title: String
    var shape: String
    var byteCount: Int
    var repetitions: Int
    var medianSeconds: Double
    /// Document bytes (10^6 per MB) per second of wall time, at the median time.
    var megabytesPerSecond: Double
    /// Document bytes per CPU-second of the process, at the median CPU time: far steadier than
    /// wall time on a machine shared with other work.
    var megabytesPerCPUSecond: Double
    /// Start elements per second of wall time, at the median time: the same for every
    /// contender's count (they are checked equal), so it ranks like MB/s but reads per element.
    var elementsPerSecond: Double
    /// (max − min) / median of the wall times.
    var spread: Double
    /// Speed relative to the C floor: floor time / this time, paired per repetition, median.
    var speedVersusFloor: Double?
    /// Speed relative to Foundation's parser, the same way.
    var speedVersusFoundation: Double?
    /// The same ratio on CPU time instead of wall time, which the machine's other load
    /// disturbs much less.
    var cpuSpeedVersusFloor: Double?
    var cpuSpeedVersusFoundation: Double?
    /// (max − min) / median of the per-repetition CPU-time ratios to the floor: how far the
    /// ratio itself moved between repetitions.
    var cpuSpeedVersusFloorSpread: Double?
    /// The same for the CPU-time ratios to Foundation.
    var cpuSpeedVersusFoundationSpread: Double?
    /// CPU time / wall time, median: above 1 when the run kept more than one core busy.
    var cpuUtilization: Double
    /// The highest peak RSS of any of its runs.
    var peakResidentBytes: Int
}
