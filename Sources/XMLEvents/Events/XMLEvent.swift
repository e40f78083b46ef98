/// One step through an XML document, as the parser meets it.
///
/// A well-formed document yields ``startDocument(version:encoding:standalone:)`` first,
/// ``endDocument`` last, and between them balanced ``startElement(name:attributes:namespaces:)`` /
/// ``endElement(name:)`` pairs with the content in document order.
///
/// Character data is whole: one ``text(_:)`` carries a maximal run of character data between two
/// pieces of markup, with entity and character references replaced, however the bytes arrived.
/// A reference the parser did not replace is reported where it stood, as
/// ``skippedEntity(name:)``, between the text before it and the text after it.
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

    /// A reference to an entity in content that the parser did not replace, as XML 1.0 (4.4.3)
    /// allows a processor that does not validate, reported where it stood, as SAX's
    /// `skippedEntity`: an external entity that was not loaded (none is without an
    /// ``XMLParsingOptions/externalEntityResolver``, or the resolver returned `nil`), or an
    /// entity that is not declared in a document whose external DTD subset or parameter
    /// entities were not read, where its declaration may be. `name` is the entity's name,
    /// without `&` and `;`.
    ///
    /// The text around it is incomplete: ``XMLWriter`` writes the reference back (`&name;`),
    /// subtrees keep it (``XMLContent/skippedEntity(name:)``), and decoding a record that holds
    /// one fails. With ``XMLParsingOptions/rejectsSkippedEntities`` the parse fails there
    /// instead. See <doc:Security#Entities-that-are-not-read>.
    case skippedEntity(name: String)

    /// The document ended well-formed. Nothing follows it.
    case endDocument
}
