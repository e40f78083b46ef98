import Foundation

/// A request as the server received it, handed to a route's handler.
public struct LoopbackRequest: Sendable {
    /// The method, such as `GET` or `POST`, as sent.
    public let method: String

    /// The request target as sent, such as `/feed.xml?page=2`.
    public let target: String

    /// The target's path, as sent (not percent-decoded), such as `/feed.xml`. Routes match it
    /// exactly.
    public let path: String

    /// The target's query, after the `?` and as sent, or `nil` when there is no `?`.
    public let query: String?

    /// The protocol version, `HTTP/1.0` or `HTTP/1.1`.
    public let version: String

    /// The header fields in the order they came; names keep the client's spelling.
    public let headers: [(name: String, value: String)]

    /// The body, as delimited by `Content-Length`; empty when there is none.
    public let body: Data

    /// Creates a request; the server makes these, tests of handlers may too.
    public init(
        method: String,
        target: String,
        path: String,
        query: String?,
        version: String,
        headers: [(name: String, value: String)],
        body: Data
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name`, compared case-insensitively, or `nil`.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The percent-decoded value of the first query parameter named `name`, or `nil`; a `+`
    /// stands for a space, as in HTML forms.
    public func queryValue(_ name: String) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard Self.decode(parts[0]) == name else { continue }
            return parts.count > 1 ? Self.decode(parts[1]) : ""
        }
        return nil
    }

    private static func decode(_ component: Substring) -> String {
        let spaced = component.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

extension LoopbackRequest {
    /// The request that `head` and `body` make up.
    init(head: RequestHead, body: Data) {
        self.init(
            method: head.method,
            target: head.target,
            path: head.path,
            query: head.query,
            version: head.version,
            headers: head.headers,
            body: body
        )
    }
}
