extension XMLByteChunkStream {
    /// How many buffered bytes make producers wait, and how few let them go on.
    ///
    /// The gap between the two is hysteresis: a producer told to wait at ``high`` is resumed only
    /// once the consumer has drained the buffer to ``low``, so a producer and a consumer of
    /// similar speed trade large batches instead of waking each other for every chunk.
    public struct Watermarks: Sendable, Hashable {
        /// At or below this many buffered bytes, waiting producers are resumed.
        public var low: Int
        /// At or above this many buffered bytes, producers are asked to wait.
        public var high: Int

        /// 256 KiB low, 1 MiB high: enough to keep a network transfer streaming while a consumer
        /// parses, small enough that memory stays bounded.
        public static let `default` = Watermarks(low: 256 * 1024, high: 1024 * 1024)

        /// Creates watermarks, trapping on values that could never resume a producer.
        ///
        /// - Parameters:
        ///   - low: Resume producers at or below this many buffered bytes; `0 <= low <= high`.
        ///   - high: Ask producers to wait at or above this many buffered bytes; at least 1, since
        ///     a high watermark of 0 would make every write wait on an already empty buffer.
        public init(low: Int, high: Int) {
            self.low = low
            self.high = high
            precondition(isValid, "XMLByteChunkStream.Watermarks need 0 <= low <= high and high >= 1")
        }

        /// The properties are mutable, so the stream checks again when it is created.
        var isValid: Bool {
            high >= 1 && low >= 0 && low <= high
        }
    }
}
