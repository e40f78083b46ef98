#if HTTP
    import Foundation

    /// An HTTP transfer failed: the server could not be reached, answered with an error status, went
    /// silent or too slow, sent too much, or cut the body short.
    ///
    /// Thrown by the iteration of an HTTP ``XMLByteSource`` and of `XMLEvents(url:)`, never replaced by a silent
    /// end. Errors that come before the response (every case but ``stalled(url:after:)``,
    /// ``totalTimeoutExceeded(url:after:)``, ``bodyTooLarge(url:limit:)``,
    /// ``undecodableContent(url:reason:)``,
    /// ``truncatedBody(url:receivedByteCount:expectedByteCount:)``,
    /// ``resumptionRefused(url:receivedByteCount:reason:)``,
    /// ``partialContentMismatch(url:contentRange:)`` and
    /// ``connectionLost(url:reason:)``, which can come either way) are thrown before any chunk or
    /// event. Each case names the URL it concerns: the last one requested, after redirects.
    ///
    /// The URLs in the cases are as requested, password included; the ``description`` (and so
    /// `localizedDescription`) shows them with the password replaced by `***`, and escapes the
    /// controls a server's answer may hold (see ``XMLDiagnosticText``), so it is safe to print and to
    /// log.
    public enum XMLHTTPError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// The server answered with a status outside 200–299 (after following redirects).
        ///
        /// `bodyPrefix` holds the first bytes of the response's body, at most
        /// ``XMLHTTPConfiguration/maximumErrorBodyByteCount``, which often explain the refusal.
        case unacceptableStatus(Int, url: URL, bodyPrefix: Data)

        /// The server answered a conditional request (`If-None-Match`, `If-Modified-Since`) with
        /// `304 Not Modified`: the version the request named is still current, and there is no body.
        ///
        /// An outcome more than a failure: keep using the copy you have. `response` is the 304's head,
        /// whose `ETag`, `Last-Modified` and caching fields may be new; it is also what the iterator's
        /// `response()` returns. Thrown before any chunk or event.
        ///
        /// ```swift
        /// do {
        ///     for try await entry in try XMLEvents(request: conditionalRequest).elements(matching: "entry") { … }
        /// } catch XMLHTTPError.notModified(let response) {
        ///     cache.refresh(etag: response.value(forHTTPHeaderField: "ETag"))
        /// }
        /// ```
        case notModified(XMLHTTPResponse)

        /// The host name could not be resolved.
        case hostNotFound(url: URL)

        /// The host refused the connection: nothing listens on that port.
        case connectionRefused(url: URL)

        /// Resolving the host and connecting took longer than the connect timeout.
        case connectTimedOut(url: URL, after: Duration)

        /// The server sent nothing for `after` (the idle timeout) while the transfer was waiting for
        /// it, not counting pauses made because the consumer was behind.
        case stalled(url: URL, after: Duration)

        /// The server was sending its response's head, but no complete header line came for `after`
        /// (the idle timeout): it trickles the head, or one header line is endless.
        case headerTooSlow(url: URL, after: Duration)

        /// The transfer did not end within `after`, ``XMLHTTPConfiguration/totalTimeout``.
        case totalTimeoutExceeded(url: URL, after: Duration)

        /// The response's head, or one of its lines, is longer than `limit` bytes.
        case headerTooLarge(url: URL, limit: Int)

        /// The body, after content decoding, is longer than `limit` bytes,
        /// ``XMLHTTPConfiguration/maximumBodyByteCount``. Thrown after the first `limit` bytes, or before
        /// any chunk when an uncoded body's `Content-Length` says so.
        case bodyTooLarge(url: URL, limit: Int)

        /// The connection ended before the body did: fewer bytes than its `Content-Length`, or a
        /// chunked body without its last chunk. Counts are of bytes as sent, before content decoding.
        case truncatedBody(url: URL, receivedByteCount: Int, expectedByteCount: Int?)

        /// The connection broke (reset, or closed before any response), for the reason given.
        case connectionLost(url: URL, reason: String)

        /// The body broke off after `receivedByteCount` bytes (as sent, before content decoding),
        /// and could not be continued without risking a splice of two versions of the document, or
        /// of bytes other than the missing ones: `reason` says why.
        ///
        /// The chunks and events delivered before it are those of the body's first
        /// `receivedByteCount` bytes, and nothing of the refused continuation follows them. See
        /// ``XMLHTTPConfiguration/resumption``.
        case resumptionRefused(url: URL, receivedByteCount: Int, reason: ResumptionRefusal)

        /// The server answered `206 Partial Content` with a body the transfer cannot take as the
        /// one asked for: to a request without a `Range` of its own, a part other than the whole
        /// representation (a `Content-Range` other than `bytes 0-(n-1)/n`, or none), before any
        /// chunk; or, to any request, a `Content-Length` other than the span of its `Content-Range`
        /// (before any chunk) or more bytes than that span (after the bytes it spans).
        /// `contentRange` is its value, if there was one. Continuations of a resumed transfer are
        /// refused with ``resumptionRefused(url:receivedByteCount:reason:)`` instead.
        case partialContentMismatch(url: URL, contentRange: String?)

        /// More redirects than ``XMLHTTPConfiguration/maximumRedirects`` (`limit`) in a row.
        case tooManyRedirects(url: URL, limit: Int)

        /// The body could not be decoded from its `Content-Encoding`: a coding that was not asked for
        /// (see ``XMLHTTPConfiguration/acceptedContentCodings``) or is unknown, before any chunk; or bytes
        /// that are not in the coding, or that end inside it, when they come.
        case undecodableContent(url: URL, reason: String)

        /// The request cannot be sent: no URL, a scheme other than `http` or `https`, or a body
        /// stream (only `httpBody` is supported).
        case unsupportedRequest(url: URL?, reason: String)

        /// Any other failure of the transfer. `code` is the platform's (a `CURLcode` on Linux, a
        /// `URLError.Code` on Apple platforms) and `message` its explanation.
        case transferFailed(url: URL, code: Int, message: String)

        /// A sentence for logs, naming the URL without its password; control and bidirectional
        /// characters (of the server's error body, say) are escaped.
        public var description: String {
            XMLDiagnosticText.escaping(sentence)
        }

        /// The ``description``, so that `localizedDescription` says what went wrong too.
        public var errorDescription: String? { description }

        /// The description before escaping.
        private var sentence: String {
            switch self {
            case .unacceptableStatus(let status, let url, let body):
                let explanation = Self.excerpt(of: body).map { ": \($0)" } ?? ""
                return "\(XMLDiagnosticText.redacting(url)) answered HTTP \(status)\(explanation)"
            case .notModified(let response):
                return "\(XMLDiagnosticText.redacting(response.url)) answered HTTP 304: not modified since the version "
                    + "the request named"
            case .hostNotFound(let url):
                return "cannot resolve the host of \(XMLDiagnosticText.redacting(url))"
            case .connectionRefused(let url):
                return "connection refused by the server of \(XMLDiagnosticText.redacting(url))"
            case .connectTimedOut(let url, let after):
                return "could not connect to the server of \(XMLDiagnosticText.redacting(url)) within \(after)"
            case .stalled(let url, let after):
                return "\(XMLDiagnosticText.redacting(url)) sent nothing for \(after)"
            case .headerTooSlow(let url, let after):
                return
                    "\(XMLDiagnosticText.redacting(url)) sent its response head too slowly: no complete header line for \(after)"
            case .totalTimeoutExceeded(let url, let after):
                return
                    "the transfer of \(XMLDiagnosticText.redacting(url)) did not finish within its total timeout of \(after)"
            case .headerTooLarge(let url, let limit):
                return
                    "\(XMLDiagnosticText.redacting(url)) sent a response head or header line larger than \(limit) bytes"
            case .bodyTooLarge(let url, let limit):
                return "the body of \(XMLDiagnosticText.redacting(url)) is larger than the limit of \(limit) bytes"
            case .truncatedBody(let url, let received, let expected):
                let of = expected.map { " of \($0)" } ?? ""
                return "the body of \(XMLDiagnosticText.redacting(url)) ended early, after \(received)\(of) bytes"
            case .connectionLost(let url, let reason):
                return "the connection to \(XMLDiagnosticText.redacting(url)) broke: \(reason)"
            case .resumptionRefused(let url, let received, let reason):
                return "the body of \(XMLDiagnosticText.redacting(url)) broke off after \(received) bytes and "
                    + "cannot be resumed: \(reason)"
            case .partialContentMismatch(let url, let contentRange):
                let value = contentRange.map { "'\($0)'" } ?? "missing"
                return
                    "\(XMLDiagnosticText.redacting(url)) answered 206 Partial Content with a body other than the one "
                    + "asked for (Content-Range \(value))"
            case .tooManyRedirects(let url, let limit):
                return "more than \(limit) redirects, the last to \(XMLDiagnosticText.redacting(url))"
            case .undecodableContent(let url, let reason):
                return "cannot decode the body of \(XMLDiagnosticText.redacting(url)): \(reason)"
            case .unsupportedRequest(let url, let reason):
                return "cannot request \(url.map(XMLDiagnosticText.redacting) ?? "a request without a URL"): \(reason)"
            case .transferFailed(let url, let code, let message):
                return "the transfer of \(XMLDiagnosticText.redacting(url)) failed (\(code)): \(message)"
            }
        }

        /// The start of an error body as one line of text, if it is text.
        private static func excerpt(of body: Data) -> String? {
            guard !body.isEmpty else { return nil }
            // Decoding repairs a character cut at the limit instead of dropping the whole excerpt.
            let text = String(decoding: body.prefix(200), as: UTF8.self)
            let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            return body.count > 200 ? trimmed + "…" : trimmed
        }
    }
#endif
