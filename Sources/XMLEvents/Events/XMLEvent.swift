/// One step through an XML document, as the parser meets it.
///
/// A well-formed document yields ``startDocument(version:encoding:standalone:)`` first,
/// ``endDocument`` last, and between them balanced ``startElement(name:attributes:namespaces:)`` /
/// ``endElement(name:)`` pairs with the content in document order.
///
/// Character data is whole: one ``text(_:)`` carries a maximal run of character data between two
/// pieces of markup, with entity and character references replaced, however the bytes arrived.
public enum XMLEvent: Sendable, Hashable {
    /// The document begins. `version`, `encoding` and `standalone` are those of the XML
    /// declaration, each `nil` when the document does not declare it.
    indirect case startDocument(version: String?, encoding: String?, standalone: Bool?)

    /// A document type declaration: the root element's name and the external identifiers.
    /// The internal subset's declarations are applied (entities, attribute defaults), not reported.
    indirect case doctype(name: String, publicID: String?, systemID: String?)

    /// An element begins: its resolved name, its attributes in document order (attributes
    /// defaulted by the DTD follow), and the namespace declarations made on this element.
    case startElement(name: XMLName, attributes: XMLAttributes, namespaces: [XMLNamespaceDeclaration])

    /// An element ends. Every start element has exactly one matching end element.
    case endElement(name: XMLName)

    /// A maximal run of character data between two pieces of markup, references replaced.
    /// CDATA sections are part of it unless ``XMLParsingOptions/reportsCDATA`` is set.
    case text(String)

    /// The content of one CDATA section, reported apart only when
    /// ``XMLParsingOptions/reportsCDATA`` is set.
    case cdata(String)

    /// A comment's text, without the `<!--` and `-->` delimiters.
    case comment(String)

    /// A processing instruction: its target and the data after it (empty when there is none).
    indirect case processingInstruction(target: String, data: String)

    /// The document ended well-formed. Nothing follows it.
    case endDocument
}
