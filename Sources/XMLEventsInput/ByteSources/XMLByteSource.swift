import Foundation

/// The bytes of a document as an asynchronous sequence of chunks, read as they are asked for:
/// the source of `XMLEvents(data:)`, `XMLEvents(string:)`, `XMLEvents(path:)`,
/// `XMLEvents.standardInput()`, `XMLEvents(url:)` and `XMLEvents(request:)`.
///
/// ```swift
/// let source = XMLByteSource(path: "feed.xml", chunkSize: 16 * 1024)
/// let events = XMLEvents(source)
/// // on a timer: source.progress.fractionCompleted
/// ```
///
/// Where the bytes come from decides how they are read; the consumer's pace reaches each:
///
/// - **Data in memory** (``init(data:chunkSize:)``): the chunks are slices of the data, not copies.
/// - **A file** (``init(path:chunkSize:)``): a regular file is read on the consuming task, one
///   `read` per chunk, each blocking it briefly. Anything else at the path — a named pipe (FIFO),
///   a terminal or other device, a socket — can keep a read (and a FIFO's opening, until a
///   writer comes) waiting indefinitely, so it is opened and read on a thread of its own, as a
///   descriptor is. The file is opened when iteration starts and closed when it ends, fails or is
///   abandoned, and never held in memory whole.
/// - **An open descriptor** (``init(fileDescriptor:closesDescriptor:chunkSize:watermarks:)``,
///   ``standardInput(chunkSize:)``): read ahead on a thread of its own, never on the Swift
///   concurrency pool, into a bounded buffer that holds at most its watermarks' worth of bytes: a
///   slow consumer stops the reading, and a full pipe in turn stops its writer.
/// - **A producer of your own** (``makeStream(watermarks:onTermination:)``): the chunks it writes,
///   its writes waiting while the buffer holds its watermarks' worth of bytes.
/// - **A URL or a request** (`init(url:configuration:fileChunkSize:)`,
///   `init(request:configuration:)`): a `file:` URL is read as a file; an HTTP body streams
///   with backpressure, the transfer pausing while ``XMLHTTPConfiguration/watermarks`` bytes wait
///   for the consumer; ``response`` gives the response's head.
///
/// ``progress`` tells how far the latest iteration has read, for every kind of source. Each
/// iteration reads anew (opens the file, performs the request), except that every iteration of
/// a descriptor reads the same descriptor: iterate such a source once; a producer's stream can
/// be iterated only once.
public struct XMLByteSource: AsyncSequence, Sendable {
    /// Each element is the next bytes of the document, in order.
    public typealias Element = Data
    /// ``XMLByteSourceError`` for a file or descriptor, ``XMLHTTPError`` for an HTTP transfer, or
    /// `CancellationError`; data in memory never fails.
    public typealias Failure = any Error

    /// Where the bytes come from.
    package enum Kind: Sendable {
        /// A document in memory, handed out in slices.
        case data(Data)
        /// The file at a path, opened by the first `next()`.
        case file(path: String)
        /// An open descriptor, read on a thread of its own, with the watermarks given (by default
        /// ``readAheadWatermarks``).
        case descriptor(FileDescriptorReader, watermarks: ClosedRange<Int>?)
        /// Chunks written by a producer of the caller's own, through the stream's writer.
        case stream(ByteChunkStream)
        /// Nothing to read: the first `next()` throws this (a URL of a scheme not supported, or
        /// an HTTP URL in a build without HTTP).
        case refused(XMLByteSourceError)
        /// A transfer another module performs: the body of an HTTP response.
        case transfer(any ByteTransfer)
    }

    package let kind: Kind

    /// The most bytes read (or sliced from memory) at once, between 1 and 16 MiB; 64 KiB unless
    /// the initializer was given another size. An HTTP body comes in the chunks the network
    /// delivers, a producer's stream in the chunks written.
    ///
    /// A plain document is parsed in the chunks read, so the size bounds the bytes behind the
    /// events of one parse step. A compressed document (see ``XMLDecompression``) is read in
    /// chunks of this size but parsed in those its decompression thread hands over, of at most
    /// 128 KiB whatever this size: that size belongs to the hand-over between the two threads,
    /// which the compressed documents of every source go through.
    public let chunkSize: Int

    /// How far the latest iteration has read: the bytes read and, once known, how many there
    /// are. Readable from any thread while the source is read.
    public let progress: XMLSourceProgress

    package init(_ kind: Kind, chunkSize: Int, progress: XMLSourceProgress = XMLSourceProgress()) {
        self.kind = kind
        self.chunkSize = ChunkSize.clamped(chunkSize)
        self.progress = progress
    }

    /// How far a reader thread reads ahead of the consumer unless told otherwise: up to four
    /// chunks, resuming when one is left.
    var readAheadWatermarks: ClosedRange<Int> {
        chunkSize...4 * chunkSize
    }

    /// The bytes of a document held in memory, in slices of at most `chunkSize` bytes that share
    /// the data's storage.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - chunkSize: The most bytes in one chunk (64 KiB by default), between 1 and 16 MiB; see
    ///     ``chunkSize``.
    public init(data: Data, chunkSize: Int = ChunkSize.standard) {
        self.init(.data(data), chunkSize: chunkSize)
    }

    /// The bytes of the file at `path`, read at most `chunkSize` bytes at a time.
    ///
    /// Nothing is opened yet: the file is opened by the iterator's first `next()`, which throws
    /// ``XMLByteSourceError/openFailed(path:errno:)`` if it cannot be; a failed read throws
    /// ``XMLByteSourceError/readFailed(path:errno:)``.
    ///
    /// - Parameters:
    ///   - path: The file's path: a regular file, or a FIFO, device or socket.
    ///   - chunkSize: The most bytes read at once (64 KiB by default), between 1 and 16 MiB; see
    ///     ``chunkSize``.
    public init(path: String, chunkSize: Int = ChunkSize.standard) {
        self.init(.file(path: path), chunkSize: chunkSize)
    }

    /// The bytes of an open, readable descriptor (a pipe, a socket, a terminal), read ahead on a
    /// thread of its own.
    ///
    /// The thread starts at the first `next()`. Leaving the loop early, or cancelling the
    /// consuming task, stops it at its next chance: at once if it is waiting for the consumer,
    /// but a thread blocked in `read` cannot be interrupted and ends only when that read returns
    /// (more input, or the end of input). Until then it holds the buffer of one chunk and the
    /// descriptor; it reads nothing further. A failed read throws
    /// ``XMLByteSourceError/descriptorReadFailed(descriptor:errno:)``.
    ///
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor to read from, for example one end of `pipe()`.
    ///   - closesDescriptor: Whether to close the descriptor once this source and its reader
    ///     thread are done with it; otherwise the caller keeps it open as long as either may use it.
    ///   - chunkSize: The most bytes read at once (64 KiB by default), between 1 and 16 MiB; see
    ///     ``chunkSize``.
    ///   - watermarks: How much to read ahead of the consumer, in bytes: the reader thread waits
    ///     once the upper bound is buffered and goes on when the consumer has drained the buffer
    ///     to the lower (see ``makeStream(watermarks:onTermination:)``); by default up to four chunks, resuming when
    ///     one is left.
    public init(
        fileDescriptor: Int32,
        closesDescriptor: Bool = false,
        chunkSize: Int = ChunkSize.standard,
        watermarks: ClosedRange<Int>? = nil
    ) {
        let reader = FileDescriptorReader(FileDescriptor(rawValue: fileDescriptor), closesOnDeinit: closesDescriptor)
        self.init(.descriptor(reader, watermarks: watermarks), chunkSize: chunkSize)
    }

    /// The bytes of standard input (a pipe, a terminal, a redirected file), which is never closed,
    /// for command-line filters such as `curl -s https://example.com/feed.xml | mytool`.
    ///
    /// At most four chunks are read ahead; then the reader thread waits for the consumer, so a
    /// slow consumer stops the reading and, through the full pipe, the writer upstream. Iterate
    /// once per process: every iterator reads the same standard input.
    ///
    /// - Parameter chunkSize: The most bytes read (and later parsed) at once (64 KiB by default),
    ///   between 1 and 16 MiB; see ``chunkSize``.
    /// - Returns: The bytes of descriptor 0, left open.
    public static func standardInput(chunkSize: Int = ChunkSize.standard) -> XMLByteSource {
        XMLByteSource(fileDescriptor: FileDescriptor.standardInput.rawValue, chunkSize: chunkSize)
    }

    /// Creates an iterator; a file is opened, a thread started or a request made by its first
    /// `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(self)
    }
}
