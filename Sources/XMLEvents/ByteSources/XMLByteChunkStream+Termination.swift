extension XMLByteChunkStream {
    /// Why a stream ended, as reported to ``Source/onTermination`` exactly once.
    public enum Termination: Sendable, Hashable {
        /// The consumer received the end (or the error) after ``Source/finish(throwing:)``:
        /// everything written was delivered.
        case finished
        /// The consumer went away before the end: its task was cancelled, its iterator was dropped
        /// (for example by `break`), or the stream was dropped without ever being iterated.
        /// Buffered chunks were discarded and further writes throw
        /// ``XMLByteSourceError/consumerTerminated``.
        case cancelled
    }
}
