/// How an HTTP transfer behaves: its buffer, its timeouts, its redirects.
///
/// ```swift
/// var configuration = HTTPConfiguration()
/// configuration.idleTimeout = .seconds(15)
/// for try await event in XMLEvents(url: feedURL, configuration: configuration) { … }
/// ```
///
/// The defaults suit a large feed read by a slow consumer: at most about 1 MiB is buffered
/// between the network and the parser, and a server that goes silent for a minute is an error.
public struct HTTPConfiguration: Sendable, Hashable {
    /// How many received bytes may wait for the consumer before the transfer is paused (``ByteChunkStream/Watermarks/high``,
    /// 1 MiB by default), and how few let it resume (``ByteChunkStream/Watermarks/low``, 256 KiB).
    ///
    /// While paused, nothing is read from the connection, so TCP's flow control slows the server
    /// down. The client holds at most the high watermark plus one network read (16 KiB).
    public var watermarks: ByteChunkStream.Watermarks

    /// How long resolving the host name and opening the connection may take. Default: 30 seconds.
    /// Timeouts are kept between 1 millisecond and a year.
    public var connectTimeout: Duration

    /// How long the server may send nothing, from the start of the request to the end of the
    /// body, before the transfer fails with ``XMLHTTPError/stalled(url:after:)``, or `nil` (the
    /// default) for the request's `timeoutInterval`, which is 60 seconds unless set otherwise, as
    /// `URLSession` does.
    ///
    /// Time the transfer spends paused because the consumer is behind never counts.
    public var idleTimeout: Duration?

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
    public init(
        watermarks: ByteChunkStream.Watermarks = .default,
        connectTimeout: Duration = .seconds(30),
        idleTimeout: Duration? = nil,
        maximumRedirects: Int = 10,
        userAgent: String? = "XMLEvents",
        maximumErrorBodyByteCount: Int = 4_096,
        socketReceiveBufferSize: Int? = nil
    ) {
        self.watermarks = watermarks
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.maximumRedirects = maximumRedirects
        self.userAgent = userAgent
        self.maximumErrorBodyByteCount = maximumErrorBodyByteCount
        self.socketReceiveBufferSize = socketReceiveBufferSize
    }

    /// The defaults.
    public static let `default` = HTTPConfiguration()
}
