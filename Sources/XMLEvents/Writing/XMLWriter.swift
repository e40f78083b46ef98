/// Writes events as well-formed, namespace-well-formed XML text in UTF-8, a piece at a time.
///
/// ```swift
/// var writer = XMLWriter()
/// try writer.start("registry", attributes: ["updated": "2024-06-01"])
/// try writer.element("record", attributes: ["id": "7"]) { writer in
///     try writer.element("name", text: "Seven & more")
///     try writer.element("value", text: "999.75")
/// }
/// try writer.end()
/// try writer.finish()
/// let xml = writer.takeString()
/// // <registry updated="2024-06-01"><record id="7"><name>Seven &amp; more</name>…</record></registry>
/// ```
///
/// Events of a document, parsed or made up, are written with ``write(_:)-(XMLEvent)``; a whole
/// stream of them goes to a file or any consumer of `Data` with
/// ``write(_:to:chunkSize:writesFragments:isolation:)`` and its siblings, which wait for the destination.
///
/// **What is checked.** The writer refuses, with an ``XMLWriterError`` and without writing
/// anything, an event that would make the output not well-formed: an end element that does not
/// name the innermost open element (or comes when none is open), a second root element, text
/// other than white space outside the root, an XML or document type declaration out of place,
/// anything after ``XMLEvent/endDocument``, a name that is not an XML name, a prefix that is not
/// bound, an attribute given twice, a forbidden namespace declaration. It refuses, too, what
/// would parse back as something else, rather than alter it: a character XML cannot carry (C0
/// controls other than tab, line feed and carriage return, U+FFFE, U+FFFF), a carriage return
/// in a CDATA section, a comment, a processing instruction or a system identifier (parsers read
/// it as a line feed, and no character reference can stand there), `--` in a comment or `-` at
/// its end, `?>` in a processing instruction's data or white space at its start, a namespace URI
/// the parser rejects, a public identifier without a system identifier. Events parsed from a
/// well-formed document always pass. ``writesFragments`` lifts the rules about the root element,
/// for a stream of elements and text such as the selections of a document.
///
/// **How it writes.**
/// - Text and attribute values are escaped so that parsing the output gives the same text back:
///   `&`, `<` and `>` everywhere, `"` in attribute values, carriage returns as `&#13;`, and tabs
///   and line feeds in attribute values as character references (attribute-value normalization
///   would turn them into spaces otherwise). White space outside the root element, where no
///   reference may stand, is written as it is.
/// - A start element directly followed by its end element is written as an empty-element tag,
///   `<a/>`.
/// - Names are resolved names: an unprefixed name without a namespace URI is in no namespace;
///   a name with a prefix but no namespace URI (`XMLName(localName: "entry", prefix: "atom")`,
///   or `"atom:entry"` given to ``start(_:attributes:namespaces:)``) takes the URI the prefix is
///   bound to where it is written.
/// - Namespace declarations carried by start elements are written as given; a name whose prefix
///   is not bound to its namespace URI at that point (a subtree written without its ancestors,
///   or names made up in code) gets the declaration it needs, or a generated prefix (`ns1`, …)
///   when its own prefix is taken on the same element.
/// - ``XMLEvent/startDocument(version:encoding:standalone:)`` writes an XML declaration only when
///   the document had one (a version), and declares `UTF-8` for an encoding, the only one the
///   writer produces. A CDATA section containing `]]>` is split in two there, the only way XML
///   has to carry it: the same characters, in two sections.
///
/// Parsing the output again yields the same events, except for the declared encoding, for the
/// internal DTD subset of a ``XMLEvent/doctype(name:publicID:systemID:)``, which events do not
/// carry (its entities are already expanded and its attribute defaults already applied), for
/// white space outside the root element, which parsers do not report, and for character data
/// the parser delivers in other pieces: adjacent text events as one, and a CDATA section split
/// at `]]>` as two (with ``XMLParsingOptions/reportsCDATA``; as text without it).
public struct XMLWriter: Sendable {
    /// An element whose start tag has been written.
    private struct OpenElement: Sendable {
        /// The name as given.
        var name: XMLName
        /// The namespace URI the name was written in, empty for none.
        var namespaceURI: String
        /// The qualified name written, for the end tag.
        var written: String
    }

    /// Whether the output is content as it may stand inside an element rather than one
    /// document: any number of top-level elements, with text, comments and processing
    /// instructions between them (an XML external parsed entity), XML and document type
    /// declarations refused, and maybe no element at all. When `false` (the default), the output
    /// is one XML document: an optional XML declaration first, an optional document type
    /// declaration, exactly one root element, and around it only comments, processing
    /// instructions and white space.
    public let writesFragments: Bool

    private var buffer: [UInt8] = []
    /// Bytes handed over by ``takeBytes()`` and its siblings, for the positions errors report.
    private var takenByteCount = 0
    private var scope = XMLNamespaceScope()
    /// The open elements, innermost last.
    private var open: [OpenElement] = []
    /// Whether the last start tag still lacks its `>`, in case its end tag follows at once.
    private var startTagIsOpen = false
    /// Whether an event has been written: an XML declaration must come first.
    private var hasWrittenEvent = false
    private var hasWrittenDoctype = false
    /// Whether a top-level element has been started.
    private var hasRootElement = false
    /// Whether ``XMLEvent/endDocument`` has been written.
    private var hasEnded = false

    /// Creates a writer with an empty buffer.
    ///
    /// - Parameter writesFragments: `false` (the default) to write one document, `true` to write
    ///   elements one after another (see ``writesFragments``).
    public init(writesFragments: Bool = false) {
        self.writesFragments = writesFragments
        buffer.reserveCapacity(1 << 16)
    }

    /// How many bytes are waiting to be taken.
    public var bufferedByteCount: Int { buffer.count }

    /// How many elements are open.
    public var depth: Int { open.count }

    /// Hands over the bytes written so far and empties the buffer. A start tag may still lack its
    /// `>` at the end, until the next event tells whether it is an empty-element tag.
    public mutating func takeBytes() -> [UInt8] {
        let bytes = buffer
        takenByteCount += bytes.count
        buffer = []
        buffer.reserveCapacity(Swift.max(bytes.count, 1 << 12))
        return bytes
    }

    /// Hands over the text written so far, as ``takeBytes()`` does.
    public mutating func takeString() -> String {
        String(decoding: takeBytes(), as: UTF8.self)
    }

    /// Writes one event.
    ///
    /// - Parameter event: The next event, in document order.
    /// - Throws: ``XMLWriterError`` when the event would make the output not well-formed, or
    ///   would not parse back to itself; the event is then not written, and the writer is
    ///   unchanged.
    /// - Complexity: O(*n*) in the length of the event's text, plus the number of namespace
    ///   bindings in scope for each namespaced name of a start element.
    public mutating func write(_ event: XMLEvent) throws(XMLWriterError) {
        guard !hasEnded else { throw failure(.eventAfterEndDocument, event) }
        switch event {
        case .startDocument(let version, let encoding, let standalone):
            guard !writesFragments, !hasWrittenEvent else { throw failure(.misplacedDeclaration, event) }
            guard let version else { break }
            guard Self.isVersionNumber(version) else {
                throw failure(.invalidDeclaration("the version must be 1. and digits"), event)
            }
            append("<?xml version=\"")
            append(version)
            append("\"")
            if encoding != nil { append(" encoding=\"UTF-8\"") }
            if let standalone { append(standalone ? " standalone=\"yes\"" : " standalone=\"no\"") }
            append("?>\n")
        case .doctype(let name, let publicID, let systemID):
            guard !writesFragments, !hasWrittenDoctype, !hasRootElement else {
                throw failure(.misplacedDeclaration, event)
            }
            try checkDoctype(name: name, publicID: publicID, systemID: systemID, event)
            append("<!DOCTYPE ")
            append(name)
            if let publicID {
                append(" PUBLIC \"")
                append(publicID)
                append("\"")
                if let systemID {
                    append(" ")
                    appendQuoted(systemID)
                }
            } else if let systemID {
                append(" SYSTEM ")
                appendQuoted(systemID)
            }
            append(">\n")
            hasWrittenDoctype = true
        case .startElement(let name, let attributes, let namespaces):
            try startElement(name, attributes: attributes, namespaces: namespaces, event)
        case .endElement(let name):
            try endElement(name, event)
        case .text(let text):
            let isOutsideRoot = open.isEmpty && !writesFragments
            if isOutsideRoot, !Self.isWhitespace(text) { throw failure(.textOutsideRootElement, event) }
            try checkCharacters(of: text, allowsCarriageReturn: true, event)
            closeStartTag()
            // No reference may stand outside the root element, and white space there needs none.
            if isOutsideRoot { append(text) } else { appendEscaped(text, .text) }
        case .cdata(let text):
            if open.isEmpty, !writesFragments { throw failure(.textOutsideRootElement, event) }
            try checkCharacters(of: text, allowsCarriageReturn: false, event)
            closeStartTag()
            append("<![CDATA[")
            append(text.replacing("]]>", with: "]]]]><![CDATA[>"))
            append("]]>")
        case .comment(let text):
            guard !text.contains("--"), !text.hasSuffix("-") else { throw failure(.invalidComment, event) }
            try checkCharacters(of: text, allowsCarriageReturn: false, event)
            closeStartTag()
            append("<!--")
            append(text)
            append("-->")
            if open.isEmpty, !writesFragments { append("\n") }
        case .processingInstruction(let target, let data):
            guard XMLNameSyntax.isNCName(target), target.lowercased() != "xml" else {
                throw failure(.invalidName(target), event)
            }
            guard !data.contains("?>"), !(data.utf8.first.map(Self.isWhitespace) ?? false) else {
                throw failure(.invalidProcessingInstructionData, event)
            }
            try checkCharacters(of: data, allowsCarriageReturn: false, event)
            closeStartTag()
            append("<?")
            append(target)
            if !data.isEmpty {
                append(" ")
                append(data)
            }
            append("?>")
            if open.isEmpty, !writesFragments { append("\n") }
        case .skippedEntity(let name):
            // The reference the parser did not replace, written back as it stood.
            if open.isEmpty, !writesFragments { throw failure(.textOutsideRootElement, event) }
            guard XMLNameSyntax.isName(name) else { throw failure(.invalidName(name), event) }
            closeStartTag()
            append("&")
            append(name)
            append(";")
        case .endDocument:
            guard open.isEmpty else { throw failure(.unclosedElements, event) }
            guard hasRootElement || writesFragments else { throw failure(.missingRootElement, event) }
            closeStartTag()
            if !writesFragments { append("\n") }
            hasEnded = true
        }
        hasWrittenEvent = true
    }

    /// Writes a subtree: its start tag, its content and its end tag.
    ///
    /// - Parameter subtree: The element to write, with the declarations its names need.
    /// - Throws: ``XMLWriterError`` when the subtree may not stand here (a second root element
    ///   of a document) or holds a name that is not an XML name; nothing of it is then written.
    /// - Complexity: O(*n*) in the size of the subtree; it is walked without recursion.
    public mutating func write(_ subtree: XMLSubtree) throws(XMLWriterError) {
        guard !hasEnded else { throw failure(.eventAfterEndDocument, subtree.startElementEvent) }
        // Undone as a whole when a name deep inside is refused. The buffer is not part of the
        // copy, which would make the next append copy it whole.
        let (savedScope, savedOpen, savedCount) = (scope, open, buffer.count)
        let savedFlags = (startTagIsOpen, hasWrittenEvent, hasRootElement)
        do throws(XMLWriterError) {
            try writeWithoutRollback(subtree)
        } catch {
            (scope, open) = (savedScope, savedOpen)
            (startTagIsOpen, hasWrittenEvent, hasRootElement) = savedFlags
            buffer.removeSubrange(savedCount...)
            throw error
        }
    }

    private mutating func writeWithoutRollback(_ subtree: XMLSubtree) throws(XMLWriterError) {
        for step in subtree.walk {
            switch step {
            case .enter(let element):
                try startElement(
                    element.name, attributes: element.attributes, namespaces: element.namespaces,
                    element.startElementEvent)
            case .content(let content): try write(content.event)
            case .leave: closeInnermostElement()
            }
        }
        hasWrittenEvent = true
    }

    /// Closes the last start tag and every element still open.
    ///
    /// Writing may go on afterwards (a comment after the root element, say); after
    /// ``XMLEvent/endDocument`` this does nothing.
    ///
    /// - Throws: ``XMLWriterError/Code/missingRootElement`` for a document without a
    ///   root element.
    public mutating func finish() throws(XMLWriterError) {
        guard !hasEnded else { return }
        guard hasRootElement || writesFragments else { throw failure(.missingRootElement, nil) }
        while !open.isEmpty { closeInnermostElement() }
        closeStartTag()
    }

    /// The text of a subtree written on its own, with the namespace declarations it needs.
    ///
    /// - Parameter subtree: The element to write.
    /// - Returns: The XML text.
    /// - Throws: ``XMLWriterError`` when the subtree holds a name that is not an XML name, or a
    ///   prefix bound nowhere; a subtree of a parsed document always passes.
    public static func string(for subtree: XMLSubtree) throws(XMLWriterError) -> String {
        var writer = XMLWriter()
        try writer.write(subtree)
        return writer.takeString()
    }

    /// The text of a sequence of events, with open elements closed at the end.
    ///
    /// - Parameters:
    ///   - events: Events in document order, for example those of a whole document.
    ///   - writesFragments: `false` (the default) for one document, `true` for fragments (see
    ///     ``writesFragments``).
    /// - Returns: The XML text.
    /// - Throws: ``XMLWriterError`` for the first event that would make the output not
    ///   well-formed.
    public static func string(for events: some Sequence<XMLEvent>, writesFragments: Bool = false) throws(XMLWriterError)
        -> String
    {
        var writer = XMLWriter(writesFragments: writesFragments)
        for event in events { try writer.write(event) }
        try writer.finish()
        return writer.takeString()
    }

    /// Closes the innermost open element, whatever its name.
    ///
    /// - Throws: ``XMLWriterError/Code/noOpenElement`` when no element is open.
    public mutating func end() throws(XMLWriterError) {
        guard !hasEnded else { throw failure(.eventAfterEndDocument, nil) }
        guard !open.isEmpty else { throw failure(.noOpenElement(nil), nil) }
        closeInnermostElement()
        hasWrittenEvent = true
    }

    // MARK: - Elements

    private mutating func startElement(
        _ name: XMLName,
        attributes: XMLAttributes,
        namespaces: [XMLNamespaceDeclaration],
        _ event: XMLEvent
    ) throws(XMLWriterError) {
        if open.isEmpty, hasRootElement, !writesFragments { throw failure(.secondRootElement(name), event) }
        // Everything is checked, and the names the tag needs are chosen, before a byte is written.
        scope.push()
        var declared = namespaces
        let elementName: (written: String, namespaceURI: String)
        var attributeNames: [String] = []
        do throws(XMLWriterError) {
            try checkDeclarations(namespaces, event)
            for declaration in namespaces {
                scope.bind(declaration.prefix, to: declaration.uri)
            }
            elementName = try qualifiedElementName(name, declaring: &declared, event)
            attributeNames.reserveCapacity(attributes.count)
            var resolved: [(localName: String, namespaceURI: String)] = []
            resolved.reserveCapacity(attributes.count)
            for index in attributes.indices {
                try checkCharacters(of: attributes[index].value, allowsCarriageReturn: true, event)
                let attributeName = attributes.name(at: index)
                let (written, namespaceURI) = try qualifiedAttributeName(attributeName, declaring: &declared, event)
                let localName = attributeName.localName
                if resolved.contains(where: { $0.localName == localName && $0.namespaceURI == namespaceURI }) {
                    throw failure(.duplicateAttribute(attributeName), event)
                }
                resolved.append((localName, namespaceURI))
                attributeNames.append(written)
            }
        } catch {
            scope.pop()
            throw error
        }
        closeStartTag()
        append("<")
        append(elementName.written)
        for declaration in declared {
            append(" xmlns")
            if let prefix = declaration.prefix {
                append(":")
                append(prefix)
            }
            append("=\"")
            appendEscaped(declaration.uri, .attribute)
            append("\"")
        }
        for (attribute, qualifiedName) in zip(attributes, attributeNames) {
            append(" ")
            append(qualifiedName)
            append("=\"")
            appendEscaped(attribute.value, .attribute)
            append("\"")
        }
        open.append(OpenElement(name: name, namespaceURI: elementName.namespaceURI, written: elementName.written))
        startTagIsOpen = true
        hasRootElement = true
    }

    private mutating func endElement(_ name: XMLName, _ event: XMLEvent) throws(XMLWriterError) {
        guard let innermost = open.last else { throw failure(.noOpenElement(name), event) }
        guard closes(innermost, name) else {
            throw failure(.mismatchedEndElement(expected: innermost.name, found: name), event)
        }
        closeInnermostElement()
    }

    /// Whether an end element named `name` closes `element`: the same name, or the same local
    /// name in the same namespace, a prefix without a URI taking the one it is bound to.
    private func closes(_ element: OpenElement, _ name: XMLName) -> Bool {
        if name == element.name { return true }
        guard name.localName == element.name.localName else { return false }
        if let namespaceURI = name.namespaceURI { return namespaceURI == element.namespaceURI }
        guard let prefix = name.prefix else { return element.namespaceURI.isEmpty }
        return scope.uri(for: prefix) == element.namespaceURI
    }

    private mutating func closeInnermostElement() {
        guard let element = open.popLast() else { return }
        if startTagIsOpen {
            append("/>")
            startTagIsOpen = false
        } else {
            append("</")
            append(element.written)
            append(">")
        }
        scope.pop()
    }

    private mutating func closeStartTag() {
        if startTagIsOpen {
            append(">")
            startTagIsOpen = false
        }
    }

    /// An error about `event` at the current position.
    private func failure(_ refusal: XMLWriterError.Refusal, _ event: XMLEvent?) -> XMLWriterError {
        XMLWriterError(
            refusal, event: event, openElements: open.map(\.name), byteOffset: takenByteCount + buffer.count)
    }

    // MARK: - Checks

    private static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy(isWhitespace)
    }

    /// `S` of XML 1.0: space, tab, line feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Refuses `text` if it holds a character that would not parse back as itself where it is
    /// written (see ``XMLCharacterSyntax``).
    private func checkCharacters(of text: String, allowsCarriageReturn: Bool, _ event: XMLEvent)
        throws(XMLWriterError)
    {
        if let scalar = XMLCharacterSyntax.firstUnrepresentable(in: text, allowsCarriageReturn: allowsCarriageReturn) {
            throw failure(.unrepresentableCharacter(scalar), event)
        }
    }

    /// Refuses a non-empty namespace URI the parser would not read back.
    private func checkNamespaceURI(_ uri: String, _ event: XMLEvent) throws(XMLWriterError) {
        guard uri.isEmpty || XMLNamespaceURISyntax.isAccepted(uri) else {
            throw failure(.invalidNamespaceURI(uri), event)
        }
    }

    /// `VersionNum` of XML 1.0: `1.` and at least one digit.
    private static func isVersionNumber(_ version: String) -> Bool {
        let bytes = Array(version.utf8)
        return bytes.count > 2 && bytes[0] == UInt8(ascii: "1") && bytes[1] == UInt8(ascii: ".")
            && bytes[2...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private func checkDoctype(name: String, publicID: String?, systemID: String?, _ event: XMLEvent)
        throws(XMLWriterError)
    {
        guard XMLNameSyntax.isQName(name) else { throw failure(.invalidName(name), event) }
        if let publicID {
            guard publicID.unicodeScalars.allSatisfy(Self.isPublicIDCharacter) else {
                throw failure(.invalidDeclaration("the public identifier holds a character it may not"), event)
            }
            guard systemID != nil else {
                throw failure(
                    .invalidDeclaration("a public identifier needs a system identifier after it (XML 1.0 [75])"),
                    event)
            }
        }
        if let systemID {
            try checkCharacters(of: systemID, allowsCarriageReturn: false, event)
            if systemID.contains("\""), systemID.contains("'") {
                throw failure(.invalidDeclaration("the system identifier holds both \" and '"), event)
            }
        }
    }

    /// `PubidChar` of XML 1.0; `"` is excluded too, since the identifier is written between
    /// double quotes. A carriage return in it is kept: libxml2 reads a public identifier's line
    /// ends as they are.
    private static func isPublicIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\r", "\n", "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "-'()+,./:=?;!*#@$_%".unicodeScalars.contains(scalar)
        }
    }

    private func checkDeclarations(_ declarations: [XMLNamespaceDeclaration], _ event: XMLEvent)
        throws(XMLWriterError)
    {
        for (index, declaration) in declarations.enumerated() {
            let isXMLNamespace = declaration.uri == XMLNameTest.xmlNamespace
            let valid: Bool
            switch declaration.prefix {
            case nil: valid = !isXMLNamespace && declaration.uri != Self.xmlnsNamespace
            case "xml": valid = isXMLNamespace
            case "xmlns": valid = false
            case let prefix?:
                valid =
                    XMLNameSyntax.isNCName(prefix) && !declaration.uri.isEmpty && !isXMLNamespace
                    && declaration.uri != Self.xmlnsNamespace
            }
            let repeated = declarations[..<index].contains { $0.prefix == declaration.prefix }
            guard valid, !repeated else { throw failure(.invalidNamespaceDeclaration(declaration), event) }
            try checkNamespaceURI(declaration.uri, event)
        }
    }

    /// The namespace of `xmlns` itself, which no name may be in.
    private static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    // MARK: - Namespaces

    /// The element's name as it will be written and the namespace it is in, declaring the
    /// binding it needs.
    private mutating func qualifiedElementName(
        _ name: XMLName,
        declaring declared: inout [XMLNamespaceDeclaration],
        _ event: XMLEvent
    ) throws(XMLWriterError) -> (written: String, namespaceURI: String) {
        let localName = try checkedLocalName(of: name, event)
        var prefix = name.prefix
        let uri = try namespaceURI(of: name, event)
        if uri.isEmpty {
            // No namespace: only unprefixed names can say so, under an undeclared default.
            if scope.uri(for: nil) != "" {
                if scope.declaresOnCurrentElement(nil) {
                    throw failure(.defaultNamespaceConflict(element: name, uri: scope.uri(for: nil) ?? ""), event)
                }
                declare(nil, uri: "", in: &declared)
            }
            return (localName, "")
        }
        if uri == XMLNameTest.xmlNamespace {
            prefix = "xml"
        } else if prefix == "xml" {
            prefix = scope.freshPrefix()
            declare(prefix, uri: uri, in: &declared)
        } else if scope.uri(for: prefix) != uri {
            if scope.declaresOnCurrentElement(prefix) { prefix = scope.freshPrefix() }
            declare(prefix, uri: uri, in: &declared)
        }
        guard let prefix else { return (localName, uri) }
        return (prefix + ":" + localName, uri)
    }

    /// The attribute's name as it will be written and the namespace it is in, declaring the
    /// binding it needs. Unprefixed attributes are in no namespace, so a namespaced attribute
    /// always needs a prefix.
    private mutating func qualifiedAttributeName(
        _ name: XMLName,
        declaring declared: inout [XMLNamespaceDeclaration],
        _ event: XMLEvent
    ) throws(XMLWriterError) -> (written: String, namespaceURI: String) {
        let localName = try checkedLocalName(of: name, event)
        var prefix = name.prefix
        if prefix == nil, localName == "xmlns" { throw failure(.invalidName(localName), event) }
        let uri = try namespaceURI(of: name, event)
        if uri.isEmpty { return (localName, "") }
        if prefix == nil || scope.uri(for: prefix) != uri {
            if let bound = scope.prefix(for: uri) {
                prefix = bound
            } else {
                if prefix == nil || prefix == "xml" || scope.declaresOnCurrentElement(prefix) {
                    prefix = scope.freshPrefix()
                }
                declare(prefix, uri: uri, in: &declared)
            }
        }
        return ((prefix ?? "") + ":" + localName, uri)
    }

    /// The name's local name, once it and the prefix are known to be XML names that may be
    /// written (`xmlns` is no element's or attribute's prefix).
    private func checkedLocalName(of name: XMLName, _ event: XMLEvent) throws(XMLWriterError) -> String {
        let localName = name.localName
        guard XMLNameSyntax.isNCName(localName) else { throw failure(.invalidName(localName), event) }
        if let prefix = name.prefix, !XMLNameSyntax.isNCName(prefix) || prefix == "xmlns" {
            throw failure(.invalidName(prefix + ":" + localName), event)
        }
        return localName
    }

    /// The namespace a name is in, empty for none: its URI, or for a prefix without one, the URI
    /// the prefix is bound to here.
    private func namespaceURI(of name: XMLName, _ event: XMLEvent) throws(XMLWriterError) -> String {
        if let uri = name.namespaceURI {
            if uri == Self.xmlnsNamespace {
                throw failure(
                    .invalidNamespaceDeclaration(XMLNamespaceDeclaration(prefix: name.prefix, uri: uri)), event)
            }
            try checkNamespaceURI(uri, event)
            return uri
        }
        guard let prefix = name.prefix else { return "" }
        guard let bound = scope.uri(for: prefix) else { throw failure(.unboundPrefix(prefix), event) }
        return bound
    }

    private mutating func declare(_ prefix: String?, uri: String, in declared: inout [XMLNamespaceDeclaration]) {
        scope.bind(prefix, to: uri)
        declared.append(XMLNamespaceDeclaration(prefix: prefix, uri: uri))
    }

    // MARK: - Output

    private mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    private mutating func appendQuoted(_ text: String) {
        let quote = text.contains("\"") ? "'" : "\""
        append(quote)
        append(text)
        append(quote)
    }

    /// Where text is written, which decides what must be replaced in it.
    private enum Context {
        /// Character data: markup characters and carriage returns become references.
        case text
        /// An attribute value between double quotes: also `"`, tabs and line feeds.
        case attribute
    }

    /// Appends `text` with what `context` requires replaced by references, copying the runs
    /// between replacements in one go. `text` has passed ``checkCharacters(of:allowsCarriageReturn:_:)``.
    private mutating func appendEscaped(_ text: String, _ context: Context) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"
                case UInt8(ascii: "\"") where context == .attribute: replacement = "&quot;"
                case 0x09 where context == .attribute: replacement = "&#9;"
                case 0x0A where context == .attribute: replacement = "&#10;"
                default: continue
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                replacement.withUTF8Buffer { buffer.append(contentsOf: $0) }
                runStart = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }
}
