import ThreadSafety

extension FileChunks {
    /// How far the latest reading of a ``FileChunks`` has come, readable from any thread while it
    /// runs; the same spelling as the progress of an HTTP source, for the same progress bar.
    ///
    /// ```swift
    /// let events = XMLEvents(path: "catalog.xml")
    /// let progress = events.source.progress
    /// // on a timer: progress.fractionCompleted, progress.receivedByteCount, …
    /// ```
    ///
    /// Each iteration of the ``FileChunks`` opens the file anew, which starts the counts anew.
    public final class Progress: Sendable {
        /// What the reading iterator records and any thread reads.
        struct State: Sendable {
            var receivedByteCount = 0
            var expectedByteCount: Int?
            var isFinished = false
        }

        private let state = LockedState(State())

        init() {}

        /// The bytes read from the file so far and handed on to the consumer (the parser).
        public var receivedByteCount: Int {
            state.withLock { $0.receivedByteCount }
        }

        /// The file's size, once it is open, if it is a regular file; `nil` before that and for
        /// files without a size (a named pipe, a character device).
        public var expectedByteCount: Int? {
            state.withLock { $0.expectedByteCount }
        }

        /// ``receivedByteCount`` as a fraction of ``expectedByteCount``, from 0 to 1, or `nil`
        /// while the size is unknown.
        public var fractionCompleted: Double? {
            state.withLock { state in
                guard let expected = state.expectedByteCount else { return nil }
                guard expected > 0 else { return 1 }
                return Swift.min(1, Double(state.receivedByteCount) / Double(expected))
            }
        }

        /// Whether the file has been read to its end.
        public var isFinished: Bool {
            state.withLock { $0.isFinished }
        }

        // MARK: Recording

        /// The file was opened anew; `size` is its size if it is a regular file.
        func begin(expecting size: Int?) {
            state.withLock { $0 = State(expectedByteCount: size) }
        }

        /// `count` more bytes were read.
        func record(received count: Int) {
            state.withLock { $0.receivedByteCount += count }
        }

        /// The end of the file was read.
        func finish() {
            state.withLock { $0.isFinished = true }
        }
    }
}
