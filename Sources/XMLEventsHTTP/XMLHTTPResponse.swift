import Foundation
import XMLEventsInput

/// The head of an HTTP response, known before its first chunk: a success (2xx), or the
/// `304 Not Modified` of a conditional request (see ``XMLHTTPError/notModified(_:)``).
public struct XMLHTTPResponse: Sendable, Hashable {
    /// The status code: from 200 to 299, or 304.
    public var statusCode: Int

    /// The URL the body comes from: the requested one, or the last one redirected to.
    public var url: URL

    /// The header fields of the final response, in the order they came (sorted by name on
    /// Apple platforms, where `HTTPURLResponse` keeps no order); names keep the server's
    /// spelling.
    public var headers: [(name: String, value: String)]

    /// The body's length as the `Content-Length` header states it, or `nil` when the body is
    /// chunked or delimited by the connection's end. With a `Content-Encoding`, this is the
    /// encoded length, while the chunks are decoded.
    public var expectedContentLength: Int?

    /// Creates a response head.
    ///
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - url: The URL of the final response.
    ///   - headers: The header fields, in order.
    ///   - expectedContentLength: The `Content-Length`, if any.
    public init(
        statusCode: Int,
        url: URL,
        headers: [(name: String, value: String)],
        expectedContentLength: Int?
    ) {
        self.statusCode = statusCode
        self.url = url
        self.headers = headers
        self.expectedContentLength = expectedContentLength
    }

    /// Whether two heads have the same status, URL, fields (in order) and length.
    public static func == (lhs: XMLHTTPResponse, rhs: XMLHTTPResponse) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.url == rhs.url
            && lhs.expectedContentLength == rhs.expectedContentLength
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the status, URL, fields and length.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(statusCode)
        hasher.combine(url)
        hasher.combine(expectedContentLength)
        for field in headers {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }

    /// The value of the first header field named `name`, compared case-insensitively, or `nil`.
    ///
    /// - Parameter name: A field name such as `Content-Type`.
    /// - Returns: The field's value, without surrounding whitespace.
    public func value(forHTTPHeaderField name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
