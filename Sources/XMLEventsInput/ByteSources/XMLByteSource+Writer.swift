import Foundation

extension XMLByteSource {
    /// The producer side of a source made by ``XMLByteSource/makeStream(watermarks:onTermination:)``,
    /// usable from any task or thread.
    ///
    /// A producer writes with `try await write(_:)`, which suspends while the buffer is full, and
    /// ends the stream with ``finish(throwing:)``. Every write accepts its chunk, in order, unless
    /// the stream can no longer deliver it. Dropping the last reference to the writer finishes the
    /// stream as ``finish(throwing:)`` without an error would.
    public final class Writer: Sendable {
        let storage: ByteChunkStreamStorage

        init(storage: ByteChunkStreamStorage) {
            self.storage = storage
        }

        deinit {
            storage.finish(nil)
        }

        /// The bytes written and not yet taken by the consumer; safe to read from any thread.
        var bufferedByteCount: Int {
            storage.bufferedByteCount
        }

        /// The most bytes ever buffered at once since the stream was created; safe to read from
        /// any thread.
        var peakBufferedByteCount: Int {
            storage.peakBufferedByteCount
        }

        /// Called exactly once when the stream ends, with the reason; `nil` once it was called.
        ///
        /// Set it before writing so the producer hears of a cancelled consumer even while it is
        /// not writing (to abort a transfer promptly). A handler set after the stream ended is
        /// called at once. It runs on whichever thread ended the stream, outside the stream's
        /// lock, so it may call back into the writer.
        public var onTermination: (@Sendable (Termination) -> Void)? {
            get { storage.onTermination }
            set { storage.setTerminationHandler(newValue) }
        }

        /// Appends a chunk without ever blocking, and says whether to go on: for callback-driven
        /// producers that must not block their thread (libcurl's write callback pauses the
        /// transfer and unpauses it from the callback).
        ///
        /// The chunk is always accepted. On ``WriteResult/enqueueCallback(_:)`` the buffer has
        /// reached the high watermark: the producer should stop and pass the token to
        /// ``enqueueCallback(token:onProduceMore:)``. An empty chunk is not delivered. In an
        /// `async` context the compiler prefers the `async` overload; name the result type to get
        /// this one (`let result: WriteResult = try writer.write(chunk)`).
        ///
        /// - Parameter chunk: The next bytes, in order.
        /// - Returns: Whether the producer may write again right away.
        /// - Throws: ``XMLByteSourceError/consumerTerminated`` once the consumer has gone away,
        ///   ``XMLByteSourceError/writeAfterFinish`` after ``finish(throwing:)``; the chunk is
        ///   then dropped.
        package func write(_ chunk: Data) throws(XMLByteSourceError) -> WriteResult {
            switch storage.write(chunk) {
            case .produceMore:
                return .produceMore
            case .enqueueCallback(let id):
                return .enqueueCallback(CallbackToken(id: id))
            case .rejected(let error):
                throw error
            }
        }

        /// Asks to be called back, once, when the producer may write again.
        ///
        /// The callback gets success when the consumer has drained the buffer to the low
        /// watermark (at once, on the calling thread, if that already happened),
        /// ``XMLByteSourceError/consumerTerminated`` when the consumer went away, and
        /// `CancellationError` when the token was cancelled with ``cancelCallback(token:)``. It
        /// runs on whichever thread made room (usually the consumer's) outside the stream's lock:
        /// keep it short, and hop to the producer's own thread for work such as unpausing a
        /// libcurl transfer.
        ///
        /// - Parameters:
        ///   - token: The token of the write that was told to wait.
        ///   - onProduceMore: Called exactly once with the outcome.
        package func enqueueCallback(
            token: CallbackToken,
            onProduceMore: @escaping @Sendable (Result<Void, any Error>) -> Void
        ) {
            storage.enqueueCallback(token.id, onProduceMore)
        }

        /// Gives up a wait: an enqueued callback is called at once with `CancellationError`, and
        /// one enqueued later for the same token will be. A token already called back is ignored.
        ///
        /// - Parameter token: The token of the wait to cancel.
        func cancelCallback(token: CallbackToken) {
            storage.cancelCallback(token.id)
        }

        /// Appends a chunk, then suspends while the buffer is full until the consumer has drained
        /// it to the low watermark.
        ///
        /// ```swift
        /// let (source, writer) = XMLByteSource.makeStream()
        /// Task {
        ///     do {
        ///         for try await chunk in myProducer { try await writer.write(chunk) }
        ///         writer.finish()
        ///     } catch {
        ///         writer.finish(throwing: error)  // after .consumerTerminated, nobody hears it
        ///     }
        /// }
        /// for try await event in XMLEvents(source) { … }
        /// ```
        ///
        /// - Parameter chunk: The next bytes, in order; an empty chunk is not delivered.
        /// - Throws: `CancellationError` if the task is cancelled (before the write, the chunk is
        ///   dropped; while waiting, the chunk was already accepted);
        ///   ``XMLByteSourceError/consumerTerminated`` once the consumer has gone away, so that the
        ///   producer can stop its own work; ``XMLByteSourceError/writeAfterFinish`` after
        ///   ``finish(throwing:)``.
        public func write(_ chunk: Data) async throws {
            try Task.checkCancellation()
            let outcome = storage.write(chunk)
            let id: UInt64
            switch outcome {
            case .produceMore:
                return
            case .rejected(let error):
                throw error
            case .enqueueCallback(let issued):
                id = issued
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    storage.enqueueCallback(id) { continuation.resume(with: $0) }
                }
            } onCancel: {
                storage.cancelCallback(id)
            }
        }

        /// Appends a chunk, then blocks the calling thread (without spinning) while the buffer is
        /// full until the consumer has drained it to the low watermark.
        ///
        /// For dedicated threads only (the descriptor reader): never call it from a task, where it
        /// would block one of the few threads of the concurrency pool, possibly the one the
        /// consumer needs.
        ///
        /// - Parameter chunk: The next bytes, in order.
        /// - Throws: ``XMLByteSourceError/consumerTerminated`` once the consumer has gone away
        ///   (also while waiting, which wakes the thread); ``XMLByteSourceError/writeAfterFinish``
        ///   after ``finish(throwing:)``.
        func writeBlocking(_ chunk: Data) throws {
            guard case .enqueueCallback(let token) = try write(chunk) else { return }
            let wait = BlockingWait<Void>()
            enqueueCallback(token: token) { wait.resume(with: $0) }
            try wait.wait()
        }

        /// Ends the stream: the consumer gets the buffered chunks, then the end or `error`.
        ///
        /// Later writes throw ``XMLByteSourceError/writeAfterFinish``; producers already waiting
        /// for room keep waiting until the consumer drains the buffer (or goes away). Only the
        /// first call counts.
        ///
        /// - Parameter error: The error the consumer's iteration throws after the last chunk, or
        ///   `nil` for a clean end.
        public func finish(throwing error: (any Error)? = nil) {
            storage.finish(error)
        }
    }
}
