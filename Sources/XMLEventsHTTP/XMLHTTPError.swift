import Foundation
import XMLEventsInput

/// An HTTP transfer failed: the server could not be reached, answered with an error status, went
/// silent or too slow, sent too much, or cut the body short.
///
/// Thrown by the iteration of an HTTP ``XMLByteSource`` and of `XMLEvents(url:)`, never replaced by a silent
/// end. Tell failures apart by ``code``; the details a failure has are the properties its code's
/// documentation names, and the others are `nil`:
///
/// ```swift
/// do {
///     for try await entry in try XMLEvents(url: feedURL).elements(matching: "entry") { … }
/// } catch let error as XMLHTTPError where error.code == .stalled || error.code == .connectionLost {
///     retryLater(after: error.timeout)
/// }
/// ```
///
/// A struct rather than an enum, so that a new failure can be told apart in a later version
/// without breaking a `switch` over the codes: such a `switch` has a `default`.
///
/// Errors that come before the response (every code but ``Code/stalled``,
/// ``Code/totalTimeoutExceeded``, ``Code/bodyTooLarge``, ``Code/undecodableContent``,
/// ``Code/truncatedBody``, ``Code/resumptionRefused``, ``Code/partialContentMismatch`` and
/// ``Code/connectionLost``, which can come either way) are thrown before any chunk or event.
/// Each error names the URL it concerns in ``url``: the last one requested, after redirects.
///
/// ``url`` is as requested, password included; the ``description`` (and so
/// `localizedDescription`) shows it with the password replaced by `***`, and escapes the
/// controls a server's answer may hold, so it is safe to print and to log.
public struct XMLHTTPError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong. The numbers are stable; new codes may come in later versions.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int

        /// Creates a code from its number.
        ///
        /// - Parameter rawValue: The number of one of the codes declared here.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The server answered with ``XMLHTTPError/status``, outside 200–299 (after following
        /// redirects). ``XMLHTTPError/bodyPrefix`` holds the first bytes of the response's body,
        /// at most ``XMLHTTPConfiguration/maximumErrorBodyByteCount``, which often explain the
        /// refusal.
        public static let unacceptableStatus = Code(rawValue: 1)

        /// The server answered a conditional request (`If-None-Match`, `If-Modified-Since`) with
        /// `304 Not Modified`: the version the request named is still current, and there is no
        /// body.
        ///
        /// An outcome more than a failure: keep using the copy you have.
        /// ``XMLHTTPError/response`` is the 304's head, whose `ETag`, `Last-Modified` and caching
        /// fields may be new; it is also what the source's ``XMLByteSource/response`` returns. Thrown before
        /// any chunk or event.
        public static let notModified = Code(rawValue: 2)

        /// The host name could not be resolved.
        public static let hostNotFound = Code(rawValue: 3)

        /// The host refused the connection: nothing listens on that port.
        public static let connectionRefused = Code(rawValue: 4)

        /// Resolving the host and connecting took longer than ``XMLHTTPError/timeout``, the
        /// connect timeout.
        public static let connectTimedOut = Code(rawValue: 5)

        /// The server sent nothing for ``XMLHTTPError/timeout`` (the idle timeout) while the
        /// transfer was waiting for it, not counting pauses made because the consumer was behind.
        public static let stalled = Code(rawValue: 6)

        /// The server was sending its response's head, but no complete header line came for
        /// ``XMLHTTPError/timeout`` (the idle timeout): it trickles the head, or one header line
        /// is endless.
        public static let headerTooSlow = Code(rawValue: 7)

        /// The transfer did not end within ``XMLHTTPError/timeout``,
        /// ``XMLHTTPConfiguration/totalTimeout``.
        public static let totalTimeoutExceeded = Code(rawValue: 8)

        /// The response's head, or one of its lines, is longer than ``XMLHTTPError/limit``
        /// bytes.
        public static let headerTooLarge = Code(rawValue: 9)

        /// The body, after content decoding, is longer than ``XMLHTTPError/limit`` bytes,
        /// ``XMLHTTPConfiguration/maximumBodyByteCount``. Thrown after the first `limit` bytes,
        /// or before any chunk when an uncoded body's `Content-Length` says so.
        public static let bodyTooLarge = Code(rawValue: 10)

        /// The connection ended before the body did: fewer bytes than its `Content-Length`, or a
        /// chunked body without its last chunk. ``XMLHTTPError/receivedByteCount`` and
        /// ``XMLHTTPError/expectedByteCount`` (`nil` when the length was not known) count bytes
        /// as sent, before content decoding.
        public static let truncatedBody = Code(rawValue: 11)

        /// The connection broke (reset, or closed before any response), for
        /// ``XMLHTTPError/reason``.
        public static let connectionLost = Code(rawValue: 12)

        /// The body broke off after ``XMLHTTPError/receivedByteCount`` bytes (as sent, before
        /// content decoding), and could not be continued without risking a splice of two
        /// versions of the document, or of bytes other than the missing ones:
        /// ``XMLHTTPError/resumptionRefusal`` says why, one of the codes from
        /// ``noStrongValidator`` to ``redirected``.
        ///
        /// The chunks and events delivered before it are those of the body's first
        /// `receivedByteCount` bytes, and nothing of the refused continuation follows them. See
        /// ``XMLHTTPConfiguration/maximumResumptionAttempts``.
        public static let resumptionRefused = Code(rawValue: 13)

        /// The server answered `206 Partial Content` with a body the transfer cannot take as the
        /// one asked for: to a request without a `Range` of its own, a part other than the whole
        /// representation (a `Content-Range` other than `bytes 0-(n-1)/n`, or none), before any
        /// chunk; or, to any request, a `Content-Length` other than the span of its
        /// `Content-Range` (before any chunk) or more bytes than that span (after the bytes it
        /// spans). ``XMLHTTPError/contentRange`` is its value, `nil` if there was none.
        /// Continuations of a resumed transfer are refused with ``resumptionRefused`` instead.
        public static let partialContentMismatch = Code(rawValue: 14)

        /// More redirects than ``XMLHTTPConfiguration/maximumRedirects``
        /// (``XMLHTTPError/limit``) in a row.
        public static let tooManyRedirects = Code(rawValue: 15)

        /// The body could not be decoded from its `Content-Encoding`: a coding that was not asked
        /// for (see ``XMLHTTPConfiguration/acceptedContentCodings``) or is unknown, before any
        /// chunk; or bytes that are not in the coding, or that end inside it, when they come.
        /// ``XMLHTTPError/reason`` says which.
        public static let undecodableContent = Code(rawValue: 16)

        /// The request cannot be sent: no URL (``XMLHTTPError/url`` is `nil` then), a scheme
        /// other than `http` or `https`, or a body stream (only `httpBody` is supported).
        /// ``XMLHTTPError/reason`` says which.
        public static let unsupportedRequest = Code(rawValue: 17)

        /// Any other failure of the transfer. ``XMLHTTPError/platformCode`` is the platform's
        /// code (a `CURLcode` on Linux, a `URLError.Code` on Apple platforms) and
        /// ``XMLHTTPError/reason`` its explanation.
        public static let transferFailed = Code(rawValue: 18)

        // The reasons of a `resumptionRefused`: values of `XMLHTTPError.resumptionRefusal`,
        // never an error's own `code`. A continuation is accepted only from the same resource
        // and of the same version of the document (the same strong validator and content
        // coding): with ranges, a `206 Partial Content` whose `Content-Range` starts at the byte
        // the transfer had reached and has the same complete length, and no more bytes than
        // that range spans; without ranges, a `200` with the same length whose bytes up to that
        // point are the ones received. Anything else would splice bytes that do not belong
        // together.

        /// A reason of ``resumptionRefused`` (in ``XMLHTTPError/resumptionRefusal``): the first
        /// response offered ranges (`Accept-Ranges: bytes`) but no strong validator to ask for
        /// the same version with: no `ETag` other than a weak one (`W/"…"`, which `If-Range`
        /// may not carry), and no `Last-Modified` at least a second older than its `Date`. No
        /// continuation was asked for.
        public static let noStrongValidator = Code(rawValue: 19)

        /// A reason of ``resumptionRefused`` (in ``XMLHTTPError/resumptionRefusal``): the
        /// server answered the continuation with the whole body again (`200` with the same
        /// validator): it ignores `Range`. None of that body was delivered.
        public static let rangeIgnored = Code(rawValue: 20)

        /// A reason of ``resumptionRefused`` (in ``XMLHTTPError/resumptionRefusal``): the
        /// server answered the continuation for another version of the document: a different
        /// (or missing) `ETag` or `Last-Modified`, or another content coding, whether with the
        /// whole body (`200`, as `If-Range` asks) or with a part (`206`, from a server that
        /// ignores `If-Range`); or, asked for the same version again without ranges,
        /// `412 Precondition Failed`, another length, or bytes other than the ones received
        /// before. None of it was delivered.
        public static let documentChanged = Code(rawValue: 21)

        /// A reason of ``resumptionRefused`` (in ``XMLHTTPError/resumptionRefusal``): the
        /// server answered the continuation `416 Range Not Satisfiable`: the document is no
        /// longer as long as the bytes already received.
        public static let rangeNotSatisfiable = Code(rawValue: 22)

        /// A reason of ``resumptionRefused`` (in ``XMLHTTPError/resumptionRefusal``): the
        /// server answered `206` with a `Content-Range` that is missing, malformed, starts
        /// elsewhere than the byte reached, stops before the end (or goes past it), states
        /// another complete length, or spans more bytes than the `Content-Length` sent with it;
        /// ``XMLHTTPError/contentRange`` is its value, if there was one.
        public static let contentRangeMismatch = Code(rawValue: 23)

        /// A reason of ``resumptionRefused`` (in ``XMLHTTPError/resumptionRefusal``): the
        /// continuation's `206` sent more bytes than its `Content-Range` spans: a body delimited
        /// by the connection's end, or in chunks, that runs on past the range's last byte (the
        /// bytes within the range were delivered, none after them), or a `Content-Length`
        /// larger than the span (refused before any of it). ``XMLHTTPError/contentRange`` is its
        /// value.
        public static let contentRangeExceeded = Code(rawValue: 24)

        /// A reason of ``resumptionRefused`` (in ``XMLHTTPError/resumptionRefusal``): the
        /// server answered the continuation with ``XMLHTTPError/status``, a `3xx` (a redirect,
        /// to a mirror say): a validator names a version of one resource only, so a part of
        /// another resource is never taken as the rest of this one, whatever its `ETag`. None of
        /// it was delivered, and the redirect was not followed.
        public static let redirected = Code(rawValue: 25)

        /// The code's name with its number, for example `stalled (6)`; `XMLHTTPError code 99`
        /// for a number not declared here.
        public var description: String {
            guard let name else { return "XMLHTTPError code \(rawValue)" }
            return "\(name) (\(rawValue))"
        }

        /// The name of a code declared here, as spelled in Swift (`stalled`), or `nil` for
        /// another number: for logs and machine-readable output.
        public var name: String? { Code.names[rawValue] }

        private static let names: [Int: String] = [
            Code.unacceptableStatus.rawValue: "unacceptableStatus", Code.notModified.rawValue: "notModified",
            Code.hostNotFound.rawValue: "hostNotFound", Code.connectionRefused.rawValue: "connectionRefused",
            Code.connectTimedOut.rawValue: "connectTimedOut", Code.stalled.rawValue: "stalled",
            Code.headerTooSlow.rawValue: "headerTooSlow",
            Code.totalTimeoutExceeded.rawValue: "totalTimeoutExceeded",
            Code.headerTooLarge.rawValue: "headerTooLarge", Code.bodyTooLarge.rawValue: "bodyTooLarge",
            Code.truncatedBody.rawValue: "truncatedBody", Code.connectionLost.rawValue: "connectionLost",
            Code.resumptionRefused.rawValue: "resumptionRefused",
            Code.partialContentMismatch.rawValue: "partialContentMismatch",
            Code.tooManyRedirects.rawValue: "tooManyRedirects",
            Code.undecodableContent.rawValue: "undecodableContent",
            Code.unsupportedRequest.rawValue: "unsupportedRequest", Code.transferFailed.rawValue: "transferFailed",
            Code.noStrongValidator.rawValue: "noStrongValidator", Code.rangeIgnored.rawValue: "rangeIgnored",
            Code.documentChanged.rawValue: "documentChanged",
            Code.rangeNotSatisfiable.rawValue: "rangeNotSatisfiable",
            Code.contentRangeMismatch.rawValue: "contentRangeMismatch",
            Code.contentRangeExceeded.rawValue: "contentRangeExceeded", Code.redirected.rawValue: "redirected",
        ]
    }

    /// What went wrong.
    public let code: Code

    /// The URL the failure concerns: the last one requested, after redirects, password included.
    /// `nil` only for ``Code/unsupportedRequest`` of a request without a URL.
    public let url: URL?

    /// The response's status, for ``Code/unacceptableStatus``; the continuation's `3xx`, for
    /// ``Code/resumptionRefused`` with the reason ``Code/redirected``.
    public let status: Int?

    /// The first bytes of the error response's body, at most
    /// ``XMLHTTPConfiguration/maximumErrorBodyByteCount`` (empty when it had none), for
    /// ``Code/unacceptableStatus``.
    public let bodyPrefix: Data?

    /// The `304 Not Modified` response's head, for ``Code/notModified``.
    public let response: XMLHTTPResponse?

    /// The timeout that ran out, for ``Code/connectTimedOut``, ``Code/stalled``,
    /// ``Code/headerTooSlow`` and ``Code/totalTimeoutExceeded``.
    public let timeout: Duration?

    /// The bound that was exceeded: bytes for ``Code/headerTooLarge`` and ``Code/bodyTooLarge``,
    /// redirects for ``Code/tooManyRedirects``.
    public let limit: Int?

    /// The bytes of the body received before it broke off, as sent (before content decoding),
    /// for ``Code/truncatedBody`` and ``Code/resumptionRefused``.
    public let receivedByteCount: Int?

    /// The body's length as sent, if it was known, for ``Code/truncatedBody``.
    public let expectedByteCount: Int?

    /// The `Content-Range` value of a `206` that did not fit, for
    /// ``Code/partialContentMismatch``, and for ``Code/resumptionRefused`` with the reasons
    /// ``Code/contentRangeMismatch`` and ``Code/contentRangeExceeded``; `nil` there if the
    /// response had none.
    public let contentRange: String?

    /// Why a broken-off body could not be continued, for ``Code/resumptionRefused``: one of
    /// ``Code/noStrongValidator``, ``Code/rangeIgnored``, ``Code/documentChanged``,
    /// ``Code/rangeNotSatisfiable``, ``Code/contentRangeMismatch``,
    /// ``Code/contentRangeExceeded`` and ``Code/redirected`` (new reasons may come in later
    /// versions):
    ///
    /// ```swift
    /// if error.code == .resumptionRefused, error.resumptionRefusal == .rangeIgnored { … }
    /// ```
    public let resumptionRefusal: Code?

    /// The explanation, for ``Code/connectionLost``, ``Code/undecodableContent``,
    /// ``Code/unsupportedRequest`` and ``Code/transferFailed``.
    public let reason: String?

    /// The platform's error code (a `CURLcode` on Linux, a `URLError.Code` on Apple platforms),
    /// for ``Code/transferFailed``.
    public let platformCode: Int?

    /// An error of `code` with the details that code has.
    private init(
        _ code: Code, url: URL?, status: Int? = nil, bodyPrefix: Data? = nil, response: XMLHTTPResponse? = nil,
        timeout: Duration? = nil, limit: Int? = nil, receivedByteCount: Int? = nil, expectedByteCount: Int? = nil,
        contentRange: String? = nil, resumptionRefusal: Code? = nil, reason: String? = nil,
        platformCode: Int? = nil
    ) {
        self.code = code
        self.url = url
        self.status = status
        self.bodyPrefix = bodyPrefix
        self.response = response
        self.timeout = timeout
        self.limit = limit
        self.receivedByteCount = receivedByteCount
        self.expectedByteCount = expectedByteCount
        self.contentRange = contentRange
        self.resumptionRefusal = resumptionRefusal
        self.reason = reason
        self.platformCode = platformCode
    }

    /// A sentence for logs, naming the URL without its password; control and bidirectional
    /// characters (of the server's error body, say) are escaped.
    public var description: String {
        XMLDiagnosticText.escaping(sentence)
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }

    /// The description before escaping.
    private var sentence: String {
        // The factories set every detail a code's sentence names; "?" stands in only for an
        // error built otherwise, which the package does not do.
        let url = url.map(XMLDiagnosticText.redacting)
        let shownURL = url ?? "a request without a URL"
        func shown(_ value: (some Any)?) -> String { value.map { "\($0)" } ?? "?" }
        switch code {
        case .unacceptableStatus:
            let explanation = bodyPrefix.flatMap(Self.excerpt(of:)).map { ": \($0)" } ?? ""
            return "\(shownURL) answered HTTP \(shown(status))\(explanation)"
        case .notModified:
            return "\(shownURL) answered HTTP 304: not modified since the version the request named"
        case .hostNotFound:
            return "cannot resolve the host of \(shownURL)"
        case .connectionRefused:
            return "connection refused by the server of \(shownURL)"
        case .connectTimedOut:
            return "could not connect to the server of \(shownURL) within \(shown(timeout))"
        case .stalled:
            return "\(shownURL) sent nothing for \(shown(timeout))"
        case .headerTooSlow:
            return "\(shownURL) sent its response head too slowly: no complete header line for \(shown(timeout))"
        case .totalTimeoutExceeded:
            return "the transfer of \(shownURL) did not finish within its total timeout of \(shown(timeout))"
        case .headerTooLarge:
            return "\(shownURL) sent a response head or header line larger than \(shown(limit)) bytes"
        case .bodyTooLarge:
            return "the body of \(shownURL) is larger than the limit of \(shown(limit)) bytes"
        case .truncatedBody:
            let of = expectedByteCount.map { " of \($0)" } ?? ""
            return "the body of \(shownURL) ended early, after \(shown(receivedByteCount))\(of) bytes"
        case .connectionLost:
            return "the connection to \(shownURL) broke: \(shown(reason))"
        case .resumptionRefused:
            return "the body of \(shownURL) broke off after \(shown(receivedByteCount)) bytes and "
                + "cannot be resumed: \(resumptionRefusalSentence ?? "?")"
        case .partialContentMismatch:
            return "\(shownURL) answered 206 Partial Content with a body other than the one "
                + "asked for (Content-Range \(quotedContentRange))"
        case .tooManyRedirects:
            return "more than \(shown(limit)) redirects, the last to \(shownURL)"
        case .undecodableContent:
            return "cannot decode the body of \(shownURL): \(shown(reason))"
        case .unsupportedRequest:
            return "cannot request \(shownURL): \(shown(reason))"
        case .transferFailed:
            return "the transfer of \(shownURL) failed (\(shown(platformCode))): \(shown(reason))"
        default:
            return "the transfer of \(shownURL) failed: \(code)"
        }
    }

    /// Why a continuation was refused, as a clause, for ``Code/resumptionRefused``; `nil` for
    /// other codes. The command-line tool words its own diagnostic with it.
    package var resumptionRefusalSentence: String? {
        guard let refusal = resumptionRefusal else { return nil }
        switch refusal {
        case .noStrongValidator:
            return "the server offers ranges but no strong ETag or Last-Modified to ask for the same version"
        case .rangeIgnored:
            return "the server ignores Range and sent the whole body again"
        case .documentChanged:
            return "the document changed since the transfer began"
        case .rangeNotSatisfiable:
            return "the server answered 416 Range Not Satisfiable"
        case .contentRangeMismatch:
            return "the continuation's Content-Range (\(quotedContentRange)) does not continue the bytes received"
        case .contentRangeExceeded:
            return "the continuation sent more bytes than its Content-Range (\(quotedContentRange)) spans"
        case .redirected:
            let status = status.map(String.init) ?? "a redirect"
            return "the continuation was answered with HTTP \(status) instead of the rest of the same resource"
        default:
            return "the continuation was refused: \(refusal)"
        }
    }

    /// The `Content-Range` a description quotes, or "missing".
    private var quotedContentRange: String { contentRange.map { "'\($0)'" } ?? "missing" }

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

// MARK: - Making errors

extension XMLHTTPError {
    /// The server answered with `status`, outside 200–299; see ``Code/unacceptableStatus``.
    ///
    /// - Parameters:
    ///   - status: The response's status.
    ///   - url: The URL that answered.
    ///   - bodyPrefix: The first bytes of the response's body.
    /// - Returns: An error of code ``Code/unacceptableStatus``.
    public static func unacceptableStatus(_ status: Int, url: URL, bodyPrefix: Data) -> XMLHTTPError {
        XMLHTTPError(.unacceptableStatus, url: url, status: status, bodyPrefix: bodyPrefix)
    }

    /// The server answered `304 Not Modified`; see ``Code/notModified``.
    ///
    /// - Parameter response: The 304's head; its URL is the error's.
    /// - Returns: An error of code ``Code/notModified``.
    public static func notModified(_ response: XMLHTTPResponse) -> XMLHTTPError {
        XMLHTTPError(.notModified, url: response.url, response: response)
    }

    /// The host name could not be resolved; see ``Code/hostNotFound``.
    ///
    /// - Parameter url: The URL requested.
    /// - Returns: An error of code ``Code/hostNotFound``.
    public static func hostNotFound(url: URL) -> XMLHTTPError {
        XMLHTTPError(.hostNotFound, url: url)
    }

    /// The host refused the connection; see ``Code/connectionRefused``.
    ///
    /// - Parameter url: The URL requested.
    /// - Returns: An error of code ``Code/connectionRefused``.
    public static func connectionRefused(url: URL) -> XMLHTTPError {
        XMLHTTPError(.connectionRefused, url: url)
    }

    /// Connecting took longer than `after`; see ``Code/connectTimedOut``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - after: The connect timeout.
    /// - Returns: An error of code ``Code/connectTimedOut``.
    public static func connectTimedOut(url: URL, after: Duration) -> XMLHTTPError {
        XMLHTTPError(.connectTimedOut, url: url, timeout: after)
    }

    /// The server sent nothing for `after`; see ``Code/stalled``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - after: The idle timeout.
    /// - Returns: An error of code ``Code/stalled``.
    public static func stalled(url: URL, after: Duration) -> XMLHTTPError {
        XMLHTTPError(.stalled, url: url, timeout: after)
    }

    /// No complete header line came for `after`; see ``Code/headerTooSlow``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - after: The idle timeout.
    /// - Returns: An error of code ``Code/headerTooSlow``.
    public static func headerTooSlow(url: URL, after: Duration) -> XMLHTTPError {
        XMLHTTPError(.headerTooSlow, url: url, timeout: after)
    }

    /// The transfer did not end within `after`; see ``Code/totalTimeoutExceeded``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - after: The total timeout.
    /// - Returns: An error of code ``Code/totalTimeoutExceeded``.
    public static func totalTimeoutExceeded(url: URL, after: Duration) -> XMLHTTPError {
        XMLHTTPError(.totalTimeoutExceeded, url: url, timeout: after)
    }

    /// The response's head or one of its lines is longer than `limit` bytes; see
    /// ``Code/headerTooLarge``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - limit: The bound in bytes.
    /// - Returns: An error of code ``Code/headerTooLarge``.
    public static func headerTooLarge(url: URL, limit: Int) -> XMLHTTPError {
        XMLHTTPError(.headerTooLarge, url: url, limit: limit)
    }

    /// The body is longer than `limit` bytes; see ``Code/bodyTooLarge``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - limit: The bound in bytes.
    /// - Returns: An error of code ``Code/bodyTooLarge``.
    public static func bodyTooLarge(url: URL, limit: Int) -> XMLHTTPError {
        XMLHTTPError(.bodyTooLarge, url: url, limit: limit)
    }

    /// The connection ended before the body did; see ``Code/truncatedBody``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - receivedByteCount: The bytes received, as sent.
    ///   - expectedByteCount: The body's length as sent, if it was known.
    /// - Returns: An error of code ``Code/truncatedBody``.
    public static func truncatedBody(url: URL, receivedByteCount: Int, expectedByteCount: Int?) -> XMLHTTPError {
        XMLHTTPError(
            .truncatedBody, url: url, receivedByteCount: receivedByteCount, expectedByteCount: expectedByteCount)
    }

    /// The connection broke; see ``Code/connectionLost``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - reason: Why.
    /// - Returns: An error of code ``Code/connectionLost``.
    public static func connectionLost(url: URL, reason: String) -> XMLHTTPError {
        XMLHTTPError(.connectionLost, url: url, reason: reason)
    }

    /// The body broke off and could not be continued; see ``Code/resumptionRefused``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - receivedByteCount: The bytes received before the break, as sent.
    ///   - reason: Why no continuation was taken: one of the reasons that
    ///     ``resumptionRefusal`` lists.
    ///   - contentRange: The continuation's `Content-Range`, for ``Code/contentRangeMismatch``
    ///     (if it had one) and ``Code/contentRangeExceeded``.
    ///   - status: The continuation's `3xx` status, for ``Code/redirected``.
    /// - Returns: An error of code ``Code/resumptionRefused``.
    public static func resumptionRefused(
        url: URL, receivedByteCount: Int, reason: Code, contentRange: String? = nil, status: Int? = nil
    ) -> XMLHTTPError {
        XMLHTTPError(
            .resumptionRefused, url: url, status: status, receivedByteCount: receivedByteCount,
            contentRange: contentRange, resumptionRefusal: reason)
    }

    /// A `206 Partial Content` the transfer cannot take; see ``Code/partialContentMismatch``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - contentRange: The response's `Content-Range`, if it had one.
    /// - Returns: An error of code ``Code/partialContentMismatch``.
    public static func partialContentMismatch(url: URL, contentRange: String?) -> XMLHTTPError {
        XMLHTTPError(.partialContentMismatch, url: url, contentRange: contentRange)
    }

    /// More than `limit` redirects in a row; see ``Code/tooManyRedirects``.
    ///
    /// - Parameters:
    ///   - url: The last URL redirected to.
    ///   - limit: The most redirects allowed.
    /// - Returns: An error of code ``Code/tooManyRedirects``.
    public static func tooManyRedirects(url: URL, limit: Int) -> XMLHTTPError {
        XMLHTTPError(.tooManyRedirects, url: url, limit: limit)
    }

    /// The body could not be decoded from its `Content-Encoding`; see
    /// ``Code/undecodableContent``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - reason: Why.
    /// - Returns: An error of code ``Code/undecodableContent``.
    public static func undecodableContent(url: URL, reason: String) -> XMLHTTPError {
        XMLHTTPError(.undecodableContent, url: url, reason: reason)
    }

    /// The request cannot be sent; see ``Code/unsupportedRequest``.
    ///
    /// - Parameters:
    ///   - url: The request's URL, if it has one.
    ///   - reason: Why.
    /// - Returns: An error of code ``Code/unsupportedRequest``.
    public static func unsupportedRequest(url: URL?, reason: String) -> XMLHTTPError {
        XMLHTTPError(.unsupportedRequest, url: url, reason: reason)
    }

    /// Any other failure of the transfer; see ``Code/transferFailed``.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - code: The platform's error code.
    ///   - message: The platform's explanation.
    /// - Returns: An error of code ``Code/transferFailed``.
    public static func transferFailed(url: URL, code: Int, message: String) -> XMLHTTPError {
        XMLHTTPError(.transferFailed, url: url, reason: message, platformCode: code)
    }
}
