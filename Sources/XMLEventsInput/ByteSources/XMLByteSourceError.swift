import Foundation

/// A byte source failed: a file or descriptor could not be read, or a producer's stream (``XMLByteSource/makeStream(watermarks:onTermination:)``) could
/// not carry a chunk (its consumer left, it was finished, or it was iterated twice).
///
/// Tell failures apart by ``code``; the details a failure has are the properties its code's
/// documentation names, and the others are `nil`:
///
/// ```swift
/// catch let error as XMLByteSourceError where error.code == .openFailed && error.errno == ENOENT { … }
/// ```
///
/// A struct rather than an enum, so that a new failure can be told apart in a later version
/// without breaking a `switch` over the codes: such a `switch` has a `default`.
///
/// The ``description`` (and so `localizedDescription`) escapes control and bidirectional
/// characters of the path it names, and shows a URL without its password, so it is safe to print.
public struct XMLByteSourceError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong. The numbers are stable; new codes may come in later versions.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int

        /// Creates a code from its number.
        ///
        /// - Parameter rawValue: The number of one of the codes declared here.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The file at ``XMLByteSourceError/path`` could not be opened;
        /// ``XMLByteSourceError/errno`` is the system's reason.
        public static let openFailed = Code(rawValue: 1)
        /// Reading the file at ``XMLByteSourceError/path`` failed after it was opened;
        /// ``XMLByteSourceError/errno`` is the system's reason.
        public static let readFailed = Code(rawValue: 2)
        /// Reading an already open descriptor, ``XMLByteSourceError/descriptor`` (standard input,
        /// a pipe), failed; ``XMLByteSourceError/errno`` is the system's reason.
        public static let descriptorReadFailed = Code(rawValue: 3)
        /// The URL given to `XMLEvents(url:)`, ``XMLByteSourceError/url``, is neither a local
        /// `file:` URL nor an `http` or `https` one (a `file:` URL naming another host, an `ftp`
        /// URL, a URL without a scheme), so nothing was read. Thrown by the first `next()`; the
        /// description names the schemes supported.
        public static let unsupportedURL = Code(rawValue: 4)
        /// A write to an ``XMLByteSource/Writer`` failed because its consumer will never read again:
        /// its task was cancelled or its iterator dropped (`break`). The producer should stop its
        /// work; the chunk was dropped.
        public static let consumerTerminated = Code(rawValue: 5)
        /// A chunk was written to an ``XMLByteSource/Writer`` after
        /// ``XMLByteSource/Writer/finish(throwing:)``: the end was already promised to the
        /// consumer, so the chunk was dropped.
        public static let writeAfterFinish = Code(rawValue: 6)
        /// A producer's stream (``XMLByteSource/makeStream(watermarks:onTermination:)``) was iterated a second time, or one iterator was used from two
        /// places at once: a chunk can be delivered only once. Thrown by the extra iterator's
        /// first `next()`.
        public static let alreadyIterated = Code(rawValue: 7)
        /// The URL given to `XMLEvents(url:)`, ``XMLByteSourceError/url``, is an `http` or `https`
        /// one, and this build has no HTTP: the package's `HTTP` trait is off. Nothing was read;
        /// thrown by the first `next()`. The description names the trait to enable.
        public static let httpUnavailable = Code(rawValue: 8)

        /// The code's name with its number, for example `openFailed (1)`;
        /// `XMLByteSourceError code 99` for a number not declared here.
        public var description: String {
            guard let name else { return "XMLByteSourceError code \(rawValue)" }
            return "\(name) (\(rawValue))"
        }

        /// The name of a code declared here, as spelled in Swift (`openFailed`), or `nil` for
        /// another number: for logs and machine-readable output.
        public var name: String? { Code.names[rawValue] }

        private static let names: [Int: String] = [
            Code.openFailed.rawValue: "openFailed", Code.readFailed.rawValue: "readFailed",
            Code.descriptorReadFailed.rawValue: "descriptorReadFailed", Code.unsupportedURL.rawValue: "unsupportedURL",
            Code.consumerTerminated.rawValue: "consumerTerminated", Code.writeAfterFinish.rawValue: "writeAfterFinish",
            Code.alreadyIterated.rawValue: "alreadyIterated", Code.httpUnavailable.rawValue: "httpUnavailable",
        ]
    }

    /// What went wrong.
    public let code: Code

    /// The file's path, for ``Code/openFailed`` and ``Code/readFailed``.
    public let path: String?

    /// The descriptor read, for ``Code/descriptorReadFailed``.
    public let descriptor: Int32?

    /// The system's error number (`ENOENT`, say), for ``Code/openFailed``, ``Code/readFailed``
    /// and ``Code/descriptorReadFailed``.
    public let errno: Int32?

    /// The URL refused, for ``Code/unsupportedURL`` and ``Code/httpUnavailable``.
    public let url: URL?

    private init(_ code: Code, path: String? = nil, descriptor: Int32? = nil, errno: Int32? = nil, url: URL? = nil) {
        self.code = code
        self.path = path
        self.descriptor = descriptor
        self.errno = errno
        self.url = url
    }

    /// The file could not be opened; see ``Code/openFailed``.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - errno: The system's reason.
    /// - Returns: An error of code ``Code/openFailed``.
    public static func openFailed(path: String, errno: Int32) -> XMLByteSourceError {
        XMLByteSourceError(.openFailed, path: path, errno: errno)
    }

    /// Reading the file failed; see ``Code/readFailed``.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - errno: The system's reason.
    /// - Returns: An error of code ``Code/readFailed``.
    public static func readFailed(path: String, errno: Int32) -> XMLByteSourceError {
        XMLByteSourceError(.readFailed, path: path, errno: errno)
    }

    /// Reading an open descriptor failed; see ``Code/descriptorReadFailed``.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor.
    ///   - errno: The system's reason.
    /// - Returns: An error of code ``Code/descriptorReadFailed``.
    public static func descriptorReadFailed(descriptor: Int32, errno: Int32) -> XMLByteSourceError {
        XMLByteSourceError(.descriptorReadFailed, descriptor: descriptor, errno: errno)
    }

    /// A URL that is neither a local file nor `http` or `https`; see ``Code/unsupportedURL``.
    ///
    /// - Parameter url: The URL refused.
    /// - Returns: An error of code ``Code/unsupportedURL``.
    public static func unsupportedURL(url: URL) -> XMLByteSourceError {
        XMLByteSourceError(.unsupportedURL, url: url)
    }

    /// An `http` or `https` URL in a build without HTTP; see ``Code/httpUnavailable``.
    package static func httpUnavailable(url: URL) -> XMLByteSourceError {
        XMLByteSourceError(.httpUnavailable, url: url)
    }

    /// The stream's consumer will never read again; see ``Code/consumerTerminated``.
    public static let consumerTerminated = XMLByteSourceError(.consumerTerminated)

    /// A chunk written after the stream was finished; see ``Code/writeAfterFinish``.
    public static let writeAfterFinish = XMLByteSourceError(.writeAfterFinish)

    /// A stream iterated twice; see ``Code/alreadyIterated``.
    public static let alreadyIterated = XMLByteSourceError(.alreadyIterated)

    /// The failure with the system's explanation, for example
    /// `cannot open feed.xml: No such file or directory`.
    public var description: String {
        XMLDiagnosticText.escaping(sentence)
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }

    /// The description before escaping.
    private var sentence: String {
        // The factories set every detail a code's sentence names; "?" stands in only for an
        // error built otherwise, which the package does not do.
        let reason = self.errno.map { String(cString: strerror($0)) } ?? "?"
        switch code {
        case .openFailed:
            return "cannot open \(path ?? "?"): \(reason)"
        case .readFailed:
            return "cannot read \(path ?? "?"): \(reason)"
        case .descriptorReadFailed:
            let name = descriptor.map { $0 == 0 ? "standard input" : "file descriptor \($0)" } ?? "a file descriptor"
            return "cannot read \(name): \(reason)"
        case .unsupportedURL:
            guard let url else { return "cannot read a URL without a scheme" }
            return "cannot read \(XMLDiagnosticText.redacting(url)): \(Self.reason(refusing: url))"
        case .consumerTerminated:
            return "the consumer of the stream has stopped reading"
        case .writeAfterFinish:
            return "a chunk was written to a stream after it was finished"
        case .alreadyIterated:
            return "a stream can be iterated only once"
        case .httpUnavailable:
            return "cannot read \(url.map(XMLDiagnosticText.redacting) ?? "an HTTP URL"): this build of XMLEvents has "
                + "no HTTP; enable the package's HTTP trait (traits: [\"HTTP\"], on by default) to read http "
                + "and https URLs"
        default:
            return "a byte source failed: \(code)"
        }
    }

    /// Why `url` is not read as a file, and what reads it.
    private static func reason(refusing url: URL) -> String {
        switch url.scheme?.lowercased() {
        case "file":
            return "this file: URL names the host '\(url.host ?? "")', and only local files are read"
        case nil:
            return "it has no scheme; XMLEvents(url:) reads \(readableSchemes) (make a file URL "
                + "with URL(fileURLWithPath:), or use XMLEvents(path:))"
        case let scheme?:
            return "XMLEvents(url:) reads \(readableSchemes); the scheme '\(scheme)' is not supported"
        }
    }

    /// The URLs `XMLEvents(url:)` reads, in a build with HTTP or without.
    private static let readableSchemes = "file:, http and https URLs (http and https with the package's HTTP trait)"
}
