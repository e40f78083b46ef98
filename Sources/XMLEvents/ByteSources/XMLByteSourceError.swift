import Foundation

/// A byte source failed: a file or descriptor could not be read, or a ``XMLByteChunkStream`` could
/// not carry a chunk (its consumer left, it was finished, or it was iterated twice).
///
/// The ``description`` (and so `localizedDescription`) escapes control and bidirectional
/// characters of the path it names (see ``XMLDiagnosticText``), and shows a URL without its
/// password, so it is safe to print.
public enum XMLByteSourceError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The file could not be opened; `errno` is the system's reason.
    case openFailed(path: String, errno: Int32)
    /// Reading the file failed after it was opened.
    case readFailed(path: String, errno: Int32)
    /// Reading an already open descriptor (standard input, a pipe) failed; `errno` is the
    /// system's reason.
    case descriptorReadFailed(descriptor: Int32, errno: Int32)
    /// The URL given to `XMLEvents(url:)` is neither a local `file:` URL nor an `http` or `https`
    /// one (a `file:` URL naming another host, an `ftp` URL, a URL without a scheme), so nothing
    /// was read. Thrown by the first `next()`; the description names the schemes supported.
    case unsupportedURL(url: URL)
    /// A write to a ``XMLByteChunkStream`` failed because its consumer will never read again: its
    /// task was cancelled or its iterator dropped (`break`). The producer should stop its work;
    /// the chunk was dropped.
    case consumerTerminated
    /// A chunk was written to a ``XMLByteChunkStream`` after ``XMLByteChunkStream/Source/finish(throwing:)``:
    /// the end was already promised to the consumer, so the chunk was dropped.
    case writeAfterFinish
    /// A ``XMLByteChunkStream`` was iterated a second time, or one iterator was used from two places
    /// at once: a chunk can be delivered only once. Thrown by the extra iterator's first `next()`.
    case alreadyIterated

    /// The failure with the system's explanation, for example
    /// `cannot open feed.xml: No such file or directory`.
    public var description: String {
        XMLDiagnosticText.escaping(sentence)
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }

    /// The description before escaping.
    private var sentence: String {
        switch self {
        case .openFailed(let path, let code):
            return "cannot open \(path): \(String(cString: strerror(code)))"
        case .readFailed(let path, let code):
            return "cannot read \(path): \(String(cString: strerror(code)))"
        case .descriptorReadFailed(let descriptor, let code):
            let name = descriptor == 0 ? "standard input" : "file descriptor \(descriptor)"
            return "cannot read \(name): \(String(cString: strerror(code)))"
        case .unsupportedURL(let url):
            return "cannot read \(XMLDiagnosticText.redacting(url)): \(Self.reason(refusing: url))"
        case .consumerTerminated:
            return "the consumer of the XMLByteChunkStream has stopped reading"
        case .writeAfterFinish:
            return "a chunk was written to a XMLByteChunkStream after it was finished"
        case .alreadyIterated:
            return "a XMLByteChunkStream can be iterated only once"
        }
    }

    /// Why `url` is not read as a file, and what reads it.
    private static func reason(refusing url: URL) -> String {
        switch url.scheme?.lowercased() {
        case "file":
            return "this file: URL names the host '\(url.host ?? "")', and only local files are read"
        case nil:
            return "it has no scheme; XMLEvents(url:) reads file:, http and https URLs (make a file URL "
                + "with URL(fileURLWithPath:), or use XMLEvents(path:))"
        case let scheme?:
            return "XMLEvents(url:) reads file:, http and https URLs; the scheme '\(scheme)' is not supported"
        }
    }
}
