/// One encoding of the encodings runs: a line of the encodings table.
struct EncodingRow: Codable, Sendable {
    /// The key of the file's size in a run's metrics.
    static let fileBytesKey = "fileBytes"

    var encoding: String
    /// The plain document's size (UTF-8).
    var byteCount: Int
    /// The copy's size in its encoding.
    var fileBytes: Int
    var repetitions: Int
    /// Wall-clock throughput of `xmlevents` on the file, over the plain size.
    var megabytesPerSecond: Double
    /// The same of the C floor as a process on the same file.
    var floorMegabytesPerSecond: Double
    /// `xmlevents` against the C floor on the same file within each repetition: median, and spread
    /// ((max − min) / median).
    var versusFloor: Double?
    var versusFloorSpread: Double?
    /// `xmlevents` on this file against `xmlevents` on the plain document, within each repetition,
    /// median.
    var versusUTF8: Double?
}
