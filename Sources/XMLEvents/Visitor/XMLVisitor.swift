/// A handler that a document's events are played to as they are parsed, with names interned and
/// text and attribute values borrowed from the parser: the tier for throughput-critical
/// consumers.
///
/// ```swift
/// struct RecordCounter: XMLVisitor {
///     var records = 0
///     var textBytes = 0
///
///     mutating func startElement(_ tag: borrowing XMLStartTag) {
///         if tag.name.localName == "record" { records += 1 }
///     }
///
///     mutating func text(_ text: borrowing XMLText) {
///         textBytes += text.count
///     }
/// }
///
/// var counter = RecordCounter()
/// try await XMLEvents(url: url).visit(&counter)
/// ```
///
/// Implement only the methods you need: every method has an empty default. The visitor sees the
/// same document as `for try await event in events` does, in the same order — whole text runs,
/// names resolved, entity references replaced, the same limits and errors — but nothing is copied
/// for it: ``XMLText`` and ``XMLStartTag`` are views into the parser's buffers, valid only during
/// the call that receives them. They are noncopyable and passed `borrowing`, so the compiler
/// makes sure they do not outlive it; copy what you need to keep (``XMLText/string``,
/// `tag.attributes["id"]`, ``XMLStartTag/Attributes/copied``).
///
/// The visit is specialized for your visitor type (the replay loop is inlined into your code),
/// so a method you do not implement costs nothing. A method may throw to stop the visit: parsing
/// ends, the source is released, and ``XMLEvents/visit(_:)`` throws your error.
///
/// See <doc:Visiting> for the rules and a worked example.
public protocol XMLVisitor {
    /// The document begins, with its XML declaration's version, encoding and standalone
    /// declaration, each `nil` when the document does not declare it.
    mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) throws

    /// A document type declaration: the root element's name and the external identifiers.
    mutating func doctype(name: String, publicID: String?, systemID: String?) throws

    /// An element begins; `tag` holds its name, attributes, namespace declarations and location.
    mutating func startElement(_ tag: borrowing XMLStartTag) throws

    /// An element ends.
    mutating func endElement(_ name: XMLName) throws

    /// A maximal run of character data between two pieces of markup, references replaced; CDATA
    /// sections are part of it unless ``XMLParsingOptions/reportsCDATA`` is set.
    mutating func text(_ text: borrowing XMLText) throws

    /// The content of one CDATA section, only when ``XMLParsingOptions/reportsCDATA`` is set.
    mutating func cdata(_ text: borrowing XMLText) throws

    /// A comment's text, without its delimiters.
    mutating func comment(_ text: borrowing XMLText) throws

    /// A processing instruction: its target and the data after it (empty when there is none).
    mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) throws

    /// A reference to an entity in content that the parser did not replace (an external entity
    /// that was not loaded, say), where it stood: ``XMLEvent/skippedEntity(name:)``. The text
    /// around it lacks the entity's text. A visitor that reads text should implement this (or
    /// parse with ``XMLParsingOptions/rejectsSkippedEntities``): the default does nothing.
    mutating func skippedEntity(_ name: String) throws

    /// The document ended well-formed. Nothing follows.
    mutating func endDocument() throws
}

extension XMLVisitor {
    /// Does nothing.
    ///
    /// - Parameters:
    ///   - version: The declared version.
    ///   - encoding: The declared encoding.
    ///   - standalone: The standalone declaration.
    @inlinable
    public mutating func startDocument(version: String?, encoding: String?, standalone: Bool?) throws {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - name: The root element's name.
    ///   - publicID: The public identifier.
    ///   - systemID: The system identifier.
    @inlinable
    public mutating func doctype(name: String, publicID: String?, systemID: String?) throws {}

    /// Does nothing.
    ///
    /// - Parameter tag: The start tag.
    @inlinable
    public mutating func startElement(_ tag: borrowing XMLStartTag) throws {}

    /// Does nothing.
    ///
    /// - Parameter name: The element's name.
    @inlinable
    public mutating func endElement(_ name: XMLName) throws {}

    /// Does nothing.
    ///
    /// - Parameter text: The text.
    @inlinable
    public mutating func text(_ text: borrowing XMLText) throws {}

    /// Does nothing.
    ///
    /// - Parameter text: The section's content.
    @inlinable
    public mutating func cdata(_ text: borrowing XMLText) throws {}

    /// Does nothing.
    ///
    /// - Parameter text: The comment's text.
    @inlinable
    public mutating func comment(_ text: borrowing XMLText) throws {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - target: The target.
    ///   - data: The data.
    @inlinable
    public mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) throws {}

    /// Does nothing.
    ///
    /// - Parameter name: The entity's name.
    @inlinable
    public mutating func skippedEntity(_ name: String) throws {}

    /// Does nothing.
    @inlinable
    public mutating func endDocument() throws {}
}
