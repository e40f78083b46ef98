import Foundation

/// How the server answers a request: status, headers and body, and how to deliver them — at full
/// speed or in drips, compressed or not, framed by length or in chunks — or how to fail midway.
///
/// A response is a description, not a stream. Registered with ``LoopbackServer/route(_:_:)``, it
/// is served afresh to every request, and a streamed body starts again from its first chunk.
///
/// ```swift
/// // 100 MB generated on the fly, gzip-compressed, in chunks.
/// let feed = LoopbackResponse(
///     headers: [("Content-Type", "application/xml")],
///     body: .stream(CorpusChunks(document: document, chunkSize: 65_536)),
///     contentEncoding: .gzip
/// )
/// // The client sees 1,000 bytes of a declared 10,000, then the connection closes.
/// let broken = LoopbackResponse(body: .repeating(Data("x".utf8), totalBytes: 10_000), fault: .close(afterBodyBytes: 1_000))
/// ```
///
/// The server writes the framing headers itself — `Content-Length`, `Transfer-Encoding` and
/// `Connection` — and drops any of those in ``headers``. It writes `Content-Encoding` when
/// ``contentEncoding`` is not ``ContentEncoding/identity``; otherwise a `Content-Encoding` in
/// ``headers`` is sent as it is, which lets a test serve a body that lies about its coding.
public struct LoopbackResponse: Sendable {
    /// The status code, such as 200, 302 or 500. Its reason phrase is the standard one.
    public var status: Int

    /// Headers to send, in order, after the status line. Names may repeat.
    public var headers: [(name: String, value: String)]

    /// The bytes of the body, before content coding. Ignored for `HEAD` and for statuses that
    /// have no body (1xx, 204, 304).
    public var body: Body

    /// The coding applied to ``body`` on the fly, announced in `Content-Encoding`.
    public var contentEncoding: ContentEncoding

    /// How the client learns where the body ends.
    public var framing: Framing

    /// How fast the body goes out.
    public var pacing: Pacing

    /// How fast the head goes out: with ``Pacing/drip(bytes:every:)`` the interim responses, the
    /// status line and the header fields trickle out a few bytes at a time, for testing a
    /// client's timeouts against a server that never finishes a header line.
    public var headPacing: Pacing

    /// Informational statuses (100–199, such as 100 Continue) sent as interim responses before
    /// the final one, whether or not the client asked for them.
    public var interimStatuses: [Int]

    /// A failure to inject into this response, or `nil` to deliver it whole.
    public var fault: Fault?

    /// `SO_SNDBUF` for this response's connection, overriding the server's
    /// ``LoopbackServer/Configuration/sendBufferSize``; `nil` keeps the server's.
    ///
    /// A small value makes the server's written byte count stop growing soon after the client
    /// stops reading. The kernel may round it: Linux doubles the value and enforces a minimum
    /// of about 4.5 KiB, and the client's receive buffer holds more on top.
    public var sendBufferSize: Int?

    /// Describes a response; every part but the status has a plain default.
    public init(
        status: Int = 200,
        headers: [(name: String, value: String)] = [],
        body: Body = .empty,
        contentEncoding: ContentEncoding = .identity,
        framing: Framing = .automatic,
        pacing: Pacing = .immediate,
        fault: Fault? = nil,
        sendBufferSize: Int? = nil,
        headPacing: Pacing = .immediate,
        interimStatuses: [Int] = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.contentEncoding = contentEncoding
        self.framing = framing
        self.pacing = pacing
        self.fault = fault
        self.sendBufferSize = sendBufferSize
        self.headPacing = headPacing
        self.interimStatuses = interimStatuses
    }

    /// A redirect to `location` (a path on this server or any URL), with a short text body.
    ///
    /// Chains and loops are plain routes: `/a` redirecting to `/b`, and `/b` back to `/a`.
    ///
    /// - Parameter status: 301, 302, 303, 307 or 308.
    public static func redirect(to location: String, status: Int = 302) -> LoopbackResponse {
        LoopbackResponse(
            status: status,
            headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")],
            body: .text("Redirecting to \(location)\n")
        )
    }

    /// A plain-text response with `status`, whose body is `text` or, by default, the status's
    /// reason phrase; for 404s, 500s and the like.
    public static func text(_ text: String? = nil, status: Int) -> LoopbackResponse {
        LoopbackResponse(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: .text(text ?? "\(ReasonPhrase.for(status))\n")
        )
    }
}
