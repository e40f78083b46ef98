import Foundation

extension XMLByteSource {
    /// A source fed by a producer of your own (a socket, a callback API, a decompressor, a
    /// message queue), and the writer that feeds it: the backpressured bridge to ``XMLEvents``,
    /// whose writes wait while the consumer is behind.
    ///
    /// ```swift
    /// let (source, writer) = XMLByteSource.makeStream()
    /// Task {
    ///     do {
    ///         for try await chunk in incomingChunks { try await writer.write(chunk) }
    ///         writer.finish()
    ///     } catch {
    ///         writer.finish(throwing: error)
    ///     }
    /// }
    /// for try await event in XMLEvents(source) { … }
    /// ```
    ///
    /// Unlike `AsyncStream`, whose `yield` never makes the producer wait, ``Writer/write(_:)``
    /// suspends once the buffer holds the high watermark's bytes (the upper bound of
    /// `watermarks`), and resumes only when the consumer has drained the buffer to the low
    /// watermark (its lower bound). The gap between the two is hysteresis: a producer and a
    /// consumer of similar speed trade large batches instead of waking each other for every
    /// chunk. The consumer's pace is therefore the producer's pace, and the buffer never holds
    /// more than the high watermark plus one chunk per producer; ``progress`` reports it
    /// (``XMLSourceProgress/bufferedByteCount``, ``XMLSourceProgress/peakBufferedByteCount``).
    ///
    /// The source is iterated once: the chunks arrive as they were written (empty ones left
    /// out), and a second iterator throws ``XMLByteSourceError/alreadyIterated``. Iteration ends
    /// with `nil` after ``Writer/finish(throwing:)`` and the buffered chunks, or throws the
    /// error given to `finish`. A cancelled consumer task throws `CancellationError`; a
    /// cancelled or dropped consumer ends the stream for the producer too: its writes throw
    /// ``XMLByteSourceError/consumerTerminated`` and `onTermination` is called with
    /// ``Termination/cancelled``, as it is when the source is dropped without ever being
    /// iterated.
    ///
    /// - Parameters:
    ///   - watermarks: The buffered bytes at or below which waiting producers go on (the lower
    ///     bound, at least 0) and at or above which producers are asked to wait (the upper bound,
    ///     at least 1, since a high watermark of 0 would make every write wait on an already
    ///     empty buffer); by default 256 KiB to 1 MiB, enough to keep a network transfer
    ///     streaming while a consumer parses, small enough that memory stays bounded. Other
    ///     values stop the process, as they could never resume a producer.
    ///   - onTermination: Called exactly once, when the stream ends for any reason; may also be
    ///     set later on the writer. Setting it here avoids missing an early cancellation.
    /// - Returns: The source, to be iterated once, and its writer.
    public static func makeStream(
        watermarks: ClosedRange<Int> = XMLByteSource.defaultWatermarks,
        onTermination: (@Sendable (Termination) -> Void)? = nil
    ) -> (source: XMLByteSource, writer: Writer) {
        let (stream, writer) = ByteChunkStream.makeStream(watermarks: watermarks, onTermination: onTermination)
        return (XMLByteSource(.stream(stream), chunkSize: ChunkSize.standard), writer)
    }

    /// The watermarks a stream and an HTTP transfer have unless told otherwise: 256 KiB to
    /// 1 MiB.
    @usableFromInline package static let defaultWatermarks = 256 * 1024...1024 * 1024

    /// Why a stream made by ``makeStream(watermarks:onTermination:)`` ended, as reported to
    /// ``Writer/onTermination`` exactly once.
    public enum Termination: Sendable, Hashable {
        /// The consumer received the end (or the error) after ``Writer/finish(throwing:)``:
        /// everything written was delivered.
        case finished
        /// The consumer went away before the end: its task was cancelled, its iterator was dropped
        /// (for example by `break`), or the source was dropped without ever being iterated.
        /// Buffered chunks were discarded and further writes throw
        /// ``XMLByteSourceError/consumerTerminated``.
        case cancelled
    }
}
