import XMLEventsInput

/// How an HTTP transfer behaves: its buffer, its timeouts, its redirects, its limits, its
/// resumption after a break.
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
    /// How many received bytes may wait for the consumer before the transfer is paused (``XMLByteChunkStream/Watermarks/high``,
    /// 1 MiB by default), and how few let it resume (``XMLByteChunkStream/Watermarks/low``, 256 KiB).
    ///
    /// While paused, nothing is read from the connection, so TCP's flow control slows the server
    /// down. The client holds at most the high watermark plus one network read (16 KiB). Bytes
    /// are buffered as they were sent, before content decoding, which happens as the consumer
    /// reads (see ``acceptedContentCodings``).
    public var watermarks: XMLByteChunkStream.Watermarks

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

    /// Whether and how a transfer that breaks off mid-body continues where it broke off, from
    /// the byte it had reached, with the same parser: three attempts in a row by default, which
    /// is safe because a continuation is accepted only for the same version of the document.
    /// ``ResumptionPolicy/disabled`` turns it off. Linux only.
    public var resumption: ResumptionPolicy

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
    ///   - resumption: When and how often a broken-off transfer is resumed.
    public init(
        watermarks: XMLByteChunkStream.Watermarks = .default,
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
        resumption: ResumptionPolicy = .default
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
        self.resumption = resumption
    }

    /// The defaults.
    public static let `default` = XMLHTTPConfiguration()
}
