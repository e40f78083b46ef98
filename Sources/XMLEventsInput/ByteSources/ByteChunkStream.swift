import Foundation

/// The single-consumer, backpressured buffer of byte chunks behind
/// ``XMLByteSource/makeStream(watermarks:onTermination:)``, a descriptor's reader thread and an
/// HTTP transfer: writes through an ``XMLByteSource/Writer`` wait while the consumer is behind.
package struct ByteChunkStream: AsyncSequence, Sendable {
    /// Each element is one chunk as it was written.
    package typealias Element = Data
    /// The error given to ``XMLByteSource/Writer/finish(throwing:)``, `CancellationError`, or
    /// ``XMLByteSourceError/alreadyIterated``.
    package typealias Failure = any Error

    /// Ends the stream when its last copy goes away unused, so that producers do not wait
    /// forever for a consumer that will never come.
    private final class Lifetime: Sendable {
        let storage: ByteChunkStreamStorage

        init(storage: ByteChunkStreamStorage) {
            self.storage = storage
        }

        deinit {
            storage.streamDropped()
        }
    }

    private let lifetime: Lifetime

    var storage: ByteChunkStreamStorage {
        lifetime.storage
    }

    private init(storage: ByteChunkStreamStorage) {
        lifetime = Lifetime(storage: storage)
    }

    /// Creates a stream and the writer that feeds it; see
    /// ``XMLByteSource/makeStream(watermarks:onTermination:)`` for the parameters.
    package static func makeStream(
        watermarks: ClosedRange<Int>,
        onTermination: (@Sendable (XMLByteSource.Termination) -> Void)? = nil
    ) -> (stream: ByteChunkStream, writer: XMLByteSource.Writer) {
        precondition(
            watermarks.lowerBound >= 0 && watermarks.upperBound >= 1,
            "XMLByteSource.makeStream needs watermarks with 0 <= low <= high and high >= 1")
        let storage = ByteChunkStreamStorage(watermarks: watermarks, onTermination: onTermination)
        return (ByteChunkStream(storage: storage), XMLByteSource.Writer(storage: storage))
    }

    /// The bytes written and not yet taken by the consumer; safe to read from any thread.
    package var bufferedByteCount: Int {
        storage.bufferedByteCount
    }

    /// The most bytes ever buffered at once since the stream was created; safe to read from any
    /// thread. A chunk handed straight to a waiting consumer is never buffered.
    package var peakBufferedByteCount: Int {
        storage.peakBufferedByteCount
    }

    /// Creates the one consumer of the stream; any further iterator throws
    /// ``XMLByteSourceError/alreadyIterated``.
    package func makeAsyncIterator() -> Iterator {
        Iterator(storage: storage, isConsumer: storage.makeIterator())
    }
}
