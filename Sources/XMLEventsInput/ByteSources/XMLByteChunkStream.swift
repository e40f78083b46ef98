import Foundation

/// The backpressured bridge from a producer of your own (a socket, a decompressor, a message
/// queue) to ``XMLEvents``: a single-consumer asynchronous sequence of byte chunks whose writes
/// wait while the consumer is behind.
///
/// ```swift
/// let (stream, source) = XMLByteChunkStream.makeStream()
/// Task {
///     do {
///         for try await chunk in incomingChunks { try await source.write(chunk) }
///         source.finish()
///     } catch {
///         source.finish(throwing: error)
///     }
/// }
/// for try await event in XMLEvents(stream) { … }
/// ```
///
/// Unlike `AsyncStream`, whose `yield` never makes the producer wait, ``Source/write(_:)``
/// suspends once the buffer holds the high watermark's bytes (the upper bound of the
/// `watermarks` given to ``makeStream(watermarks:onTermination:)``), and resumes only when the
/// consumer has drained the buffer to the low watermark (its lower bound). The gap between the
/// two is hysteresis: a producer and a consumer of similar speed trade large batches instead of
/// waking each other for every chunk. The consumer's pace is therefore the producer's pace, and
/// the buffer never holds more than the high watermark plus one chunk per producer.
///
/// Iteration ends with `nil` after ``Source/finish(throwing:)`` and the buffered chunks, or throws
/// the error given to `finish`. A cancelled consumer task throws `CancellationError`; a cancelled
/// or dropped consumer ends the stream for the producer too: its writes throw
/// ``XMLByteSourceError/consumerTerminated`` and ``Source/onTermination`` is called (see
/// ``Termination``).
public struct XMLByteChunkStream: AsyncSequence, Sendable {
    /// Each element is one chunk as it was written.
    public typealias Element = Data
    /// The error given to ``Source/finish(throwing:)``, `CancellationError`, or
    /// ``XMLByteSourceError/alreadyIterated``.
    public typealias Failure = any Error

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

    /// Creates a stream and the source that feeds it.
    ///
    /// - Parameters:
    ///   - watermarks: The buffered bytes at or below which waiting producers go on (the lower
    ///     bound, at least 0) and at or above which producers are asked to wait (the upper bound,
    ///     at least 1, since a high watermark of 0 would make every write wait on an already empty
    ///     buffer); by default 256 KiB to 1 MiB, enough to keep a network transfer streaming while
    ///     a consumer parses, small enough that memory stays bounded. Other values stop the
    ///     process, as they could never resume a producer.
    ///   - onTermination: Called exactly once, when the stream ends for any reason; may also be set
    ///     later on the source. Setting it here avoids missing an early cancellation.
    /// - Returns: The stream, to be iterated once, and its source.
    public static func makeStream(
        watermarks: ClosedRange<Int> = 256 * 1024...1024 * 1024,
        onTermination: (@Sendable (Termination) -> Void)? = nil
    ) -> (stream: XMLByteChunkStream, source: Source) {
        precondition(
            watermarks.lowerBound >= 0 && watermarks.upperBound >= 1,
            "XMLByteChunkStream watermarks need 0 <= low <= high and high >= 1")
        let storage = ByteChunkStreamStorage(watermarks: watermarks, onTermination: onTermination)
        return (XMLByteChunkStream(storage: storage), Source(storage: storage))
    }

    /// The bytes written and not yet taken by the consumer; safe to read from any thread.
    var bufferedByteCount: Int {
        storage.bufferedByteCount
    }

    /// The most bytes ever buffered at once since the stream was created; safe to read from any
    /// thread. A chunk handed straight to a waiting consumer is never buffered.
    var peakBufferedByteCount: Int {
        storage.peakBufferedByteCount
    }

    /// Creates the one consumer of the stream; any further iterator throws
    /// ``XMLByteSourceError/alreadyIterated``.
    public func makeAsyncIterator() -> Iterator {
        Iterator(storage: storage, isConsumer: storage.makeIterator())
    }
}

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
