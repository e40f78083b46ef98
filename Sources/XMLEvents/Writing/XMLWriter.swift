/// Writes events as well-formed, namespace-well-formed XML text in UTF-8, a piece at a time.
///
/// ```swift
/// var writer = XMLWriter()
/// for try await event in events {
///     writer.write(event)
///     if writer.bufferedByteCount > 1 << 16 { output.write(writer.takeBytes()) }
/// }
/// writer.finish()
/// output.write(writer.takeBytes())
/// ```
///
/// - Text and attribute values are escaped so that parsing the output gives the same text back:
///   `&`, `<` and `>` everywhere, `"` in attribute values, carriage returns as `&#13;`, and tabs
///   and line feeds in attribute values as character references (attribute-value normalization
///   would turn them into spaces otherwise). Characters XML cannot carry at all (C0 controls other
///   than tab, line feed and carriage return) become U+FFFD.
/// - A start element directly followed by its end element is written as an empty-element tag,
///   `<a/>`.
/// - Namespace declarations carried by start elements are written as given; a name whose prefix
///   is not bound to its namespace URI at that point (a subtree written without its ancestors,
///   or names made up in code) gets the declaration it needs, or a generated prefix (`ns1`, …)
///   when its own prefix is taken on the same element.
/// - The writer trusts the order of events: an end element closes the innermost open element,
///   whatever name it carries. ``finish()`` closes the elements still open.
/// - ``XMLEvent/startDocument(version:encoding:standalone:)`` writes an XML declaration only when
///   the document had one (a version), and declares `UTF-8` for an encoding, the only one the
///   writer produces. A CDATA section containing `]]>` is split in two there; a comment's `--`
///   and a processing instruction's `?>`, which no parsed document holds, get a space.
///
/// Parsing the output again yields the same events, except for the declared encoding and for the
/// internal DTD subset of a ``XMLEvent/doctype(name:publicID:systemID:)``, which events do not
/// carry (its entities are already expanded and its attribute defaults already applied).
public struct XMLWriter: Sendable {
    private var buffer: [UInt8] = []
    private var scope = XMLNamespaceScope()
    /// The qualified names written for the open elements, innermost last.
    private var openNames: [String] = []
    /// Whether the last start tag still lacks its `>`, in case its end tag follows at once.
    private var startTagIsOpen = false

    /// Creates a writer with an empty buffer.
    public init() {
        buffer.reserveCapacity(1 << 16)
    }

    /// How many bytes are waiting to be taken.
    public var bufferedByteCount: Int { buffer.count }

    /// How many elements are open.
    public var depth: Int { openNames.count }

    /// Hands over the bytes written so far and empties the buffer. A start tag may still lack its
    /// `>` at the end, until the next event tells whether it is an empty-element tag.
    public mutating func takeBytes() -> [UInt8] {
        let bytes = buffer
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
    /// - Complexity: O(*n*) in the length of the event's text, plus the number of namespace
    ///   bindings in scope for each namespaced name of a start element.
    public mutating func write(_ event: XMLEvent) {
        switch event {
        case .startDocument(let version, let encoding, let standalone):
            closeStartTag()
            guard let version else { return }
            append("<?xml version=\"")
            appendEscaped(version, inAttribute: true)
            append("\"")
            if encoding != nil { append(" encoding=\"UTF-8\"") }
            if let standalone { append(standalone ? " standalone=\"yes\"" : " standalone=\"no\"") }
            append("?>\n")
        case .doctype(let name, let publicID, let systemID):
            closeStartTag()
            append("<!DOCTYPE ")
            append(name)
            if let publicID {
                append(" PUBLIC ")
                appendQuoted(publicID)
                if let systemID {
                    append(" ")
                    appendQuoted(systemID)
                }
            } else if let systemID {
                append(" SYSTEM ")
                appendQuoted(systemID)
            }
            append(">\n")
        case .startElement(let name, let attributes, let namespaces):
            startElement(name, attributes: attributes, namespaces: namespaces)
        case .endElement:
            endElement()
        case .text(let text):
            closeStartTag()
            appendEscaped(text, inAttribute: false)
        case .cdata(let text):
            closeStartTag()
            append("<![CDATA[")
            append(text.replacing("]]>", with: "]]]]><![CDATA[>"))
            append("]]>")
        case .comment(let text):
            closeStartTag()
            append("<!--")
            var safe = text
            while safe.contains("--") { safe = safe.replacing("--", with: "- -") }
            if safe.hasSuffix("-") { safe += " " }
            append(safe)
            append("-->")
            if openNames.isEmpty { append("\n") }
        case .processingInstruction(let target, let data):
            closeStartTag()
            append("<?")
            append(target)
            if !data.isEmpty {
                append(" ")
                append(data.replacing("?>", with: "? >"))
            }
            append("?>")
            if openNames.isEmpty { append("\n") }
        case .endDocument:
            finish()
            append("\n")
        }
    }

    /// Writes a subtree: its start tag, its content and its end tag.
    ///
    /// - Parameter subtree: The element to write, with the declarations its names need.
    /// - Complexity: O(*n*) in the size of the subtree; it is walked without recursion.
    public mutating func write(_ subtree: XMLSubtree) {
        startElement(subtree.name, attributes: subtree.attributes, namespaces: subtree.namespaces)
        var pending: [(children: [XMLContent], index: Int)] = [(subtree.children, 0)]
        while let top = pending.indices.last {
            let (children, index) = pending[top]
            guard index < children.count else {
                pending.removeLast()
                endElement()
                continue
            }
            pending[top].index = index + 1
            switch children[index] {
            case .element(let element):
                startElement(element.name, attributes: element.attributes, namespaces: element.namespaces)
                pending.append((element.children, 0))
            case .text(let text): write(.text(text))
            case .cdata(let text): write(.cdata(text))
            case .comment(let text): write(.comment(text))
            case .processingInstruction(let target, let data): write(.processingInstruction(target: target, data: data))
            }
        }
    }

    /// Closes the last start tag and every element still open.
    public mutating func finish() {
        while !openNames.isEmpty { endElement() }
        closeStartTag()
    }

    /// The text of a subtree written on its own, with the namespace declarations it needs.
    ///
    /// - Parameter subtree: The element to write.
    /// - Returns: The XML text.
    public static func string(for subtree: XMLSubtree) -> String {
        var writer = XMLWriter()
        writer.write(subtree)
        return writer.takeString()
    }

    /// The text of a sequence of events, with open elements closed at the end.
    ///
    /// - Parameter events: Events in document order, for example those of a whole document.
    /// - Returns: The XML text.
    public static func string(for events: some Sequence<XMLEvent>) -> String {
        var writer = XMLWriter()
        for event in events { writer.write(event) }
        writer.finish()
        return writer.takeString()
    }

    // MARK: - Elements

    private mutating func startElement(
        _ name: XMLName,
        attributes: XMLAttributes,
        namespaces: [XMLNamespaceDeclaration]
    ) {
        closeStartTag()
        scope.push()
        for declaration in namespaces {
            scope.bind(declaration.prefix, to: declaration.uri)
        }
        var declared: [XMLNamespaceDeclaration] = namespaces
        let elementName = qualifiedElementName(name, declaring: &declared)
        var attributeNames: [String] = []
        attributeNames.reserveCapacity(attributes.count)
        for attribute in attributes {
            attributeNames.append(qualifiedAttributeName(attribute.name, declaring: &declared))
        }
        append("<")
        append(elementName)
        for declaration in declared {
            append(" xmlns")
            if let prefix = declaration.prefix {
                append(":")
                append(prefix)
            }
            append("=\"")
            appendEscaped(declaration.uri, inAttribute: true)
            append("\"")
        }
        for (attribute, qualifiedName) in zip(attributes, attributeNames) {
            append(" ")
            append(qualifiedName)
            append("=\"")
            appendEscaped(attribute.value, inAttribute: true)
            append("\"")
        }
        openNames.append(elementName)
        startTagIsOpen = true
    }

    private mutating func endElement() {
        guard let name = openNames.popLast() else { return }
        if startTagIsOpen {
            append("/>")
            startTagIsOpen = false
        } else {
            append("</")
            append(name)
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

    // MARK: - Namespaces

    /// The element's name as it will be written, declaring the binding it needs.
    private mutating func qualifiedElementName(
        _ name: XMLName,
        declaring declared: inout [XMLNamespaceDeclaration]
    ) -> String {
        let uri = name.namespaceURI ?? ""
        if uri.isEmpty {
            // No namespace: only unprefixed names can say so, under an undeclared default.
            if scope.uri(for: nil) != "" { declare(nil, uri: "", in: &declared) }
            return name.localName
        }
        var prefix = name.prefix
        if scope.uri(for: prefix) != uri {
            if scope.declaresOnCurrentElement(prefix) { prefix = scope.freshPrefix() }
            declare(prefix, uri: uri, in: &declared)
        }
        guard let prefix else { return name.localName }
        return prefix + ":" + name.localName
    }

    /// The attribute's name as it will be written, declaring the binding it needs. Unprefixed
    /// attributes are in no namespace, so a namespaced attribute always needs a prefix.
    private mutating func qualifiedAttributeName(
        _ name: XMLName,
        declaring declared: inout [XMLNamespaceDeclaration]
    ) -> String {
        let uri = name.namespaceURI ?? ""
        if uri.isEmpty { return name.localName }
        var prefix = name.prefix
        if prefix == nil || scope.uri(for: prefix) != uri {
            if let bound = scope.prefix(for: uri) {
                prefix = bound
            } else {
                if prefix == nil || scope.declaresOnCurrentElement(prefix) { prefix = scope.freshPrefix() }
                declare(prefix, uri: uri, in: &declared)
            }
        }
        return (prefix ?? "") + ":" + name.localName
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

    /// Appends `text` with markup characters replaced by references, copying the runs between
    /// them in one go.
    private mutating func appendEscaped(_ text: String, inAttribute: Bool) {
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
                case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
                case 0x09 where inAttribute: replacement = "&#9;"
                case 0x0A where inAttribute: replacement = "&#10;"
                case 0x09, 0x0A: continue
                case 0x00..<0x20: replacement = "\u{FFFD}"
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
