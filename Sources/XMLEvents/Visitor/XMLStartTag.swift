/// A start tag borrowed from the parser for the length of one ``XMLVisitor`` call: the element's
/// name, its attributes, the namespace declarations made on it, and where it was reported.
///
/// ```swift
/// mutating func startElement(_ tag: borrowing XMLStartTag) {
///     guard tag.name.localName == "record" else { return }
///     let id = tag.attributes["id"]                       // a copy, or nil
///     tag.attributes.withValue(at: 0) { value in bytes += value.count }  // borrowed
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

    /// Where the parser reported the tag: at its closing `>` (the `/>` of an empty-element tag).
    @inlinable public var location: XMLLocation { locationRow.pointee.location }

    /// The tag's attributes, in document order (DTD defaults last), read in place: a view of the
    /// parser's rows that is valid, like the tag, only during the call that received it.
    ///
    /// ```swift
    /// let id = tag.attributes["id"]                  // a copy of the value, or nil
    /// let all = tag.attributes.copied                // XMLAttributes, to keep
    /// ```
    ///
    /// The view is lent, not given: read it through `tag.attributes`, or pass it to a function
    /// that takes it `borrowing`; it cannot be bound to a constant or stored.
    @inlinable
    public var attributes: Attributes {
        _read { yield Attributes(rows: attributeRows, bytes: bytes) }
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
        String(parsedUTF8: UnsafeBufferPointer(start: bytes.map { $0 + start }, count: count))
    }
}
