import Foundation
import XMLEventsInput

/// Which responses are redirects the client follows, and the request that follows one: the rules
/// of the Fetch standard, which browsers and libcurl's defaults share.
enum HTTPRedirect {
    /// The redirects followed. Other 3xx responses (300 Multiple Choices, 304 Not Modified, the
    /// obsolete 305 and 306) are final, and report their own status and body even with a
    /// `Location`.
    static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Header fields that describe the request's body, dropped with the body.
    private static let bodyFields: Set<String> = [
        "content-type", "content-length", "content-encoding", "content-language", "content-location",
    ]

    /// Header fields that carry credentials, dropped when the redirect leaves the origin.
    private static let credentialFields: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The request for `target`, which a `status` redirect from `current` points to.
    ///
    /// A 303 turns any method but `HEAD` into a `GET`, and a 301 or 302 turns a `POST` into one,
    /// without the body; 307 and 308 repeat the request as it was. Credentials in header fields
    /// are sent only to the origin they were set for.
    static func request(
        following status: Int,
        to target: URL,
        from request: HTTPTransferRequest,
        at current: URL
    ) -> HTTPTransferRequest {
        var next = request
        next.url = target
        let method = request.method.uppercased()
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll { bodyFields.contains($0.name.lowercased()) }
        }
        if origin(of: target) != origin(of: current) {
            next.headers.removeAll { credentialFields.contains($0.name.lowercased()) }
        }
        return next
    }

    /// Scheme, host and port, the port spelled out when it is the scheme's default.
    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
