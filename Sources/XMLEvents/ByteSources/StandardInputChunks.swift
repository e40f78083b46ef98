import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of standard input (a pipe, a terminal, a redirected file) as an asynchronous
/// sequence of chunks, read on a dedicated thread as the consumer asks for them.
///
/// ```swift
/// for try await event in XMLEvents.standardInput() { … }
/// ```
///
/// Reads happen on a thread of their own, never on the Swift concurrency pool, whose few
/// threads must not wait in `read`. At most four chunks are read ahead; then the thread waits
/// for the consumer, so a slow consumer stops the reading (and, through the full pipe, the
/// writer upstream). Standard input is never closed.
///
/// Leaving the loop early stops the thread at its next chance: at once if it is waiting for the
/// consumer, but a thread blocked in `read` cannot be interrupted and ends only when that read
/// returns (the next input, or the end of input, for a terminal perhaps a line typed later).
/// It reads nothing further and releases everything when it ends.
///
/// Iterate once per process: every iterator reads the same standard input.
public struct StandardInputChunks: AsyncSequence, Sendable {
    /// Each element is the bytes of one read, in order.
    public typealias Element = Data
    /// Reading can fail with ``XMLByteSourceError/descriptorReadFailed(descriptor:errno:)``;
    /// a cancelled consumer gets `CancellationError`.
    public typealias Failure = any Error

    private let chunks: FileDescriptorChunks

    /// The most bytes read at once.
    public var chunkSize: Int {
        chunks.chunkSize
    }

    /// Creates chunks of standard input, each at most `chunkSize` bytes (at least 1).
    ///
    /// - Parameter chunkSize: The most bytes read (and later parsed) at once.
    public init(chunkSize: Int = 64 * 1024) {
        self.init(descriptor: STDIN_FILENO, chunkSize: chunkSize)
    }

    /// Reads another descriptor as if it were standard input, which lets tests use a pipe.
    init(descriptor: Int32, chunkSize: Int) {
        chunks = FileDescriptorChunks(descriptor: descriptor, closesDescriptor: false, chunkSize: chunkSize)
    }

    /// Prepares to read; the reader thread starts at the first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: chunks.makeAsyncIterator())
    }

    /// Hands out what the reader thread has read.
    public struct Iterator: AsyncIteratorProtocol {
        /// Each element is the bytes of one read, in order.
        public typealias Element = Data
        /// See ``StandardInputChunks/Failure``.
        public typealias Failure = any Error

        private var base: FileDescriptorChunks.Iterator

        init(base: FileDescriptorChunks.Iterator) {
            self.base = base
        }

        /// The next chunk, or `nil` at the end of input.
        ///
        /// - Throws: ``XMLByteSourceError/descriptorReadFailed(descriptor:errno:)`` when a read
        ///   fails; `CancellationError` when the task is cancelled.
        public mutating func next() async throws -> Data? {
            try await base.next(isolation: nil)
        }

        /// The next chunk, or `nil` at the end of input, resuming on the caller's actor.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`.
        /// - Throws: ``XMLByteSourceError/descriptorReadFailed(descriptor:errno:)`` when a read
        ///   fails; `CancellationError` when the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            try await base.next(isolation: actor)
        }
    }
}
