import Foundation
import XMLEventsInput

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything a transport needs to know about one transfer, taken from a `URLRequest` and an
/// ``XMLHTTPConfiguration`` once, so that the transports never look at either.
struct HTTPTransferRequest: Sendable {
    var url: URL?
    var method: String
    /// Header fields in a stable order (sorted by name), so that requests are reproducible.
    var headers: [(name: String, value: String)]
    var body: Data?
    var hasBodyStream: Bool
    var idleTimeout: Duration
    var connectTimeout: Duration
    var maximumRedirects: Int
    var userAgent: String?
    var watermarks: ClosedRange<Int>
    var maximumErrorBodyByteCount: Int
    var socketReceiveBufferSize: Int?
    var totalTimeout: Duration?
    var maximumBodyByteCount: Int?
    var acceptedContentCodings: [XMLHTTPContentCoding]
    var usesEnvironmentProxies: Bool
    var certificateAuthorityBundlePath: String?
    var resumption: HTTPResumptionPolicy

    init(_ request: URLRequest, configuration: XMLHTTPConfiguration) {
        url = request.url
        method = request.httpMethod ?? "GET"
        headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map {
            (name: $0.key, value: $0.value)
        }
        body = request.httpBody
        hasBodyStream = request.httpBodyStream != nil
        idleTimeout = Self.bounded(configuration.idleTimeout ?? Self.duration(seconds: request.timeoutInterval))
        connectTimeout = Self.bounded(configuration.connectTimeout)
        maximumRedirects = max(0, configuration.maximumRedirects)
        userAgent = configuration.userAgent
        watermarks = configuration.watermarks
        maximumErrorBodyByteCount = max(0, configuration.maximumErrorBodyByteCount)
        socketReceiveBufferSize = configuration.socketReceiveBufferSize
        totalTimeout = configuration.totalTimeout.map(Self.bounded)
        maximumBodyByteCount = configuration.maximumBodyByteCount.map { max(0, $0) }
        acceptedContentCodings = configuration.acceptedContentCodings
        usesEnvironmentProxies = configuration.usesEnvironmentProxies
        certificateAuthorityBundlePath = configuration.certificateAuthorityBundlePath
        resumption = configuration.resumptionPolicy
    }

    /// A timeout the transports can add to a clock reading and count in milliseconds without
    /// overflowing: from 1 ms to a year.
    private static func bounded(_ timeout: Duration) -> Duration {
        Swift.min(Swift.max(timeout, .milliseconds(1)), .seconds(365 * 86_400))
    }

    /// `URLRequest.timeoutInterval` as a duration; 60 seconds, `URLRequest`'s default, for values
    /// that are not a positive number.
    private static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .seconds(60) }
        return .milliseconds(Int64(Swift.min(seconds, 365 * 86_400) * 1_000))
    }

    /// Why the request cannot be sent, or `nil` if it can.
    var unsupportedReason: XMLHTTPError? {
        guard let url else { return .unsupportedRequest(url: nil, reason: "the request has no URL") }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .unsupportedRequest(url: url, reason: "only http and https URLs are supported")
        }
        if hasBodyStream {
            return .unsupportedRequest(url: url, reason: "a body stream is not supported; set httpBody")
        }
        return nil
    }

    /// Whether a request header named `name` was set, compared case-insensitively.
    func hasHeader(_ name: String) -> Bool {
        headers.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}
