import Foundation
import LoopbackHTTP
import XMLEvents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the process ends; scripts tell a bad document from a bad command line from a bad
/// network by the number alone.
enum ExitStatus: Int32 {
    case success = 0
    /// The document is malformed, cut short or over a limit (`XMLParsingError`), or its
    /// compressed data is (`XMLDecompressionError`).
    case malformedDocument = 1
    /// The command line cannot be understood.
    case usage = 2
    /// A file, a pipe, the network or the output failed.
    case inputOutputFailure = 3
}

/// Why reading an input stopped before its end: the library's iteration throws untyped errors
/// (its sources' errors pass through), which are sorted here, once, into what the exit status
/// and the message need.
enum InputFailure: Error {
    /// The document is malformed, cut short or over a limit.
    case malformed(XMLParsingError)
    /// The compressed document is corrupt, expands past a limit, or cannot be decompressed here.
    case undecompressable(XMLDecompressionError)
    /// A file or standard input could not be read.
    case unreadable(XMLByteSourceError)
    /// The HTTP transfer failed.
    case http(XMLHTTPError)
    /// A selection path was refused (checked when the arguments are read, so not expected).
    case invalidPath(XMLPathError)
    /// Anything else, such as cancellation.
    case other(any Error)

    init(_ error: any Error) {
        switch error {
        case let error as XMLParsingError: self = .malformed(error)
        case let error as XMLDecompressionError: self = .undecompressable(error)
        case let error as XMLByteSourceError: self = .unreadable(error)
        case let error as XMLHTTPError: self = .http(error)
        case let error as XMLPathError: self = .invalidPath(error)
        default: self = .other(error)
        }
    }

    var parsingError: XMLParsingError? {
        if case .malformed(let error) = self { return error }
        return nil
    }
}

/// A failure as a compiler reports it, `feed.xml:12:7: error: message`, so that editors and
/// terminals can jump to the place; the exit status goes with it.
///
/// Its lines quote what the tool did not write (a path or URL as typed, libxml2's messages, a
/// server's error body), so ``report()`` escapes every line: nothing the input holds can act on the
/// terminal or split a line. URLs are shown without their password.
struct Diagnostic {
    var status: ExitStatus
    /// `error:` first, then any `note:`s.
    var lines: [String]

    /// The diagnostic for a failure while reading `source` (a path as typed, a URL, or
    /// `<stdin>`).
    init(_ failure: InputFailure, source: String) {
        switch failure {
        case .malformed(let error):
            status = .malformedDocument
            lines = ["\(source):\(error.line):\(error.column): error: \(error.message)"]
        case .undecompressable(let error):
            status = .malformedDocument
            lines = ["\(source): error: \(error)"]
        case .unreadable(let error):
            status = .inputOutputFailure
            lines = ["\(source): error: \(Self.explain(error))"]
        case .http(let error):
            status = .inputOutputFailure
            lines = ["\(source): error: \(Self.explain(error, source: source))"]
            if error.code == .unacceptableStatus, let code = error.status, let body = error.bodyPrefix,
                let said = Self.excerpt(of: body), said.lowercased() != Self.reasonPhrase(for: code)?.lowercased()
            {
                lines.append("\(source): note: the server said: \(said)")
            }
        case .invalidPath(let error):
            status = .usage
            lines = ["xmlevents: error: \(error)"]
        case .other(let error):
            status = .inputOutputFailure
            lines = ["\(source): error: \(error)"]
        }
    }

    /// The demo's server could not start.
    init(_ error: LoopbackServerError) {
        status = .inputOutputFailure
        lines = ["xmlevents: error: cannot start the demo's server: \(error)"]
    }

    init(_ error: UsageError) {
        status = .usage
        lines = ["xmlevents: error: \(error.message)", "xmlevents: note: see 'xmlevents --help'"]
    }

    /// Standard output failed for another reason than its reader leaving (a full disk, say).
    init(outputErrno code: Int32) {
        status = .inputOutputFailure
        lines = ["<stdout>: error: cannot write: \(String(cString: strerror(code)))"]
    }

    func report() {
        StandardError.write(lines.map { XMLDiagnosticText.escaping($0) + "\n" }.joined())
    }

    // MARK: - Messages

    /// The library's descriptions name the path again; here the path is already the location.
    private static func explain(_ error: XMLByteSourceError) -> String {
        let reason = error.errno.map { String(cString: strerror($0)) }
        switch (error.code, reason) {
        case (.openFailed, let reason?): return "cannot open: \(reason)"
        case (.readFailed, let reason?), (.descriptorReadFailed, let reason?): return "cannot read: \(reason)"
        default: return error.description
        }
    }

    /// Short messages without the URL, which is the location already.
    private static func explain(_ error: XMLHTTPError, source: String) -> String {
        func redirected(to url: URL) -> String {
            // The location printed is the URL as typed; where redirects led is worth a mention,
            // a URL merely respelled (a slash added to an empty path) is not.
            func plain(_ text: String) -> String {
                var text = text.lowercased()
                while text.hasSuffix("/") { text.removeLast() }
                return text
            }
            let shown = XMLDiagnosticText.redacting(url)
            return plain(shown) == plain(source) ? "" : " (redirected to \(shown))"
        }
        // Every code's details are set by the library; a missing one falls back to the
        // library's own sentence, which names the URL.
        let url = error.url
        let via = url.map(redirected(to:)) ?? ""
        switch error.code {
        case .unacceptableStatus:
            guard let code = error.status else { return error.description }
            let reason = reasonPhrase(for: code).map { " " + $0 } ?? ""
            return "HTTP \(code)\(reason)" + via
        case .notModified:
            return "HTTP 304 Not Modified: the version the request named is current" + via
        case .hostNotFound:
            return "cannot resolve the host name"
        case .connectionRefused:
            return "connection refused"
        case .connectTimedOut:
            guard let after = error.timeout else { return error.description }
            return "could not connect within \(after)"
        case .stalled:
            guard let after = error.timeout else { return error.description }
            return "the server sent nothing for \(after)" + via
        case .headerTooSlow:
            guard let after = error.timeout else { return error.description }
            return "the server sent its response head too slowly: no complete header line for \(after)" + via
        case .totalTimeoutExceeded:
            guard let after = error.timeout else { return error.description }
            return "the transfer did not finish within \(after) (--max-time)" + via
        case .headerTooLarge:
            guard let limit = error.limit else { return error.description }
            return "the response head, or one of its lines, is larger than \(Quantities.grouped(limit)) bytes" + via
        case .bodyTooLarge:
            guard let limit = error.limit else { return error.description }
            return "the body is larger than \(Quantities.grouped(limit)) bytes (--max-bytes)" + via
        case .truncatedBody:
            guard let received = error.receivedByteCount else { return error.description }
            let of = error.expectedByteCount.map { " of \(Quantities.grouped($0))" } ?? ""
            return "the body ended early, after \(Quantities.grouped(received))\(of) bytes" + via
        case .connectionLost:
            guard let reason = error.reason else { return error.description }
            return "the connection broke: \(reason)" + via
        case .resumptionRefused:
            guard let received = error.receivedByteCount, let reason = error.resumptionRefusalSentence else {
                return error.description
            }
            return "the body broke off after \(Quantities.grouped(received)) bytes and cannot be resumed: \(reason)"
                + via
        case .partialContentMismatch:
            let value = error.contentRange.map { "'\($0)'" } ?? "missing"
            return "the server answered 206 Partial Content with a body other than the one asked for "
                + "(Content-Range \(value))" + via
        case .tooManyRedirects:
            guard let limit = error.limit, let url else { return error.description }
            return "more than \(limit) redirects, the last to \(XMLDiagnosticText.redacting(url))"
        case .undecodableContent:
            guard let reason = error.reason else { return error.description }
            return "cannot decode the body: \(reason)" + via
        case .unsupportedRequest:
            guard let reason = error.reason else { return error.description }
            return "cannot request: \(reason)"
        case .transferFailed:
            guard let code = error.platformCode, let message = error.reason else { return error.description }
            return "the transfer failed (\(code)): \(message)" + via
        default:
            return error.description
        }
    }

    /// The start of an error body as one line, if it is text.
    private static func excerpt(of body: Data) -> String? {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, !line.contains("\u{FFFD}") else { return nil }
        return body.count > 200 ? line + "…" : line
    }

    /// The standard reason phrases of the statuses a server commonly refuses with.
    static func reasonPhrase(for status: Int) -> String? {
        switch status {
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 418: "I'm a teapot"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 425: "Too Early"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        case 511: "Network Authentication Required"
        default: nil
        }
    }
}
