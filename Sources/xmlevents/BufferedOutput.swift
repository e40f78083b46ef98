#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output, written in large blocks: formats append to ``bytes`` and the writer makes one
/// `write(2)` per ``flushThreshold`` bytes, not one per event.
///
/// When to flush: when the buffer is full, and whenever the pipeline is about to wait for more
/// input (the parser has handed out every event of the bytes read so far). Output of a slow
/// source therefore appears as soon as its events exist, while a fast source costs a system call
/// per 64 KiB. Flushing after every line would make `jsonl` output of a file several times
/// slower.
///
/// A reader that goes away (`| head`) ends the output quietly: `EPIPE` (SIGPIPE is ignored)
/// closes the writer, later writes are dropped, and the pipeline stops at its next check.
final class BufferedOutput {
    static let flushThreshold = 64 * 1024

    /// The bytes not yet written; formats append to it directly.
    var bytes: [UInt8] = []
    /// Whether output has ended: the reader went away, or writing failed (see ``failure``).
    private(set) var isClosed = false
    /// The `errno` of a write that failed for another reason than a vanished reader.
    private(set) var failure: Int32?

    private let descriptor: Int32

    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        bytes.reserveCapacity(Self.flushThreshold + 4_096)
    }

    func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    func append(_ moreBytes: [UInt8]) {
        bytes.append(contentsOf: moreBytes)
    }

    /// Writes the buffer if it has reached ``flushThreshold``.
    @inline(__always)
    func flushIfFull() {
        if bytes.count >= Self.flushThreshold { flush() }
    }

    /// Writes everything buffered.
    func flush() {
        guard !bytes.isEmpty else { return }
        defer { bytes.removeAll(keepingCapacity: true) }
        guard !isClosed else { return }
        if let error = Self.writeFully(descriptor, bytes) {
            isClosed = true
            if error != EPIPE { failure = error }
        }
    }

    /// Writes all of `bytes`, through partial writes and interruptions.
    ///
    /// - Returns: `nil` on success, or the `errno` of the write that failed.
    static func writeFully(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}

/// Standard error, unbuffered: diagnostics and the progress line must appear at once, and they
/// are few.
enum StandardError {
    static func write(_ text: String) {
        // Nothing sensible can be done when standard error itself cannot be written.
        _ = BufferedOutput.writeFully(STDERR_FILENO, Array(text.utf8))
    }

    static var isTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }
}
