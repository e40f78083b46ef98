import XMLEventsInput

/// How an HTTP transfer behaves: its buffer, its timeouts, its redirects, its limits, its
/// resumption after a break (``maximumResumptionAttempts``).
///
/// ```swift
/// var configuration = XMLHTTPConfiguration()
/// configuration.idleTimeout = .seconds(15)
/// for try await event in XMLEvents(url: feedURL, configuration: configuration) { … }
/// ```
///
/// The defaults suit a large feed read by a slow consumer: at most about 1 MiB is buffered
/// between the network and the parser, and a server that goes silent for a minute is an error.
/// Like curl and Go's `http.Client`, they set no total deadline and no size limit; a server that
/// trickles a byte now and then can keep a transfer going, and an endless body streams forever.
/// For untrusted servers set both, one line each:
///
/// ```swift
/// var configuration = XMLHTTPConfiguration()
/// configuration.totalTimeout = .seconds(300)
/// configuration.maximumBodyByteCount = 100_000_000
/// ```
public struct XMLHTTPConfiguration: Sendable, Hashable {
    /// How few received bytes waiting for the consumer let a paused transfer resume (the lower
    /// bound, 256 KiB by default), and how many pause it (the upper bound, 1 MiB): the
    /// watermarks of ``XMLByteSource/makeStream(watermarks:onTermination:)``, so the upper bound must be at least 1 and the
    /// lower at least 0.
    ///
    /// While paused, nothing is read from the connection, so TCP's flow control slows the server
    /// down. The client holds at most the high watermark plus one network read (16 KiB). Bytes
    /// are buffered as they were sent, before content decoding, which happens as the consumer
    /// reads (see ``acceptedContentCodings``).
    public var watermarks: ClosedRange<Int>

    /// How long resolving the host name and opening the connection may take. Default: 30 seconds.
    /// Timeouts are kept between 1 millisecond and a year.
    public var connectTimeout: Duration

    /// How long the server may send nothing, from the start of the request to the end of the
    /// body, before the transfer fails with ``XMLHTTPError/stalled(url:after:)``, or `nil` (the
    /// default) for the request's `timeoutInterval`, which is 60 seconds unless set otherwise, as
    /// `URLSession` does.
    ///
    /// Time the transfer spends paused because the consumer is behind never counts. While the
    /// response's head is arriving, only complete header lines count as something sent: a server
    /// that trickles a header line fails with ``XMLHTTPError/headerTooSlow(url:after:)``.
    public var idleTimeout: Duration?

    /// How long the whole transfer may take, from the start of the request to the last byte of
    /// the body, redirects and pauses for the consumer included, before it fails with
    /// ``XMLHTTPError/totalTimeoutExceeded(url:after:)``; `nil` (the default) for no limit.
    ///
    /// The bytes received in time stay readable before the error. Unlike ``idleTimeout``, this
    /// stops a server that keeps a transfer alive by sending a byte now and then.
    public var totalTimeout: Duration?

    /// The most body bytes, after content decoding, the consumer may read; one more fails the
    /// transfer with ``XMLHTTPError/bodyTooLarge(url:limit:)``, after exactly this many bytes.
    /// `nil` (the default) for no limit.
    ///
    /// A body without content coding whose `Content-Length` is larger fails at once, before any
    /// chunk. The limit counts decoded bytes, so it also bounds how far a small compressed body
    /// may expand.
    public var maximumBodyByteCount: Int?

    /// How many redirects are followed before the transfer fails with
    /// ``XMLHTTPError/tooManyRedirects(url:limit:)``; 0 follows none. Default: 10.
    public var maximumRedirects: Int

    /// The `User-Agent` header sent unless the request sets one, or `nil` to send none.
    /// Default: `XMLEvents`.
    public var userAgent: String?

    /// How many bytes of a non-2xx response's body are kept in
    /// ``XMLHTTPError/unacceptableStatus(_:url:bodyPrefix:)``, for the server's explanation; the
    /// rest is not downloaded. Default: 4 KiB.
    public var maximumErrorBodyByteCount: Int

    /// `SO_RCVBUF` for the connection's socket, or `nil` (the default) for the kernel's, which
    /// grows on demand (to several MiB on Linux).
    ///
    /// A small value caps what the kernel holds for a paused transfer, on top of the
    /// ``watermarks``. Linux doubles the value for its bookkeeping. Ignored on Apple platforms.
    public var socketReceiveBufferSize: Int?

    /// The content codings asked for in `Accept-Encoding` and decoded, in that order of
    /// preference; a response in any other coding fails with
    /// ``XMLHTTPError/undecodableContent(url:reason:)`` before its first chunk. An empty list
    /// asks for `identity`. Default: `[.gzip, .deflate]`.
    ///
    /// Bodies are decoded as the consumer reads, one 16 KiB step at a time, so a body of any
    /// compression ratio (a "zip bomb") costs the buffer of encoded bytes plus its coding's
    /// window, which a decoder must hold: 32 KiB for gzip and deflate; for zstd up to 8 MiB and
    /// for brotli up to 16 MiB (and half again while its buffer grows), as the server chooses.
    /// That is why ``XMLHTTPContentCoding/brotli`` and ``XMLHTTPContentCoding/zstd`` are not asked
    /// for unless you add them: with many concurrent transfers from untrusted servers, they can
    /// cost that much each.
    ///
    /// A request that sets its own `Accept-Encoding` sends it instead, but only these codings are
    /// decoded. Linux only: `URLSession` negotiates and decodes on its own.
    public var acceptedContentCodings: [XMLHTTPContentCoding]

    /// Whether the proxy named by the environment (`http_proxy`, `https_proxy`, `ALL_PROXY`,
    /// `NO_PROXY`, as curl reads them) is used. Default: `true`, as curl does; libcurl then
    /// sends even requests for `127.0.0.1` through it unless `NO_PROXY` names the host. Set it
    /// to `false` to connect directly whatever the environment says. Linux only: `URLSession`
    /// uses the system's proxy settings.
    public var usesEnvironmentProxies: Bool

    /// A file of PEM certificates to trust for `https` instead of the system's, such as a
    /// private certificate authority; `nil` (the default) for the system's bundle. Linux only
    /// (libcurl's `CURLOPT_CAINFO`).
    public var certificateAuthorityBundlePath: String?

    /// How many continuations of a transfer that broke off mid-body are tried in a row,
    /// without a body byte coming in between, before the break's error is thrown; four times as
    /// many may be made in all that each bring less than 1 MiB. Default: 3; 0 turns resumption
    /// off. Linux only: on Apple platforms a break ends the transfer with its error.
    ///
    /// A continuation goes on where the transfer broke off, from the byte it had reached, with
    /// the same parser, which is safe because it is accepted only for the same version of the
    /// document; ``resumptionBackoff`` and ``resumptionJitter`` set the waits before the
    /// attempts.
    ///
    /// A break is the connection closing before the body's end, a reset, or the server going
    /// silent for the idle timeout once the body has begun. The transfer then asks for the rest
    /// and feeds it to the same parser, so the consumer sees the events of the whole document,
    /// each once. It does so only when that is safe; see
    /// ``XMLHTTPError/Code/resumptionRefused`` for when it is not.
    ///
    /// How it asks depends on the first response:
    /// - With `Accept-Ranges: bytes` and a strong validator, for the missing bytes:
    ///   `Range: bytes=N-` with `If-Range` carrying the validator, `N` being the body bytes
    ///   received so far as sent. Only a `206` of the same version whose `Content-Range` is
    ///   `bytes N-(L-1)/L` (or `/*`) is taken, and no more bytes of it than that range spans.
    /// - Without ranges but with a strong validator (a server that sends a stored file, such as
    ///   nginx's `gzip_static`, Python's `http.server`), for the same version again: `If-Match`
    ///   with the entity tag, or `If-Unmodified-Since` with the `Last-Modified` date. Only a
    ///   `200` with the same validator, content coding and length is taken; its first `N` bytes,
    ///   which the parser already had, are dropped after checking that they are the ones
    ///   received (``XMLSourceProgress/rereadByteCount`` counts them), and the rest goes on.
    /// - Without a strong validator, never: the break's error ends the transfer.
    ///
    /// A continuation is never redirected: any `3xx` answer to it is refused, since a validator
    /// names a version of one resource only.
    ///
    /// **What a transfer may spend.** At most ``maximumResumptionAttempts`` continuations in a row without
    /// a new body byte in between (a server that is down), and at most four times
    /// ``maximumResumptionAttempts`` continuations in the whole transfer that each brought less than
    /// 1 MiB of new body bytes (a server that cuts every connection after a few bytes, or a
    /// network that cannot keep one up). A continuation that brings 1 MiB or more is not
    /// counted, so a long transfer that makes real progress may be resumed as often as it
    /// breaks. When either budget is spent, the break's own error ends the transfer. So a
    /// server that sends a trickle per connection gets at most 4 × ``maximumResumptionAttempts`` + 1
    /// requests: 13 by default, 33 with `maximumResumptionAttempts = 8`.
    ///
    /// **What re-reading may cost.** From a server without ranges, each continuation re-reads
    /// every byte received so far, so one that cuts every connection a little past the last
    /// would cost a total that grows with the square of the document's length: 314 MB
    /// re-read for a 25.5 MB document cut every MiB. The bytes re-read over the whole
    /// transfer stay within four times the document's length as sent (its `Content-Length`,
    /// or the bytes received while it states none), room for eight breaks spread evenly
    /// through the document: a continuation that would go past that is not asked for, and
    /// the break's own error ends the transfer. The document cut every MiB is given up on at
    /// its fourteenth break, 14 MiB in, after 95 MB re-read.
    ///
    /// The wait before a continuation is the lower bound of ``resumptionBackoff`` × 2^(*k*−1),
    /// at most its upper bound, shortened by a random part of up to ``resumptionJitter`` of it, so that many
    /// clients cut off at once do not come back at once. *k* grows across the whole transfer:
    /// it is the larger of the attempts in a row and the continuations so far that brought
    /// less than 1 MiB (this one included); a transfer whose continuations all make real
    /// progress waits the lower bound after each break.
    ///
    /// Each attempt shows in ``XMLSourceProgress/resumptionAttemptCount`` as soon as it is
    /// decided (before its back-off), and each accepted continuation in
    /// ``XMLSourceProgress/resumptionCount``. ``totalTimeout`` runs through
    /// the back-offs, and cancelling the consuming task during one ends the transfer at once.
    ///
    /// A content-coded body (`gzip`, `deflate`, `br`, `zstd`) is resumed too, over its coded
    /// bytes, which ranges address: the bytes received are kept as sent, and decoded
    /// only as the parser reads them, downstream of the break, so the continuation's bytes
    /// simply go on into the same decoder, whose state never saw the break. The continuation
    /// must then name the same codings; a server that codes each response afresh (on the fly
    /// rather than from a stored file) should not send a strong validator for it, and a
    /// continuation whose bytes belong to another coded stream fails to decode
    /// (``XMLHTTPError/undecodableContent(url:reason:)``) rather than being spliced.
    ///
    /// Failures before the response (a refused connection, a name that does not resolve, a
    /// TLS failure, a connect timeout, an error status) are not retried for the first request:
    /// nothing has been received, so the caller can simply start again, and knows better than
    /// the library whether the server will be back in a few hundred milliseconds. Once a body
    /// has begun, the same failures while asking for its continuation count as failed attempts
    /// and are retried under these settings.
    ///
    /// ```swift
    /// var configuration = XMLHTTPConfiguration()
    /// configuration.maximumResumptionAttempts = 10     // a flaky network
    /// configuration.maximumResumptionAttempts = 0      // or never resume
    /// ```
    public var maximumResumptionAttempts: Int

    /// The wait before the first attempt to resume a broken-off transfer (the lower bound),
    /// which doubles with each further attempt in a row and with each continuation of the
    /// transfer that brought less than 1 MiB, up to the longest wait between two attempts (the
    /// upper bound), however many have failed. Default: 200 milliseconds to 10 seconds; a lower
    /// bound of zero resumes at once. See ``maximumResumptionAttempts``.
    public var resumptionBackoff: ClosedRange<Duration>

    /// The part of each wait before a resumption attempt that is random, from 0 (every wait
    /// exactly as computed) to 1 (anything from zero to the computed wait), so that many
    /// clients cut off at once do not come back at once. Default: 0.5, a wait between half the
    /// computed one and all of it.
    public var resumptionJitter: Double

    /// Creates a configuration; every parameter has the default described on its property.
    ///
    /// - Parameters:
    ///   - watermarks: When to pause and resume the transfer.
    ///   - connectTimeout: The limit for resolving and connecting.
    ///   - idleTimeout: The limit for silence, or `nil` for the request's `timeoutInterval`.
    ///   - maximumRedirects: How many redirects to follow.
    ///   - userAgent: The `User-Agent` to send unless the request has one.
    ///   - maximumErrorBodyByteCount: How much of an error response's body to keep.
    ///   - socketReceiveBufferSize: `SO_RCVBUF`, or `nil` for the kernel's default.
    ///   - totalTimeout: The limit for the whole transfer, or `nil` for none.
    ///   - maximumBodyByteCount: The limit for the decoded body, or `nil` for none.
    ///   - acceptedContentCodings: The content codings to ask for and decode.
    ///   - usesEnvironmentProxies: Whether to use the environment's proxy.
    ///   - certificateAuthorityBundlePath: Certificates to trust instead of the system's.
    ///   - maximumResumptionAttempts: Attempts in a row to resume a broken-off transfer; 0
    ///     never resumes.
    ///   - resumptionBackoff: The wait before the first attempt after a break, up to the cap on
    ///     any wait.
    ///   - resumptionJitter: The random part of each wait, from 0 to 1.
    public init(
        watermarks: ClosedRange<Int> = XMLByteSource.defaultWatermarks,
        connectTimeout: Duration = .seconds(30),
        idleTimeout: Duration? = nil,
        maximumRedirects: Int = 10,
        userAgent: String? = "XMLEvents",
        maximumErrorBodyByteCount: Int = 4_096,
        socketReceiveBufferSize: Int? = nil,
        totalTimeout: Duration? = nil,
        maximumBodyByteCount: Int? = nil,
        acceptedContentCodings: [XMLHTTPContentCoding] = [.gzip, .deflate],
        usesEnvironmentProxies: Bool = true,
        certificateAuthorityBundlePath: String? = nil,
        maximumResumptionAttempts: Int = 3,
        resumptionBackoff: ClosedRange<Duration> = Duration.milliseconds(200)...Duration.seconds(10),
        resumptionJitter: Double = 0.5
    ) {
        self.watermarks = watermarks
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.maximumRedirects = maximumRedirects
        self.userAgent = userAgent
        self.maximumErrorBodyByteCount = maximumErrorBodyByteCount
        self.socketReceiveBufferSize = socketReceiveBufferSize
        self.totalTimeout = totalTimeout
        self.maximumBodyByteCount = maximumBodyByteCount
        self.acceptedContentCodings = acceptedContentCodings
        self.usesEnvironmentProxies = usesEnvironmentProxies
        self.certificateAuthorityBundlePath = certificateAuthorityBundlePath
        self.maximumResumptionAttempts = maximumResumptionAttempts
        self.resumptionBackoff = resumptionBackoff
        self.resumptionJitter = resumptionJitter
    }

    /// The defaults.
    public static let `default` = XMLHTTPConfiguration()
}

extension XMLHTTPConfiguration {
    /// The resumption settings as the transfer applies them.
    var resumptionPolicy: HTTPResumptionPolicy {
        HTTPResumptionPolicy(
            maximumAttempts: maximumResumptionAttempts, initialBackoff: resumptionBackoff.lowerBound,
            maximumBackoff: resumptionBackoff.upperBound, jitter: resumptionJitter)
    }
}
