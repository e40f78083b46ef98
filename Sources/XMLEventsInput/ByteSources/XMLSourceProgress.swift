import ThreadSafety

/// How far the latest reading of a document's source has come — a file or an HTTP transfer —
/// readable from any thread while it runs: for progress bars, and for checking that memory stays
/// bounded.
///
/// ```swift
/// let events = XMLEvents(url: feedURL)  // a file: URL, or http and https
/// let progress = events.source.progress
/// // on a timer: progress.fractionCompleted, progress.receivedByteCount, …
/// ```
///
/// Each iteration of the source reads it anew (opens the file, starts a transfer), which starts
/// the counts anew. For a file, ``expectedByteCount`` is its size, ``decodedByteCount`` equals
/// ``receivedByteCount``, and the counts of buffering, resumption and re-reading stay 0.
/// For a producer's stream (``XMLByteSource/makeStream(watermarks:onTermination:)``), the counts
/// are of the chunks the consumer took, ``expectedByteCount`` is `nil`, and the buffering counts
/// are the stream's.
public final class XMLSourceProgress: Sendable {
    /// What the I/O thread records and any thread reads.
    struct State: Sendable {
        var receivedByteCount = 0
        var decodedByteCount = 0
        var expectedByteCount: Int?
        var isFinished = false
        var resumptionCount = 0
        var resumptionAttemptCount = 0
        var rereadByteCount = 0
        /// Kept after the transfer ends, while the consumer may still drain it; it holds no
        /// chunks once the consumer has finished or gone.
        var stream: ByteChunkStream?
    }

    private let state = LockedState(State())

    init() {}

    /// The bytes read so far: of a file, or of an HTTP body as sent (before content decoding),
    /// comparable with ``expectedByteCount``; over every request of a resumed transfer, each
    /// byte counted once.
    public var receivedByteCount: Int {
        state.withLock { $0.receivedByteCount }
    }

    /// The file's size once it is open (`nil` for a pipe or a device), or the HTTP body's
    /// `Content-Length` once the response has come, if the server sent one.
    public var expectedByteCount: Int? {
        state.withLock { $0.expectedByteCount }
    }

    /// ``receivedByteCount`` as a fraction of ``expectedByteCount``, from 0 to 1, or `nil`
    /// while the length is unknown.
    public var fractionCompleted: Double? {
        state.withLock { state in
            guard let expected = state.expectedByteCount else { return nil }
            guard expected > 0 else { return 1 }
            return Swift.min(1, Double(state.receivedByteCount) / Double(expected))
        }
    }

    /// The bytes handed to the consumer so far, after content decoding (which happens as the
    /// consumer reads); for a file, the bytes read.
    public var decodedByteCount: Int {
        state.withLock { $0.decodedByteCount }
    }

    /// How many times the transfer broke off mid-body and went on from where it broke, with
    /// a continuation of the same document (see ``XMLHTTPConfiguration/maximumResumptionAttempts``). Linux only.
    public var resumptionCount: Int {
        state.withLock { $0.resumptionCount }
    }

    /// How many continuations were decided on, accepted or not: each is counted at its break,
    /// before its back-off, so that a transfer waiting to resume shows it. Linux only.
    public var resumptionAttemptCount: Int {
        state.withLock { $0.resumptionAttemptCount }
    }

    /// The bytes of an HTTP body received again and dropped, over every continuation, as sent:
    /// a server without ranges resumes a transfer by sending the same version from its start
    /// (see ``XMLHTTPConfiguration/maximumResumptionAttempts``), whose bytes up to the break the parser
    /// already had. Not counted in ``receivedByteCount``. Linux only.
    public var rereadByteCount: Int {
        state.withLock { $0.rereadByteCount }
    }

    /// Whether the file was read to its end, or the HTTP body received whole (it may still wait
    /// in the buffer).
    public var isFinished: Bool {
        state.withLock { $0.isFinished }
    }

    /// The bytes received and not yet taken by the consumer, as sent (before content
    /// decoding): what the client holds between the network and the parser, or a producer's
    /// stream between its writer and the parser.
    public var bufferedByteCount: Int {
        state.withLock { $0.stream }?.bufferedByteCount ?? 0
    }

    /// The most bytes ever buffered at once during the transfer; at most the high watermark
    /// plus one network read (for a producer's stream, plus one write per producer).
    public var peakBufferedByteCount: Int {
        state.withLock { $0.stream }?.peakBufferedByteCount ?? 0
    }

    /// Whether the source has stopped reading until the consumer drains its buffer: its
    /// producer (the transfer) waits on the stream, which reached the high watermark and has not
    /// drained to the low one since. The stream's own report of backpressure, which stays true
    /// as long as the consumer takes nothing.
    var isWaitingForConsumer: Bool {
        (state.withLock { $0.stream }?.storage.waitingProducerCount ?? 0) > 0
    }

    // MARK: Recording

    /// A new transfer starts, buffering in `stream` (if it has a buffer of its own).
    package func begin(buffering stream: ByteChunkStream?) {
        state.withLock { $0 = State(stream: stream) }
    }

    /// A file was opened; `size` is its size if it is a regular file.
    func begin(expecting size: Int?) {
        state.withLock { $0 = State(expectedByteCount: size) }
    }

    /// `count` more bytes were read from a file and handed on.
    func record(read count: Int) {
        state.withLock { state in
            state.receivedByteCount += count
            state.decodedByteCount += count
        }
    }

    /// The response's head has come.
    package func expect(_ byteCount: Int?) {
        state.withLock { $0.expectedByteCount = byteCount }
    }

    /// More of the body came: `received` in all so far, as sent.
    package func record(received: Int) {
        state.withLock { $0.receivedByteCount = received }
    }

    /// A continuation sent again bytes the transfer already had: `reread` in all so far.
    package func record(reread: Int) {
        state.withLock { $0.rereadByteCount = reread }
    }

    /// The consumer took `decoded` more bytes of the body.
    package func record(delivered decoded: Int) {
        state.withLock { $0.decodedByteCount += decoded }
    }

    /// A continuation was decided on.
    package func recordResumptionAttempt() {
        state.withLock { $0.resumptionAttemptCount += 1 }
    }

    /// A continuation was accepted; it brings the body's length if that was unknown.
    package func recordResumption(expecting byteCount: Int?) {
        state.withLock { state in
            state.resumptionCount += 1
            if state.expectedByteCount == nil { state.expectedByteCount = byteCount }
        }
    }

    /// The body was received whole.
    package func finish() {
        state.withLock { $0.isFinished = true }
    }
}
