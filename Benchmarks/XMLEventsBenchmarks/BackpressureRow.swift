/// One consumer pace against the loopback server: a line of the backpressure table.
struct BackpressureRow: Codable, Sendable {
    var contender: String
    var title: String
    var shape: String
    var byteCount: Int
    var repetitions: Int
    /// The most bytes the client ever held between libcurl and the parser, over every run.
    var clientPeakBufferedBytes: Int
    /// The high watermark plus one libcurl write: what the client may hold.
    var clientBufferBoundBytes: Int
    var highWatermarkBytes: Int
    /// The largest lead of the server's body bytes written over the consumer's position, over
    /// every run.
    var serverLeadMaximumBytes: Int
    var medianSeconds: Double
    var megabytesPerSecond: Double
    var peakResidentBytes: Int

    /// Whether the client stayed within its bound.
    var isWithinBound: Bool { clientPeakBufferedBytes <= clientBufferBoundBytes }
}
