import Foundation

/// A record could not be decoded: where it is in the document, which value failed, and why.
///
/// ```
/// 1234:18: error: cannot decode record at 'file[1].type': Cannot read "zip" as Int
/// ```
///
/// The ``description`` (and so `localizedDescription`) quotes values of the document with their
/// control and bidirectional characters escaped (see <doc:Security>), so it is safe to
/// print.
public struct XMLRecordDecodingError: Error, CustomStringConvertible, LocalizedError {
    /// Where the record's start tag was reported (``XMLSubtree/location``), or `nil` when the
    /// element did not come from an ``XMLEvents`` sequence.
    public var location: XMLLocation?

    /// The keys from the record down to the value that failed; for a missing key, the missing
    /// key is the last one.
    public var codingPath: [any CodingKey]

    /// What went wrong, as the `Decodable` machinery reports it.
    public var underlying: DecodingError

    /// Creates an error; the coding path is read from `underlying`.
    ///
    /// - Parameters:
    ///   - location: Where the record's start tag was reported.
    ///   - underlying: The decoding error.
    public init(location: XMLLocation?, underlying: DecodingError) {
        self.location = location
        self.underlying = underlying
        switch underlying {
        case .keyNotFound(let key, let context):
            codingPath = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            codingPath = context.codingPath
        @unknown default:
            codingPath = []
        }
    }

    /// The 1-based line of the record's start tag, if known.
    public var line: Int? { location?.line }

    /// The 1-based column of the record's start tag, if known.
    public var column: Int? { location?.column }

    /// The coding path in the form `a.b[2].c`.
    public var codingPathDescription: String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    /// `line:column: error: cannot decode record at 'path': reason`.
    public var description: String {
        let position = location.map { "\($0.line):\($0.column): " } ?? ""
        let path = codingPath.isEmpty ? "" : " at '\(codingPathDescription)'"
        let reason: String
        switch underlying {
        case .keyNotFound(let key, _):
            reason = "no attribute or child element '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            reason = context.debugDescription
        @unknown default:
            reason = "\(underlying)"
        }
        return XMLDiagnosticText.escaping("\(position)error: cannot decode record\(path): \(reason)")
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }
}
