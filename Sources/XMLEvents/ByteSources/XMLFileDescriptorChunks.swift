import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an open, readable descriptor (standard input, a pipe, a socket, a terminal) as an
/// asynchronous sequence of chunks, read ahead on a dedicated thread with bounded buffering.
///
/// ```swift
/// for try await event in XMLEvents.standardInput() { … }   // XMLFileDescriptorChunks.standardInput()
/// ```
///
/// Reads from such descriptors can wait indefinitely, so they happen on a thread of their own,
/// never on the Swift concurrency pool. The thread starts at the first `next()`, reads up to
/// ``chunkSize`` bytes at a time into a ``XMLByteChunkStream`` and blocks once ``watermarks`` worth
/// of bytes wait for the consumer: a slow consumer stops the reading, and a full pipe in turn
/// stops its writer.
///
/// Leaving the loop early, or cancelling the consuming task, stops the thread at its next
/// chance: at once if it is waiting for the consumer, but a thread blocked in `read` cannot be
/// interrupted and ends only when that read returns (more input, or the end of input). Until
/// then it holds the buffer of one chunk and the descriptor; it reads nothing further.
///
/// Iterate the sequence once: every iterator reads from the same descriptor, so two would each
/// see an unpredictable part of the input.
public struct XMLFileDescriptorChunks: AsyncSequence, Sendable {
    /// Each element is the bytes of one read, in order.
    public typealias Element = Data
    /// Reading can fail with ``XMLByteSourceError/descriptorReadFailed(descriptor:errno:)``;
    /// a cancelled consumer gets `CancellationError`.
    public typealias Failure = any Error

    /// Keeps the descriptor open while the sequence or a reader thread may still use it, and
    /// closes it (when asked to) only after both are gone, so that a thread still blocked in
    /// `read` never reads a descriptor number the process has meanwhile reused.
    final class Descriptor: Sendable {
        let descriptor: Int32
        private let closesOnDeinit: Bool

        init(_ descriptor: Int32, closesOnDeinit: Bool) {
            self.descriptor = descriptor
            self.closesOnDeinit = closesOnDeinit
        }

        deinit {
            if closesOnDeinit { close(descriptor) }
        }
    }

    private let file: Descriptor

    /// The descriptor read from.
    public var descriptor: Int32 {
        file.descriptor
    }

    /// The most bytes read at once.
    public let chunkSize: Int

    /// How much is read ahead of the consumer before the reader thread waits.
    public let watermarks: XMLByteChunkStream.Watermarks

    /// Creates chunks of an open descriptor.
    ///
    /// - Parameters:
    ///   - descriptor: An open descriptor to read from, for example one end of `pipe()`.
    ///   - closesDescriptor: Whether to close the descriptor once this sequence and its reader
    ///     thread are done with it; otherwise the caller keeps it open as long as either may use it.
    ///   - chunkSize: The most bytes read at once (at least 1).
    ///   - watermarks: How much to read ahead of the consumer; by default up to four chunks,
    ///     resuming when one is left.
    public init(
        descriptor: Int32,
        closesDescriptor: Bool = false,
        chunkSize: Int = 64 * 1024,
        watermarks: XMLByteChunkStream.Watermarks? = nil
    ) {
        let size = Swift.min(Swift.max(1, chunkSize), Int.max / 4)
        self.file = Descriptor(descriptor, closesOnDeinit: closesDescriptor)
        self.chunkSize = size
        self.watermarks = watermarks ?? XMLByteChunkStream.Watermarks(low: size, high: 4 * size)
    }

    /// The bytes of standard input (a pipe, a terminal, a redirected file), which is never closed,
    /// for command-line filters such as `curl -s https://example.com/feed.xml | mytool`.
    ///
    /// At most four chunks are read ahead; then the reader thread waits for the consumer, so a
    /// slow consumer stops the reading and, through the full pipe, the writer upstream. Iterate
    /// once per process: every iterator reads the same standard input.
    ///
    /// - Parameter chunkSize: The most bytes read (and later parsed) at once (at least 1).
    /// - Returns: Chunks of descriptor 0, left open.
    public static func standardInput(chunkSize: Int = 64 * 1024) -> XMLFileDescriptorChunks {
        XMLFileDescriptorChunks(descriptor: STDIN_FILENO, closesDescriptor: false, chunkSize: chunkSize)
    }

    /// Prepares to read; the reader thread starts at the first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(file: file, chunkSize: chunkSize, watermarks: watermarks)
    }

    /// Hands out what the reader thread has read.
    public struct Iterator: AsyncIteratorProtocol {
        /// Each element is the bytes of one read, in order.
        public typealias Element = Data
        /// See ``XMLFileDescriptorChunks/Failure``.
        public typealias Failure = any Error

        private let file: Descriptor
        private let chunkSize: Int
        private let watermarks: XMLByteChunkStream.Watermarks
        private var chunks: XMLByteChunkStream.Iterator?
        private var isDone = false

        init(file: Descriptor, chunkSize: Int, watermarks: XMLByteChunkStream.Watermarks) {
            self.file = file
            self.chunkSize = chunkSize
            self.watermarks = watermarks
        }

        /// The next chunk, or `nil` at the end of input.
        ///
        /// - Throws: ``XMLByteSourceError/descriptorReadFailed(descriptor:errno:)`` when a read
        ///   fails; `CancellationError` when the task is cancelled.
        public mutating func next() async throws -> Data? {
            try await next(isolation: nil)
        }

        /// The next chunk, or `nil` at the end of input, resuming on the caller's actor.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`.
        /// - Throws: ``XMLByteSourceError/descriptorReadFailed(descriptor:errno:)`` when a read
        ///   fails; `CancellationError` when the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            if isDone { return nil }
            if chunks == nil {
                // A consumer cancelled before its first chunk must not leave a thread behind.
                if Task.isCancelled {
                    isDone = true
                    throw CancellationError()
                }
                let (stream, source) = XMLByteChunkStream.makeStream(watermarks: watermarks)
                chunks = stream.makeAsyncIterator()
                FileDescriptorReaderThread.start(reading: file, chunkSize: chunkSize, into: source)
            }
            do {
                guard let chunk = try await chunks?.next(isolation: actor) else {
                    finishReading()
                    return nil
                }
                return chunk
            } catch {
                finishReading()
                throw error
            }
        }

        /// Drops the stream at once, which stops the reader thread at its next chance.
        private mutating func finishReading() {
            isDone = true
            chunks = nil
        }
    }
}
