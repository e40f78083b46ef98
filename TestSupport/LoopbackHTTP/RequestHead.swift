import Foundation

/// A request's line and header fields, parsed, before its body is read.
struct RequestHead {
    /// The method, as sent.
    var method: String
    /// The request target, as sent.
    var target: String
    /// The target's path, without the query; for an absolute-form target, without scheme and
    /// authority.
    var path: String
    /// The target's query, or `nil` when there is no `?`.
    var query: String?
    /// `x` of `HTTP/1.x`: 0 or 1.
    var minorVersion: Int
    /// The header fields in order.
    var headers: [(name: String, value: String)]

    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String { "HTTP/1.\(minorVersion)" }

    /// Whether this is a `HEAD` request, whose response has a head only.
    var isHead: Bool { method == "HEAD" }

    /// Whether the client can read a chunked body: HTTP/1.1 clients must.
    var acceptsChunked: Bool { minorVersion >= 1 }

    /// The values of every header named `name`, compared case-insensitively.
    func values(of name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name }.map(\.value)
    }

    /// The comma-separated tokens of every header named `name`, lowercased.
    func tokens(of name: String) -> [String] {
        values(of: name).flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
    }

    /// Whether the client wants the connection kept open after the response: by default in
    /// HTTP/1.1, only when asked in HTTP/1.0.
    var wantsPersistentConnection: Bool {
        let connection = tokens(of: "connection")
        if connection.contains("close") { return false }
        return minorVersion >= 1 || connection.contains("keep-alive")
    }

    /// Whether the client waits for `100 Continue` before sending its body.
    var expectsContinue: Bool {
        minorVersion >= 1 && tokens(of: "expect").contains("100-continue")
    }
}
