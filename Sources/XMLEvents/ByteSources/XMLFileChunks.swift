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
/// Reads block the calling thread briefly, which suits regular files; for pipes and terminals,
/// whose reads can wait indefinitely, use ``XMLFileDescriptorChunks`` or a ``XMLByteChunkStream``.
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
        private var descriptor: FileDescriptorReader?
        private var isDone = false
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
            try readChunk()
        }

        /// The next chunk, or `nil` at the end of the file.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`; the read happens there,
        ///   blocking briefly, as reads of regular files do.
        /// - Throws: ``XMLByteSourceError`` as ``next()`` does.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            try readChunk()
        }

        private mutating func readChunk() throws -> Data? {
            guard !isDone else { return nil }
            if let refusal {
                isDone = true
                throw refusal
            }
            if descriptor == nil {
                let opened = open(path, O_RDONLY | O_CLOEXEC)
                guard opened >= 0 else {
                    isDone = true
                    throw XMLByteSourceError.openFailed(path: path, errno: errno)
                }
                let reader = FileDescriptorReader(descriptor: opened, closesOnDeinit: true)
                descriptor = reader
                progress.begin(expecting: reader.regularFileSize)
            }
            guard let reader = descriptor else { return nil }
            do {
                guard let chunk = try reader.read(upTo: chunkSize) else {
                    isDone = true
                    descriptor = nil
                    progress.finish()
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
    }
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
