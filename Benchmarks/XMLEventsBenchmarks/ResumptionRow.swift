/// One contender of the resumption runs: a line of the resumption table.
struct ResumptionRow: Codable, Sendable {
    var contender: String
    var title: String
    var byteCount: Int
    var repetitions: Int
    var medianSeconds: Double
    var megabytesPerSecond: Double
    /// Wall-clock throughput against the uncut transfer, within each repetition, median: 1 is
    /// as fast.
    var throughputVersusUncut: Double?
    /// The most continuations of any run.
    var resumptions: Int
    /// The most body bytes any run's server sent more than once.
    var sentTwiceBytes: Int
    /// The most bytes any run lost in flight to its resets.
    var lostInFlightBytes: Int
    /// The most bytes any run's server sent twice beyond what its cuts lost in flight: 0 when
    /// every continuation starts at the first byte the client lacks.
    var sentTwiceBeyondLossBytes: Int
    /// Whether every run's client counted each byte of the document once.
    var receivedEachByteOnce: Bool
}
