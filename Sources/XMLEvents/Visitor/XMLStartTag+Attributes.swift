extension XMLStartTag {
    /// The attributes of a borrowed ``XMLStartTag``, read in place from the parser's rows, with
    /// the lookups of ``XMLAttributes`` under the same names.
    ///
    /// ```swift
    /// mutating func startElement(_ tag: borrowing XMLStartTag) {
    ///     let id = tag.attributes["id"]                                   // a copy, or nil
    ///     let href = tag.attributes["href", namespaceURI: "http://www.w3.org/1999/xlink"]
    ///     if let index = tag.attributes.firstIndex(named: "size") {
    ///         tag.attributes.withValue(at: index) { value in total += value.count }  // borrowed
    ///     }
    ///     let kept = tag.attributes.copied                                // XMLAttributes
    /// }
    /// ```
    ///
    /// Names are the parser's interned ``XMLName``s, which may be kept; values are borrowed like
    /// ``XMLText``, and ``value(at:)``, the subscripts and ``copied`` copy them. The view is
    /// noncopyable and only ever lent by ``XMLStartTag/attributes``, so it cannot outlive the call
    /// that received the tag.
    @frozen
    public struct Attributes: ~Copyable {
        @usableFromInline let rows: UnsafeBufferPointer<EventTape.Attribute>
        @usableFromInline let bytes: UnsafePointer<UInt8>?

        @inlinable
        init(rows: UnsafeBufferPointer<EventTape.Attribute>, bytes: UnsafePointer<UInt8>?) {
            self.rows = rows
            self.bytes = bytes
        }

        /// How many attributes the tag has, DTD defaults included.
        @inlinable public var count: Int { rows.count }

        /// Whether the tag has no attributes.
        @inlinable public var isEmpty: Bool { rows.isEmpty }

        /// The name of the attribute at `index`, in document order (DTD defaults last).
        ///
        /// - Parameter index: From 0 up to, not including, ``count``.
        @inlinable
        public func name(at index: Int) -> XMLName {
            checkIndex(index)
            return rows[index].name.name
        }

        /// A copy of the value of the attribute at `index`.
        ///
        /// - Parameter index: From 0 up to, not including, ``count``.
        @inlinable
        public func value(at index: Int) -> String {
            withValue(at: index) { $0.string }
        }

        /// Calls `body` with the value of the attribute at `index`, borrowed.
        ///
        /// - Parameters:
        ///   - index: From 0 up to, not including, ``count``.
        ///   - body: Reads the value; it is valid only while `body` runs.
        /// - Returns: What `body` returns.
        /// - Throws: What `body` throws.
        @inlinable
        public func withValue<Result, Failure: Error>(
            at index: Int, _ body: (borrowing XMLText) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            checkIndex(index)
            let row = rows[index]
            return try body(XMLText(base: bytes.map { $0 + row.valueStart }, count: row.valueCount))
        }

        /// Stops the process, with a message that says so, when `index` is not an attribute's: in
        /// every build, as an array's subscript does, since past the tag lie the next tags' rows.
        @inlinable
        func checkIndex(_ index: Int) {
            guard index >= 0, index < rows.count else {
                fatalError("XMLStartTag attribute index \(index) is out of range 0..<\(rows.count)")
            }
        }

        /// A copy of the value of the first attribute that passes a name test, as for
        /// ``XMLAttributes/subscript(_:)-(String)``.
        ///
        /// - Parameter name: `local` (in any namespace or none), `{uri}local`, `{}local`,
        ///   `prefix:local` (the prefix as written in the document).
        /// - Returns: The value, or `nil` when no attribute passes.
        /// - Complexity: O(*n*) in the number of attributes.
        public subscript(_ name: String) -> String? {
            guard let index = firstIndex(named: name) else { return nil }
            return value(at: index)
        }

        /// A copy of the value of the attribute with this local name in this namespace (`nil` for
        /// an unprefixed attribute, which is in no namespace).
        ///
        /// - Parameters:
        ///   - localName: The attribute's local name.
        ///   - namespaceURI: The attribute's namespace URI, or `nil` for none.
        /// - Returns: The value, or `nil` when the tag has no such attribute.
        /// - Complexity: O(*n*) in the number of attributes.
        public subscript(_ localName: String, namespaceURI namespaceURI: String?) -> String? {
            guard let index = firstIndex(localName, namespaceURI: namespaceURI) else { return nil }
            return value(at: index)
        }

        /// The index of the first attribute that passes a name test, as for ``subscript(_:)``.
        ///
        /// - Parameter name: `local`, `{uri}local`, `{}local` or `prefix:local`.
        /// - Returns: The index, or `nil` when none passes.
        public func firstIndex(named name: String) -> Int? {
            if let local = XMLNameTest.plainLocalName(name) {
                return rows.firstIndex { $0.name.name.localName == local }
            }
            guard let test = XMLNameTest(lookup: name) else { return nil }
            return rows.firstIndex { test.matches($0.name.name) }
        }

        /// The index of the first attribute with this local name in this namespace (`nil` for an
        /// unprefixed attribute, which is in no namespace).
        ///
        /// - Parameters:
        ///   - localName: The attribute's local name.
        ///   - namespaceURI: The attribute's namespace URI, or `nil` for none.
        /// - Returns: The index, or `nil` when the tag has no such attribute.
        public func firstIndex(_ localName: String, namespaceURI: String?) -> Int? {
            rows.firstIndex { $0.name.name.localName == localName && $0.name.name.namespaceURI == namespaceURI }
        }

        /// A copy of the attributes, in document order, in one allocation, to keep.
        public var copied: XMLAttributes {
            guard let bytes, !rows.isEmpty else { return XMLAttributes() }
            return XMLAttributes(tapeRows: rows, bytes: bytes)
        }
    }
}
