import Foundation

extension ByteChunkStream {
    /// The consumer of a ``ByteChunkStream``.
    ///
    /// Dropping the iterator before the end (leaving the loop with `break`, `return` or an error)
    /// ends the stream at once with ``XMLByteSource/Termination/cancelled``, so the producer learns promptly
    /// that nobody reads any more.
    package struct Iterator: AsyncIteratorProtocol {
        /// Each element is one chunk as it was written.
        package typealias Element = Data
        /// See ``ByteChunkStream/Failure``.
        package typealias Failure = any Error

        /// Shared by copies of the iterator; the stream ends for the producer when the last one
        /// is gone.
        fileprivate final class Consumer {
            let storage: ByteChunkStreamStorage

            init(storage: ByteChunkStreamStorage) {
                self.storage = storage
            }

            deinit {
                storage.iteratorDropped()
            }
        }

        /// `nil` for an iterator made after the first, which must not take anybody's chunks.
        fileprivate let consumer: Consumer?
        private var hasReportedMisuse = false

        init(storage: ByteChunkStreamStorage, isConsumer: Bool) {
            consumer = isConsumer ? Consumer(storage: storage) : nil
        }

        /// Whether this is the stream's one consumer, rather than an iterator made after it.
        var isConsumer: Bool { consumer != nil }

        /// The next chunk, suspending while the buffer is empty.
        ///
        /// - Returns: The next chunk, or `nil` after the end.
        /// - Throws: The error given to ``XMLByteSource/Writer/finish(throwing:)``; `CancellationError` when the
        ///   task is cancelled; ``XMLByteSourceError/alreadyIterated`` from a second
        ///   iterator.
        package mutating func next() async throws -> Data? {
            try await next(isolation: nil)
        }

        /// The next chunk, suspending while the buffer is empty and resuming on the caller's actor
        /// so that a consumer on an actor does not hop off it.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`.
        /// - Returns: The next chunk, or `nil` after the end.
        /// - Throws: The error given to ``XMLByteSource/Writer/finish(throwing:)``; `CancellationError` when the
        ///   task is cancelled; ``XMLByteSourceError/alreadyIterated`` from a second
        ///   iterator.
        package mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            guard let consumer else {
                if hasReportedMisuse { return nil }
                hasReportedMisuse = true
                throw XMLByteSourceError.alreadyIterated
            }
            return try await consumer.storage.next(isolation: actor)
        }
    }
}

extension ByteChunkStream.Iterator: ChunkReadiness {
    /// Whether a chunk is buffered, which `next` hands out without waiting.
    @usableFromInline package var hasChunkAtHand: Bool {
        (consumer?.storage.bufferedByteCount ?? 0) > 0
    }
}
