import Foundation
import XMLEventsInput

/// ``XMLWriter`` refused an event, because writing it would make the output not well-formed or
/// parse back to something else, or could not write its output file.
///
/// The writer checks what it is given against XML 1.0 and Namespaces in XML: end elements close
/// the innermost open element by name, a document has one root element and nothing but comments,
/// processing instructions and white space around it, names are XML names, prefixes are bound.
/// It also refuses what XML cannot carry as given, rather than alter it: a control character, a
/// carriage return where no character reference can stand, `--` in a comment, a namespace URI
/// the parser would reject. A refused event is not written, and the writer is as it was before
/// it, so a caller may write something else instead.
///
/// ```swift
/// var writer = XMLWriter()
/// try writer.write(.start("a"))
/// do {
///     try writer.write(.end("b"))
/// } catch {
///     print(error)  // cannot write </b>: the innermost open element is <a> (in /a, at byte 2)
/// }
/// ```
///
/// Tell failures apart by ``code`` (`error.code == .mismatchedEndElement`); ``message`` says
/// what was refused and why, and ``openElements`` and ``byteOffset`` where the writer was. A
/// struct rather than an enum, so that a new failure can be told apart in a later version
/// without breaking a `switch` over the codes: such a `switch` has a `default`.
///
/// The ``description`` (and so `localizedDescription`) escapes control and bidirectional
/// characters of the names and text it quotes (see <doc:Security>), so it is safe to print.
public struct XMLWriterError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What was wrong. The numbers are stable; new codes may come in later versions.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The numeric code.
        public var rawValue: Int

        /// Creates a code from its number.
        ///
        /// - Parameter rawValue: The number of one of the codes declared here.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// An end element whose name is not that of the innermost open element.
        public static let mismatchedEndElement = Code(rawValue: 1)
        /// An end element, or ``XMLWriter/end()``, while no element is open.
        public static let noOpenElement = Code(rawValue: 2)
        /// A second top-level element in a document, whose root element has ended.
        public static let secondRootElement = Code(rawValue: 3)
        /// Text other than white space, a CDATA section or an entity reference
        /// (``XMLEvent/skippedEntity(name:)``) outside the root element of a document.
        public static let textOutsideRootElement = Code(rawValue: 4)
        /// An XML declaration that is not the first event, a document type declaration after
        /// the root element or after another one, or either of them written as a fragment.
        public static let misplacedDeclaration = Code(rawValue: 5)
        /// The document ends while elements are open.
        public static let unclosedElements = Code(rawValue: 6)
        /// The document ends, or is finished, without a root element.
        public static let missingRootElement = Code(rawValue: 7)
        /// An event after ``XMLEvent/endDocument``.
        public static let eventAfterEndDocument = Code(rawValue: 8)
        /// A name, prefix or processing instruction target that XML does not allow.
        public static let invalidName = Code(rawValue: 9)
        /// A prefix without a namespace URI that no declaration in scope binds.
        public static let unboundPrefix = Code(rawValue: 10)
        /// Two attributes of one start tag with the same local name and namespace.
        public static let duplicateAttribute = Code(rawValue: 11)
        /// A namespace declaration that Namespaces in XML forbids: the `xmlns` prefix, the `xml`
        /// prefix or namespace bound to anything but each other, a prefix bound to the empty
        /// URI, or a prefix declared twice on one element.
        public static let invalidNamespaceDeclaration = Code(rawValue: 12)
        /// An unprefixed element in no namespace whose own start tag declares a default
        /// namespace: the element would be read as in that namespace.
        public static let defaultNamespaceConflict = Code(rawValue: 13)
        /// An XML declaration whose version is not `1.` and digits, or a document type
        /// declaration whose public identifier holds characters it may not or comes without a
        /// system identifier (XML 1.0 production [75] requires one after `PUBLIC`), or whose
        /// system identifier holds both kinds of quote; the message says which.
        public static let invalidDeclaration = Code(rawValue: 14)
        /// A character that cannot be written where it was given, so that the output would not
        /// parse back to it: one that XML cannot carry anywhere (a C0 control other than tab,
        /// line feed and carriage return, U+FFFE, U+FFFF), in text, an attribute value, a
        /// comment, a CDATA section, a processing instruction or a system identifier; or a
        /// carriage return where no character reference can stand for it (a CDATA section, a
        /// comment, a processing instruction, a system identifier), which parsers read as a
        /// line feed. In text and attribute values a carriage return is written as `&#13;`.
        public static let unrepresentableCharacter = Code(rawValue: 15)
        /// A comment that holds `--` or ends with `-`, which XML does not allow in one.
        public static let invalidComment = Code(rawValue: 16)
        /// Processing instruction data that holds `?>`, which would end the instruction there,
        /// or begins with white space, which parsers drop.
        public static let invalidProcessingInstructionData = Code(rawValue: 17)
        /// A namespace URI, declared or of a name, that the parser refuses as a namespace name
        /// (libxml2's URI syntax: no spaces, quotes, `<`, `>` or control characters, no
        /// characters outside ASCII unless percent-encoded).
        public static let invalidNamespaceURI = Code(rawValue: 18)
        /// The URL given as the output file is not a `file:` URL.
        public static let notAFileURL = Code(rawValue: 19)
        /// The output file could not be created; the message gives the system's reason.
        public static let cannotCreateFile = Code(rawValue: 20)
        /// Writing or closing the output file failed; the message gives the system's reason.
        public static let cannotWriteFile = Code(rawValue: 21)

        /// The code's name with its number, for example `noOpenElement (2)`;
        /// `XMLWriterError code 99` for a number not declared here.
        public var description: String {
            guard let name else { return "XMLWriterError code \(rawValue)" }
            return "\(name) (\(rawValue))"
        }

        /// The name of a code declared here, as spelled in Swift (`noOpenElement`), or `nil` for
        /// another number: for logs and machine-readable output.
        public var name: String? { Code.names[rawValue] }

        private static let names: [Int: String] = [
            Code.mismatchedEndElement.rawValue: "mismatchedEndElement", Code.noOpenElement.rawValue: "noOpenElement",
            Code.secondRootElement.rawValue: "secondRootElement",
            Code.textOutsideRootElement.rawValue: "textOutsideRootElement",
            Code.misplacedDeclaration.rawValue: "misplacedDeclaration",
            Code.unclosedElements.rawValue: "unclosedElements", Code.missingRootElement.rawValue: "missingRootElement",
            Code.eventAfterEndDocument.rawValue: "eventAfterEndDocument", Code.invalidName.rawValue: "invalidName",
            Code.unboundPrefix.rawValue: "unboundPrefix", Code.duplicateAttribute.rawValue: "duplicateAttribute",
            Code.invalidNamespaceDeclaration.rawValue: "invalidNamespaceDeclaration",
            Code.defaultNamespaceConflict.rawValue: "defaultNamespaceConflict",
            Code.invalidDeclaration.rawValue: "invalidDeclaration",
            Code.unrepresentableCharacter.rawValue: "unrepresentableCharacter",
            Code.invalidComment.rawValue: "invalidComment",
            Code.invalidProcessingInstructionData.rawValue: "invalidProcessingInstructionData",
            Code.invalidNamespaceURI.rawValue: "invalidNamespaceURI", Code.notAFileURL.rawValue: "notAFileURL",
            Code.cannotCreateFile.rawValue: "cannotCreateFile", Code.cannotWriteFile.rawValue: "cannotWriteFile",
        ]
    }

    /// What was wrong.
    public var code: Code

    /// What was refused and why, in words, for example
    /// `cannot write </b>: the innermost open element is <a>`; the ``description`` adds where.
    public var message: String

    /// The event refused, or `nil` when the error is not about one (finishing a document, a
    /// file that cannot be written).
    public var event: XMLEvent?

    /// The elements open when the event was refused, the root first.
    public var openElements: [XMLName]

    /// How many bytes the writer had written when the event was refused.
    public var byteOffset: Int

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What was wrong.
    ///   - message: What was refused and why, in words.
    ///   - event: The event refused, if the error is about one.
    ///   - openElements: The elements open at that point, the root first.
    ///   - byteOffset: How many bytes had been written.
    public init(
        code: Code, message: String, event: XMLEvent? = nil, openElements: [XMLName] = [], byteOffset: Int = 0
    ) {
        self.code = code
        self.message = message
        self.event = event
        self.openElements = openElements
        self.byteOffset = byteOffset
    }

    /// The message with where the writer was: for example
    /// `cannot write </b>: the innermost open element is <a> (in /a, at byte 2)`. An error about
    /// the output file says nothing of where.
    public var description: String {
        guard code != .notAFileURL, code != .cannotCreateFile, code != .cannotWriteFile else {
            return XMLDiagnosticText.escaping(message)
        }
        let path = openElements.isEmpty ? "outside the root element" : "in /" + Self.path(openElements)
        return XMLDiagnosticText.escaping(message + " (\(path), at byte \(byteOffset))")
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }

    /// What the writer refuses, with the details its message names.
    enum Refusal: Sendable, Hashable {
        case mismatchedEndElement(expected: XMLName, found: XMLName)
        /// The name is `nil` for ``XMLWriter/end()``.
        case noOpenElement(XMLName?)
        case secondRootElement(XMLName)
        case textOutsideRootElement
        case misplacedDeclaration
        case unclosedElements
        case missingRootElement
        case eventAfterEndDocument
        case invalidName(String)
        case unboundPrefix(String)
        case duplicateAttribute(XMLName)
        case invalidNamespaceDeclaration(XMLNamespaceDeclaration)
        case defaultNamespaceConflict(element: XMLName, uri: String)
        case invalidDeclaration(String)
        case unrepresentableCharacter(Unicode.Scalar)
        case invalidComment
        case invalidProcessingInstructionData
        case invalidNamespaceURI(String)
        case notAFileURL(URL)
        case cannotCreateFile(path: String, errno: Int32)
        case cannotWriteFile(path: String, errno: Int32)
    }

    /// The error for `refusal` of `event`, with where the writer was.
    init(_ refusal: Refusal, event: XMLEvent? = nil, openElements: [XMLName] = [], byteOffset: Int = 0) {
        let message = "cannot write " + Self.refused(refusal, event) + ": " + Self.problem(refusal, event, openElements)
        self.init(
            code: Self.code(of: refusal), message: message, event: event, openElements: openElements,
            byteOffset: byteOffset)
    }

    /// The output file's URL is not a `file:` URL: for the writer's inlinable file functions.
    @usableFromInline
    static func notAFileURL(_ url: URL) -> XMLWriterError {
        XMLWriterError(.notAFileURL(url))
    }

    private static func code(of refusal: Refusal) -> Code {
        switch refusal {
        case .mismatchedEndElement: .mismatchedEndElement
        case .noOpenElement: .noOpenElement
        case .secondRootElement: .secondRootElement
        case .textOutsideRootElement: .textOutsideRootElement
        case .misplacedDeclaration: .misplacedDeclaration
        case .unclosedElements: .unclosedElements
        case .missingRootElement: .missingRootElement
        case .eventAfterEndDocument: .eventAfterEndDocument
        case .invalidName: .invalidName
        case .unboundPrefix: .unboundPrefix
        case .duplicateAttribute: .duplicateAttribute
        case .invalidNamespaceDeclaration: .invalidNamespaceDeclaration
        case .defaultNamespaceConflict: .defaultNamespaceConflict
        case .invalidDeclaration: .invalidDeclaration
        case .unrepresentableCharacter: .unrepresentableCharacter
        case .invalidComment: .invalidComment
        case .invalidProcessingInstructionData: .invalidProcessingInstructionData
        case .invalidNamespaceURI: .invalidNamespaceURI
        case .notAFileURL: .notAFileURL
        case .cannotCreateFile: .cannotCreateFile
        case .cannotWriteFile: .cannotWriteFile
        }
    }

    /// What the writer was asked to write.
    private static func refused(_ refusal: Refusal, _ event: XMLEvent?) -> String {
        switch refusal {
        case .cannotCreateFile(let path, _), .cannotWriteFile(let path, _): return path
        case .notAFileURL(let url): return XMLDiagnosticText.redacting(url)
        case .missingRootElement where event == nil: return "the document"
        case .noOpenElement(nil): return "an end tag"
        default: break
        }
        guard let event else { return "the event" }
        switch event {
        case .text(let text): return "text " + quoted(text)
        case .cdata(let text): return "a CDATA section " + quoted(text)
        default:
            let text = event.description
            return text.count > 80 ? text.prefix(80) + "…" : text
        }
    }

    /// Why it was refused.
    private static func problem(_ refusal: Refusal, _ event: XMLEvent?, _ openElements: [XMLName]) -> String {
        switch refusal {
        case .mismatchedEndElement(let expected, let found):
            guard expected.qualifiedName == found.qualifiedName else {
                return "the innermost open element is <\(expected.qualifiedName)>"
            }
            // Same spelling, different namespaces: only the expanded names tell them apart.
            return "the innermost open element is \(expected.expandedName), and the end tag names \(found.expandedName)"
        case .noOpenElement:
            return "no element is open"
        case .secondRootElement:
            return "a document has one root element, and it has ended "
                + "(write several top-level elements with XMLWriter(writesFragments: true))"
        case .textOutsideRootElement:
            return "only white space, comments and processing instructions may stand outside the root element"
        case .misplacedDeclaration:
            return "an XML declaration comes first and a document type declaration before the root element, "
                + "once each, and neither in fragments"
        case .unclosedElements:
            return "the document ends while <\(openElements.last?.qualifiedName ?? "")> is open"
        case .missingRootElement:
            return "a document needs a root element"
        case .eventAfterEndDocument:
            return "the document has ended"
        case .invalidName(let name) where name == "xmlns" || name.hasPrefix("xmlns:"):
            return
                "\(Self.quoted(name)) is reserved for namespace declarations, which go in the start element's namespaces"
        case .invalidName(let name):
            return "\(Self.quoted(name)) is not an XML name"
        case .unboundPrefix(let prefix):
            return "the prefix '\(prefix)' is not bound to a namespace; declare it or give the name as {uri}local"
        case .duplicateAttribute(let name):
            return "the start tag has the attribute \(name.expandedName) twice"
        case .invalidNamespaceDeclaration(let declaration):
            return "\(declaration) is not a namespace declaration XML allows"
        case .defaultNamespaceConflict(let element, let uri):
            return "<\(element.localName)> is in no namespace, but its start tag declares the default namespace "
                + "\(Self.quoted(uri)); name it {\(uri)}\(element.localName) to put it in that namespace"
        case .invalidDeclaration(let detail):
            return detail
        case .unrepresentableCharacter("\r"):
            return carriageReturnProblem(event)
        case .unrepresentableCharacter(let scalar):
            return "\(Self.codePoint(scalar)) is not a character XML allows"
        case .invalidComment:
            return "XML does not allow -- in a comment, nor - at its end"
        case .invalidProcessingInstructionData:
            return "processing instruction data may not hold ?>, where the instruction would end, "
                + "nor begin with white space, which parsers drop"
        case .invalidNamespaceURI(let uri):
            return "\(Self.quoted(uri)) is not a URI the parser accepts as a namespace name"
        case .notAFileURL:
            return "it is not a file: URL; make one with URL(fileURLWithPath:)"
        case .cannotCreateFile(_, let code):
            return "cannot create the file: \(String(cString: strerror(code)))"
        case .cannotWriteFile(_, let code):
            return String(cString: strerror(code))
        }
    }

    /// Where a carriage return was refused, and what to do instead.
    private static func carriageReturnProblem(_ event: XMLEvent?) -> String {
        let place: String
        switch event {
        case .cdata: place = "a CDATA section"
        case .comment: place = "a comment"
        case .processingInstruction: place = "a processing instruction"
        case .doctype: place = "a system identifier"
        default: place = "markup"
        }
        let problem = "a carriage return cannot stand in \(place), where parsers read it as a line feed"
        guard case .cdata = event else { return problem }
        return problem + "; write it as text, where it becomes &#13;"
    }

    /// `U+0001`: how a character is named when it cannot be shown.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A short quotation of `text`, so that a long text run does not make a long message.
    private static func quoted(_ text: String) -> String {
        let limit = 40
        let shown = text.count > limit ? text.prefix(limit) + "…" : Substring(text)
        return "\"" + shown + "\""
    }

    private static func path(_ names: [XMLName]) -> String {
        names.map(\.qualifiedName).joined(separator: "/")
    }
}
