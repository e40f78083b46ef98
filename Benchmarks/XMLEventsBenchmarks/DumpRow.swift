/// One format of the dumps runs: a line of the dumps table.
struct DumpRow: Codable, Sendable {
    /// The key of the compressed file's size in a run's metrics.
    static let compressedBytesKey = "compressedBytes"

    var format: String
    /// The plain document's size.
    var byteCount: Int
    var compressedBytes: Int
    var repetitions: Int
    /// Wall-clock throughput of `xmlevents dump.xml.<format>`, over the plain size.
    var fileMegabytesPerSecond: Double
    /// The same of `<tool> -dc dump.xml.<format> | xmlevents -`.
    var pipeMegabytesPerSecond: Double
    /// The same of `xmlevents dump.xml`.
    var plainMegabytesPerSecond: Double?
    /// The file's throughput against the pipe's within each repetition, median: 1 is as fast.
    var throughputVersusPipe: Double?
    /// The file's throughput against the plain file's within each repetition, median.
    var throughputVersusPlain: Double?
    /// The same of `<tool> -dc dump.xml.<format> > /dev/null`, where measured (the multistream file).
    var aloneMegabytesPerSecond: Double?
    /// The file's throughput against the tool's alone within each repetition: median, and spread
    /// ((max − min) / median).
    var throughputVersusAlone: Double?
    var throughputVersusAloneSpread: Double?
    /// The same of `lbzip2 -n2 -dc dump.xml.<format> > /dev/null`, where measured, and lbzip2's
    /// throughput against the tool's alone, median.
    var parallelAloneMegabytesPerSecond: Double?
    var parallelAloneVersusAlone: Double?
}
