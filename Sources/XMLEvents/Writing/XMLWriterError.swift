import Foundation

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
/// The ``description`` (and so `localizedDescription`) escapes control and bidirectional
/// characters of the names and text it quotes (see <doc:Security>), so it is safe to print.
public struct XMLWriterError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What was wrong.
    public enum Reason: Sendable, Hashable {
        /// An end element whose name is not that of the innermost open element.
        case mismatchedEndElement(expected: XMLName, found: XMLName)
        /// An end element while no element is open; the name is `nil` for ``XMLWriter/end()``.
        case noOpenElement(XMLName?)
        /// A second top-level element in a document, whose root element has ended.
        case secondRootElement(XMLName)
        /// Text other than white space, a CDATA section or an entity reference
        /// (``XMLEvent/skippedEntity(name:)``) outside the root element of a document.
        case textOutsideRootElement
        /// An XML declaration that is not the first event, a document type declaration after
        /// the root element or after another one, or either of them written as a fragment.
        case misplacedDeclaration
        /// The document ends while elements are open.
        case unclosedElements
        /// The document ends, or is finished, without a root element.
        case missingRootElement
        /// An event after ``XMLEvent/endDocument``.
        case eventAfterEndDocument
        /// A name, prefix or processing instruction target that XML does not allow.
        case invalidName(String)
        /// A prefix without a namespace URI that no declaration in scope binds.
        case unboundPrefix(String)
        /// Two attributes of one start tag with the same local name and namespace.
        case duplicateAttribute(XMLName)
        /// A namespace declaration that Namespaces in XML forbids: the `xmlns` prefix, the `xml`
        /// prefix or namespace bound to anything but each other, a prefix bound to the empty
        /// URI, or a prefix declared twice on one element.
        case invalidNamespaceDeclaration(XMLNamespaceDeclaration)
        /// An unprefixed element in no namespace whose own start tag declares a default
        /// namespace: the element would be read as in that namespace.
        case defaultNamespaceConflict(element: XMLName, uri: String)
        /// An XML declaration whose version is not `1.` and digits, or a document type
        /// declaration whose public identifier holds characters it may not or comes without a
        /// system identifier (XML 1.0 production [75] requires one after `PUBLIC`), or whose
        /// system identifier holds both kinds of quote; the text says which.
        case invalidDeclaration(String)
        /// A character that cannot be written where it was given, so that the output would not
        /// parse back to it: one that XML cannot carry anywhere (a C0 control other than tab,
        /// line feed and carriage return, U+FFFE, U+FFFF), in text, an attribute value, a
        /// comment, a CDATA section, a processing instruction or a system identifier; or a
        /// carriage return where no character reference can stand for it (a CDATA section, a
        /// comment, a processing instruction, a system identifier), which parsers read as a
        /// line feed. In text and attribute values a carriage return is written as `&#13;`.
        case unrepresentableCharacter(Unicode.Scalar)
        /// A comment that holds `--` or ends with `-`, which XML does not allow in one.
        case invalidComment
        /// Processing instruction data that holds `?>`, which would end the instruction there,
        /// or begins with white space, which parsers drop.
        case invalidProcessingInstructionData
        /// A namespace URI, declared or of a name, that the parser refuses as a namespace name
        /// (libxml2's URI syntax: no spaces, quotes, `<`, `>` or control characters, no
        /// characters outside ASCII unless percent-encoded).
        case invalidNamespaceURI(String)
        /// The URL given as the output file is not a `file:` URL.
        case notAFileURL(URL)
        /// The output file could not be created; `errno` is the system's reason.
        case cannotCreateFile(path: String, errno: Int32)
        /// Writing or closing the output file failed; `errno` is the system's reason.
        case cannotWriteFile(path: String, errno: Int32)
    }

    /// What was wrong.
    public var reason: Reason

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
    ///   - reason: What was wrong.
    ///   - event: The event refused, if the error is about one.
    ///   - openElements: The elements open at that point, the root first.
    ///   - byteOffset: How many bytes had been written.
    public init(_ reason: Reason, event: XMLEvent? = nil, openElements: [XMLName] = [], byteOffset: Int = 0) {
        self.reason = reason
        self.event = event
        self.openElements = openElements
        self.byteOffset = byteOffset
    }

    /// The problem in words, with what was refused and where: for example
    /// `cannot write </b>: the innermost open element is <a> (in /a, at byte 2)`.
    public var description: String {
        var text = "cannot write " + refused + ": " + problem
        switch reason {
        case .cannotCreateFile, .cannotWriteFile, .notAFileURL:
            break
        default:
            let path = openElements.isEmpty ? "outside the root element" : "in /" + Self.path(openElements)
            text += " (\(path), at byte \(byteOffset))"
        }
        return XMLDiagnosticText.escaping(text)
    }

    /// The ``description``, so that `localizedDescription` says what went wrong too.
    public var errorDescription: String? { description }

    /// What the writer was asked to write.
    private var refused: String {
        switch reason {
        case .cannotCreateFile(let path, _), .cannotWriteFile(let path, _): return path
        case .notAFileURL(let url): return XMLDiagnosticText.redacting(url)
        case .missingRootElement where event == nil: return "the document"
        case .noOpenElement(nil): return "an end tag"
        default: break
        }
        guard let event else { return "the event" }
        switch event {
        case .text(let text): return "text " + Self.quoted(text)
        case .cdata(let text): return "a CDATA section " + Self.quoted(text)
        default:
            let text = event.description
            return text.count > 80 ? text.prefix(80) + "…" : text
        }
    }

    private var problem: String {
        switch reason {
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
                + "(write several top-level elements with XMLWriter(mode: .fragments))"
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
            return carriageReturnProblem
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
    private var carriageReturnProblem: String {
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
