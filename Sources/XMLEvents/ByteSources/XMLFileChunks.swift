import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file as an asynchronous sequence of chunks, read as they are asked for: the
/// file is never held in memory whole, and reading stops when iteration does.
///
/// The file is opened when iteration starts and closed when it ends, fails or is abandoned.
/// ``progress`` tells how much of it has been read, for a progress bar.
///
/// A regular file is read on the consuming task, each read blocking it briefly. Anything else
/// at the path — a named pipe (FIFO), a terminal or other device, a socket — can keep a read
/// (and a FIFO's opening, until a writer comes) waiting indefinitely, so it is opened and read
/// on a thread of its own, as ``XMLFileDescriptorChunks`` reads, never on the Swift concurrency
/// pool.
public struct XMLFileChunks: AsyncSequence, Sendable {
    /// Each element is the next bytes of the file.
    public typealias Element = Data
    /// Opening or reading the file can fail with ``XMLByteSourceError``.
    public typealias Failure = any Error

    /// The file's path; empty for chunks made from a URL that is not a local `file:` URL, which
    /// read nothing.
    public let path: String
    /// The most bytes read at once.
    public let chunkSize: Int
    /// How far the latest iteration has read: bytes read and the file's size, readable from any
    /// thread while the file is read.
    public let progress: XMLSourceProgress
    /// Thrown by the first `next()` instead of opening anything.
    private let refusal: XMLByteSourceError?

    /// Creates chunks of the file at `path`, each at most `chunkSize` bytes (at least 1).
    ///
    /// Nothing is opened yet: the file is opened by the iterator's first `next()`.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - chunkSize: The most bytes read at once; values below 1 count as 1.
    public init(path: String, chunkSize: Int = 64 * 1024) {
        self.init(path: path, chunkSize: chunkSize, refusal: nil)
    }

    /// Creates chunks of the file at `path` that report to `progress`, or that throw `refusal`
    /// instead of opening anything.
    init(path: String, chunkSize: Int, refusal: XMLByteSourceError?, progress: XMLSourceProgress = XMLSourceProgress())
    {
        self.path = path
        self.chunkSize = Swift.max(1, chunkSize)
        self.refusal = refusal
        self.progress = progress
    }

    /// Whether `url` names a file here: a `file:` URL with no host, or `localhost`.
    static func namesLocalFile(_ url: URL) -> Bool {
        guard url.isFileURL else { return false }
        guard let host = url.host else { return true }
        return host.isEmpty || host.lowercased() == "localhost"
    }

    /// Opens the file on the first call to `next`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(path: path, chunkSize: chunkSize, refusal: refusal, progress: progress)
    }

    /// Reads the file sequentially.
    public struct Iterator: AsyncIteratorProtocol {
        private let path: String
        private let chunkSize: Int
        /// A regular file, read on the task.
        fileprivate var descriptor: FileDescriptorReader?
        /// Anything else, read on a thread of its own.
        fileprivate var chunks: XMLByteChunkStream.Iterator?
        fileprivate var isDone = false
        private let refusal: XMLByteSourceError?
        private let progress: XMLSourceProgress

        init(path: String, chunkSize: Int, refusal: XMLByteSourceError?, progress: XMLSourceProgress) {
            self.path = path
            self.chunkSize = chunkSize
            self.refusal = refusal
            self.progress = progress
        }

        /// The next chunk, or `nil` at the end of the file.
        ///
        /// - Throws: ``XMLByteSourceError/openFailed(path:errno:)`` when the file cannot be opened
        ///   (on the first call), ``XMLByteSourceError/unsupportedURL(url:)`` (on the first call)
        ///   for chunks made from a URL that names no local file,
        ///   ``XMLByteSourceError/readFailed(path:errno:)`` when a read fails; the file is closed
        ///   then, and later calls return `nil`.
        public mutating func next() async throws -> Data? {
            try await next(isolation: nil)
        }

        /// The next chunk, or `nil` at the end of the file.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`; a regular file is read
        ///   there, blocking briefly, as reads of regular files do.
        /// - Throws: ``XMLByteSourceError`` as ``next()`` does.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            guard !isDone else { return nil }
            if descriptor == nil, chunks == nil { try open() }
            guard chunks != nil else { return try readChunk() }
            do {
                guard let chunk = try await chunks?.next(isolation: actor) else {
                    finish()
                    return nil
                }
                progress.record(read: chunk.count)
                return chunk
            } catch {
                finish()
                throw error
            }
        }

        /// Opens a regular file here; leaves anything else to a thread of its own, which opens it
        /// itself (opening a FIFO waits for its writer).
        private mutating func open() throws {
            if let refusal {
                isDone = true
                throw refusal
            }
            if let kind = FileKind(path: path), kind != .regular {
                return startReaderThread()
            }
            // Non-blocking, should the path have become a FIFO since: opening one for reading
            // then returns at once.
            let opened = openFile(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard opened >= 0 else {
                isDone = true
                throw XMLByteSourceError.openFailed(path: path, errno: errno)
            }
            let reader = FileDescriptorReader(descriptor: opened, closesOnDeinit: true)
            guard let size = reader.regularFileSize else { return startReaderThread() }
            descriptor = reader
            progress.begin(expecting: size)
        }

        /// Hands the file to a reader thread, which opens it and reads it into a bounded stream.
        private mutating func startReaderThread() {
            let (stream, source) = XMLByteChunkStream.makeStream(
                watermarks: XMLByteChunkStream.Watermarks(low: chunkSize, high: 4 * chunkSize))
            chunks = stream.makeAsyncIterator()
            progress.begin(expecting: nil)
            FileDescriptorReaderThread.start(opening: path, chunkSize: chunkSize, into: source)
        }

        private mutating func readChunk() throws -> Data? {
            guard let reader = descriptor else { return nil }
            do {
                guard let chunk = try reader.read(upTo: chunkSize) else {
                    finish()
                    return nil
                }
                progress.record(read: chunk.count)
                return chunk
            } catch {
                isDone = true
                descriptor = nil
                throw XMLByteSourceError.readFailed(path: path, errno: error.value)
            }
        }

        private mutating func finish() {
            isDone = true
            descriptor = nil
            chunks = nil
            progress.finish()
        }
    }
}

extension XMLFileChunks.Iterator: ChunkReadiness {
    /// A regular file's reads do not wait for bytes to arrive; another file's chunks are at hand
    /// when its reader thread has buffered some.
    @usableFromInline var hasChunkAtHand: Bool {
        isDone || descriptor != nil || (chunks?.hasChunkAtHand ?? false)
    }
}

/// What a path names, from `stat`, without opening it.
enum FileKind {
    case regular
    case other

    /// The kind of what `path` names; `nil` when `stat` fails (opening it will say why).
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self = (status.st_mode & S_IFMT) == S_IFREG ? .regular : .other
    }
}

/// `open(2)`, named apart from the iterator's own `open()`.
private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags)
    #elseif canImport(Musl)
        Musl.open(path, flags)
    #else
        Darwin.open(path, flags)
    #endif
}

/// An open file descriptor read sequentially; closed with the reader unless it is borrowed
/// (standard input).
final class FileDescriptorReader {
    let descriptor: Int32
    private let closesOnDeinit: Bool

    init(descriptor: Int32, closesOnDeinit: Bool) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    deinit {
        if closesOnDeinit { close(descriptor) }
    }

    /// The size of the open file if it is a regular file; `nil` for a pipe, a device, or when
    /// `fstat` fails.
    var regularFileSize: Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Up to `count` bytes, or `nil` at the end of the file; retries interrupted reads.
    func read(upTo count: Int) throws(XMLByteSourceError.ErrorNumber) -> Data? {
        var data = Data(count: count)
        var received = 0
        while true {
            received = data.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.read(descriptor, buffer.baseAddress, count)
                #elseif canImport(Musl)
                    Musl.read(descriptor, buffer.baseAddress, count)
                #else
                    Darwin.read(descriptor, buffer.baseAddress, count)
                #endif
            }
            if received >= 0 { break }
            if errno != EINTR { throw XMLByteSourceError.ErrorNumber(value: errno) }
        }
        guard received > 0 else { return nil }
        if received < count { data.removeSubrange(received...) }
        return data
    }
}
