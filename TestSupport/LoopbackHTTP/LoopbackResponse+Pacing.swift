extension LoopbackResponse {
    /// How fast the body goes out.
    public enum Pacing: Sendable, Equatable {
        /// As fast as the client reads.
        case immediate

        /// `bytes` body bytes (at least 1), then a pause of `interval`, and so on to the end. The
        /// head goes out with the first piece; there is no pause after the last. Counts body
        /// bytes as sent, after content coding.
        case drip(bytes: Int, every: Duration)
    }
}
