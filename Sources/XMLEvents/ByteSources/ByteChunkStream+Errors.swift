extension ByteChunkStream {
    /// A write, or a wait for room, failed because the consumer will never read again.
    ///
    /// Thrown by the writes and passed to pending `enqueueCallback` callbacks after the consumer's
    /// task was cancelled or its iterator dropped, so that a producer can abort its transfer
    /// instead of reading bytes nobody wants.
    public struct ConsumerTerminated: Error, Sendable, Hashable, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// A sentence for logs.
        public var description: String {
            "the consumer of the ByteChunkStream has stopped reading"
        }
    }

    /// A write came after ``Source/finish(throwing:)``: the end was already promised to the
    /// consumer, so the chunk cannot be delivered.
    public struct WriteAfterFinish: Error, Sendable, Hashable, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// A sentence for logs.
        public var description: String {
            "a chunk was written to a ByteChunkStream after it was finished"
        }
    }

    /// The stream was iterated a second time, or one iterator was used from two places at once.
    ///
    /// A stream has a single consumer because a chunk can be delivered only once; thrown by the
    /// extra iterator's first `next()` rather than trapping, so the mistake is reported where it
    /// was made.
    public struct AlreadyIterated: Error, Sendable, Hashable, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        /// A sentence for logs.
        public var description: String {
            "a ByteChunkStream can be iterated only once"
        }
    }
}
