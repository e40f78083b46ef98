extension XMLWriter {
    /// Writes a start tag; ``end()`` closes it.
    ///
    /// The same as writing ``XMLEvent/start(_:attributes:namespaces:)``: names are `local` (no
    /// namespace), `{uri}local` or `prefix:local` (the prefix bound in scope).
    ///
    /// ```swift
    /// try writer.start("feed", namespaces: [XMLNamespaceDeclaration(prefix: nil, uri: atom)])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The element's name.
    ///   - attributes: The attributes, in order.
    ///   - namespaces: Namespace declarations to make on this element.
    /// - Throws: ``XMLWriterError`` when the element may not stand here or a name is refused.
    public mutating func start(
        _ name: String,
        attributes: KeyValuePairs<String, String> = [:],
        namespaces: [XMLNamespaceDeclaration] = []
    ) throws(XMLWriterError) {
        try write(.start(name, attributes: attributes, namespaces: namespaces))
    }

    /// Writes character data, escaped.
    ///
    /// - Parameter text: The text as it should read once parsed; `<`, `&` and the rest are
    ///   escaped here.
    /// - Throws: ``XMLWriterError/Code/textOutsideRootElement`` for text other than white space
    ///   outside the root element of a document.
    public mutating func text(_ text: String) throws(XMLWriterError) {
        try write(.text(text))
    }

    /// Writes an element holding only text: `<name>Seven &amp; more</name>`.
    ///
    /// - Parameters:
    ///   - name: The element's name, as for ``start(_:attributes:namespaces:)``.
    ///   - attributes: The attributes, in order.
    ///   - namespaces: Namespace declarations to make on this element.
    ///   - text: The element's text; empty writes `<name/>`.
    /// - Throws: ``XMLWriterError`` when the element may not stand here or a name is refused.
    public mutating func element(
        _ name: String,
        attributes: KeyValuePairs<String, String> = [:],
        namespaces: [XMLNamespaceDeclaration] = [],
        text: String
    ) throws(XMLWriterError) {
        try start(name, attributes: attributes, namespaces: namespaces)
        if !text.isEmpty { try write(.text(text)) }
        try end()
    }

    /// Writes an element: its start tag, what `content` writes, and its end tag.
    ///
    /// ```swift
    /// try writer.element("record", attributes: ["id": "7"]) { writer in
    ///     try writer.element("name", text: "Seven")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The element's name, as for ``start(_:attributes:namespaces:)``.
    ///   - attributes: The attributes, in order.
    ///   - namespaces: Namespace declarations to make on this element.
    ///   - content: Writes the element's content with the writer it is given; it must leave
    ///     as many elements open as it found.
    /// - Throws: What `content` throws, or an ``XMLWriterError`` (among them
    ///   ``XMLWriterError/Code/mismatchedEndElement`` when `content` left an
    ///   element open or closed this one).
    public mutating func element(
        _ name: String,
        attributes: KeyValuePairs<String, String> = [:],
        namespaces: [XMLNamespaceDeclaration] = [],
        _ content: (inout XMLWriter) throws -> Void
    ) throws {
        let elementName = XMLName(writing: name)
        try write(
            .startElement(name: elementName, attributes: XMLAttributes(writing: attributes), namespaces: namespaces))
        try content(&self)
        try write(.endElement(name: elementName))
    }
}
