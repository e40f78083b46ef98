import Foundation
import XMLEventsInput

/// A record could not be decoded: which record, which value, where it stands in the document,
/// and why.
///
/// ```
/// 1234:5: error: cannot decode <node> at 'lat': attribute 'lat': cannot read "abc" as Double
/// 1240:9: error: cannot decode <way> at 'position.lat': element <lat>: cannot read "abc" as Double
/// 1251:5: error: cannot decode <node> at 'lon': no attribute or child element 'lon'
/// ```
///
/// The description names the record's element, the coding path of the value, and the attribute,
/// child element or text it was read from (with the element that holds it, when that is not
/// the record's). Its position is where the element that holds the value starts: an attribute's
/// element, the child element itself, or the element a missing key was looked for in.
///
/// The ``description`` (and so `localizedDescription`) quotes values of the document with their
/// control and bidirectional characters escaped (see <doc:Security>), so it is safe to
/// print.
public struct XMLRecordDecodingError: Error, CustomStringConvertible, LocalizedError {
    /// Where the element that holds the value that failed starts: the `<` of its start tag for
    /// the records ``XMLEvents`` decodes in its parser (``XMLEvents/decode(_:matching:namespaces:using:)``
    /// and ``XMLEvents/decode(matching:namespaces:using:_:)``); for subtrees, where their start
    /// tag was reported (``XMLSubtree/location``, its `>`). `nil` when the element did not come
    /// from an ``XMLEvents`` sequence.
    public var location: XMLLocation?

    /// The keys from the record down to the value that failed; for a missing key, the missing
    /// key is the last one.
    public var codingPath: [any CodingKey]

    /// What went wrong, as the `Decodable` machinery reports it.
    public var underlying: DecodingError

    /// The qualified name of the record's element, for the description.
    var recordName: String?
    /// How the description names the value (see ``XMLValueSite/description(in:)``).
    var place: String?
    /// The description's reason for a key with no value, instead of the underlying error's.
    var missing: String?

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

    /// The 1-based line of ``location``, if known.
    public var line: Int? { location?.line }

    /// The 1-based column of ``location``, if known.
    public var column: Int? { location?.column }

    /// The coding path in the form `a.b[2].c`.
    public var codingPathDescription: String { Self.pathDescription(codingPath) }

    /// A coding path in the form `a.b[2].c`.
    static func pathDescription(_ codingPath: [any CodingKey]) -> String {
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

    /// `line:column: error: cannot decode <element> at 'path': place: reason`, or `cannot decode
    /// record at 'path': reason` for an error made with ``init(location:underlying:)``.
    public var description: String {
        let position = location.map { "\($0.line):\($0.column): " } ?? ""
        let record = recordName.map { "<\($0)>" } ?? "record"
        let path = codingPath.isEmpty ? "" : " at '\(codingPathDescription)'"
        let reason: String
        switch underlying {
        case .keyNotFound(let key, _):
            reason = missing ?? "no attribute or child element '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            reason = (place.map { $0 + ": " } ?? "") + context.debugDescription
        @unknown default:
            reason = "\(underlying)"
        }
        return XMLDiagnosticText.escaping("\(position)error: cannot decode \(record)\(path): \(reason)")
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }
}

extension XMLRecordDecodingError {
    /// The error for a record of `nodes` that failed with `error`, naming the record's element
    /// and, when the decoder that threw noted it for this error's coding path, where the value
    /// stands and where its element starts; else the record's start.
    init(_ error: DecodingError, in nodes: XMLRecordNodes, failure: (site: XMLValueSite, codingPath: [any CodingKey])?)
    {
        self.init(location: nodes.location, underlying: error)
        recordName = nodes.name(of: XMLRecordNodes.root).qualifiedName
        var element = XMLRecordNodes.root
        if let failure, Self.pathDescription(failure.codingPath) == codingPathDescription {
            element = failure.site.element
            (place, missing) = failure.site.description(in: nodes)
        }
        if let start = nodes.location(of: element) { location = start }
    }
}
