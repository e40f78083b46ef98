extension XMLEvent {
    /// A start element made from names written as text, for building documents in code.
    ///
    /// ```swift
    /// let events: [XMLEvent] = [
    ///     .start("record", attributes: ["id": "7", "xml:lang": "en"]),
    ///     .text("Seven"),
    ///     .end("record"),
    /// ]
    /// ```
    ///
    /// Names, of the element and of its attributes, are written as:
    /// - `local`: in no namespace.
    /// - `{uri}local`: in the namespace `uri`; the writer declares a prefix or the default
    ///   namespace for it where needed (`{http://www.w3.org/2005/Atom}feed`).
    /// - `prefix:local`: with the namespace the prefix is bound to where the event is written,
    ///   by `namespaces` or an enclosing element (`xml:` is always bound). The event carries the
    ///   prefix without a namespace URI, and ``XMLWriter`` resolves it.
    ///
    /// A name that is none of these (`a b`, `1st`) makes the writer throw
    /// ``XMLWriterError/Code/invalidName``.
    ///
    /// - Parameters:
    ///   - name: The element's name.
    ///   - attributes: The attributes, in order; their names are written as the element's are.
    ///   - namespaces: Namespace declarations to make on this element.
    /// - Returns: A ``startElement(name:attributes:namespaces:)`` event.
    public static func start(
        _ name: String,
        attributes: KeyValuePairs<String, String> = [:],
        namespaces: [XMLNamespaceDeclaration] = []
    ) -> XMLEvent {
        .startElement(
            name: XMLName(writing: name),
            attributes: XMLAttributes(writing: attributes),
            namespaces: namespaces)
    }

    /// An end element made from a name written as text, as for ``start(_:attributes:namespaces:)``.
    ///
    /// - Parameter name: The element's name, as its start element gave it: `local`,
    ///   `{uri}local` or `prefix:local`.
    /// - Returns: An ``endElement(name:)`` event.
    public static func end(_ name: String) -> XMLEvent {
        .endElement(name: XMLName(writing: name))
    }
}

extension XMLName {
    /// A name written as `local`, `{uri}local` or `prefix:local`, for building events; a prefix
    /// other than `xml` gets no namespace URI, for the writer to resolve.
    init(writing text: String) {
        if text.hasPrefix("{"), let close = text.firstIndex(of: "}") {
            let uri = String(text[text.index(after: text.startIndex)..<close])
            self.init(localName: String(text[text.index(after: close)...]), namespaceURI: uri.isEmpty ? nil : uri)
        } else if !text.hasPrefix("{"), let colon = text.firstIndex(of: ":") {
            let prefix = String(text[..<colon])
            self.init(
                localName: String(text[text.index(after: colon)...]), prefix: prefix,
                namespaceURI: prefix == "xml" ? XMLNameTest.xmlNamespace : nil)
        } else {
            self.init(localName: text)
        }
    }
}

extension XMLAttributes {
    /// Attributes whose names are written as for ``XMLName/init(writing:)``.
    init(writing pairs: KeyValuePairs<String, String>) {
        self.init(pairs.map { XMLAttribute(name: XMLName(writing: $0.key), value: $0.value) })
    }
}
