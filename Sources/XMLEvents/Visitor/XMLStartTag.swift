/// A start tag borrowed from the parser for the length of one ``XMLVisitor`` call: the element's
/// name, its attributes, the namespace declarations made on it, and where it was reported.
///
/// ```swift
/// mutating func startElement(_ tag: borrowing XMLStartTag) {
///     guard tag.name.localName == "record" else { return }
///     let id = tag[attribute: "id"]                       // a copy, or nil
///     tag.withAttributeValue(at: 0) { value in bytes += value.count }  // borrowed
/// }
/// ```
///
/// Attribute values are borrowed like ``XMLText``; the names are the parser's interned
/// ``XMLName``s, which may be kept. The tag is noncopyable and only ever passed `borrowing`, so
/// it cannot outlive the call.
@frozen
public struct XMLStartTag: ~Copyable {
    @usableFromInline let nameBits: TapeName
    @usableFromInline let locationRow: UnsafePointer<EventTape.Location>
    @usableFromInline let attributeRows: UnsafeBufferPointer<EventTape.Attribute>
    @usableFromInline let namespaceRows: UnsafeBufferPointer<EventTape.Namespace>
    @usableFromInline let bytes: UnsafePointer<UInt8>?

    @inlinable
    init(
        name: TapeName, locationRow: UnsafePointer<EventTape.Location>,
        attributeRows: UnsafeBufferPointer<EventTape.Attribute>,
        namespaceRows: UnsafeBufferPointer<EventTape.Namespace>, bytes: UnsafePointer<UInt8>?
    ) {
        self.nameBits = name
        self.locationRow = locationRow
        self.attributeRows = attributeRows
        self.namespaceRows = namespaceRows
        self.bytes = bytes
    }

    /// The element's resolved name.
    @inlinable public var name: XMLName { nameBits.name }

    /// Where the parser reported the tag: just after its `>`.
    @inlinable public var location: XMLLocation { locationRow.pointee.location }

    /// How many attributes the tag has, DTD defaults included.
    @inlinable public var attributeCount: Int { attributeRows.count }

    /// The name of the attribute at `index`, in document order (DTD defaults last).
    ///
    /// - Parameter index: From 0 up to, not including, ``attributeCount``.
    @inlinable
    public func attributeName(at index: Int) -> XMLName {
        checkAttributeIndex(index)
        return attributeRows[index].name.name
    }

    /// Calls `body` with the value of the attribute at `index`, borrowed.
    ///
    /// - Parameters:
    ///   - index: From 0 up to, not including, ``attributeCount``.
    ///   - body: Reads the value; it is valid only while `body` runs.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable
    public func withAttributeValue<Result, Failure: Error>(
        at index: Int, _ body: (borrowing XMLText) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        checkAttributeIndex(index)
        let row = attributeRows[index]
        return try body(XMLText(base: bytes.map { $0 + row.valueStart }, count: row.valueCount))
    }

    /// Stops the process, with a message that says so, when `index` is not an attribute's: in
    /// every build, as an array's subscript does, since past the tag lie the next tags' rows.
    @inlinable
    func checkAttributeIndex(_ index: Int) {
        guard index >= 0, index < attributeRows.count else {
            fatalError("XMLStartTag attribute index \(index) is out of range 0..<\(attributeRows.count)")
        }
    }

    /// A copy of the value of the attribute at `index`.
    ///
    /// - Parameter index: From 0 up to, not including, ``attributeCount``.
    @inlinable
    public func attributeValue(at index: Int) -> String {
        withAttributeValue(at: index) { $0.string }
    }

    /// The index of the first attribute with this local name in this namespace (`nil` for an
    /// unprefixed attribute, which is in no namespace).
    ///
    /// - Parameters:
    ///   - localName: The attribute's local name.
    ///   - namespaceURI: The attribute's namespace URI, or `nil` for none.
    /// - Returns: The index, or `nil` when the tag has no such attribute.
    public func attributeIndex(_ localName: String, namespaceURI: String?) -> Int? {
        attributeRows.firstIndex { $0.name.name.localName == localName && $0.name.name.namespaceURI == namespaceURI }
    }

    /// A copy of the value of the first attribute that passes a name test, as for
    /// ``XMLSubtree/subscript(attribute:)``.
    ///
    /// - Parameter name: `local` (in any namespace or none), `{uri}local`, `{}local`,
    ///   `prefix:local` (the prefix as written in the document).
    /// - Returns: The value, or `nil` when no attribute passes.
    public subscript(attribute name: String) -> String? {
        guard let index = attributeIndex(named: name) else { return nil }
        return attributeValue(at: index)
    }

    /// The index of the first attribute that passes a name test, as for
    /// ``subscript(attribute:)``.
    ///
    /// - Parameter name: `local`, `{uri}local`, `{}local` or `prefix:local`.
    /// - Returns: The index, or `nil` when no attribute passes.
    public func attributeIndex(named name: String) -> Int? {
        if let local = XMLNameTest.plainLocalName(name) {
            return attributeRows.firstIndex { $0.name.name.localName == local }
        }
        guard let test = XMLNameTest(lookup: name) else { return nil }
        return attributeRows.firstIndex { test.matches($0.name.name) }
    }

    /// A copy of the attributes, in document order, in one allocation.
    public var attributes: XMLAttributes {
        guard let bytes, !attributeRows.isEmpty else { return XMLAttributes() }
        return XMLAttributes(tapeRows: attributeRows, bytes: bytes)
    }

    /// How many namespace declarations the tag makes.
    @inlinable public var namespaceDeclarationCount: Int { namespaceRows.count }

    /// Copies of the namespace declarations the tag makes.
    public var namespaceDeclarations: [XMLNamespaceDeclaration] {
        namespaceRows.map { row in
            XMLNamespaceDeclaration(
                prefix: row.prefixCount < 0 ? nil : string(start: row.prefixStart, count: row.prefixCount),
                uri: string(start: row.uriStart, count: row.uriCount))
        }
    }

    private func string(start: Int, count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes.map { $0 + start }, count: count), as: UTF8.self)
    }
}
