/// The attributes of a start tag, in document order (attributes defaulted by the DTD last), with
/// lookup by name.
///
/// ```swift
/// if case .startElement(let name, let attributes, _) = event, name.localName == "record" {
///     let date = attributes["date"]                                   // String?
///     let href = attributes["{http://www.w3.org/1999/xlink}href"]
///     for attribute in attributes { print(attribute.name, attribute.value) }
/// }
/// ```
///
/// A collection of ``XMLAttribute``s held in one allocation: the names and every value's UTF-8
/// together, so a start tag costs one allocation however many attributes it has (none without
/// attributes), and a value becomes a `String` only when it is read. Copying the collection
/// costs a retain.
public struct XMLAttributes: RandomAccessCollection, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Each element is one attribute.
    public typealias Element = XMLAttribute
    /// Positions are offsets from 0.
    public typealias Index = Int

    /// `nil` for no attributes.
    let storage: Storage?
    /// Where these attributes' entries start in `storage`: the elements of a subtree share one.
    /// 32 bits each, so that the collection stays two words: 2³² attributes would take more
    /// than 100 GB.
    let first: UInt32
    /// How many entries are these attributes', kept here so that reading the count needs no
    /// access to the storage.
    let entryCount: UInt32

    /// The number of attributes.
    public var count: Int { Int(entryCount) }

    /// No attributes.
    public init() {
        storage = nil
        first = 0
        entryCount = 0
    }

    /// The `count` entries of `storage` from `first` on.
    init(storage: Storage, first: Int, count: Int) {
        self.storage = count == 0 ? nil : storage
        self.first = UInt32(first)
        self.entryCount = UInt32(count)
    }

    /// Attributes in the order given.
    ///
    /// - Parameter attributes: The attributes, as they would be written in a start tag.
    public init(_ attributes: some Sequence<XMLAttribute>) {
        let attributes = Array(attributes)
        first = 0
        entryCount = UInt32(attributes.count)
        guard !attributes.isEmpty else {
            storage = nil
            return
        }
        let byteCount = attributes.reduce(0) { $0 + $1.value.utf8.count }
        storage = Storage.make(count: attributes.count, byteCount: byteCount) { entries, bytes, owners in
            var offset = 0
            for (index, attribute) in attributes.enumerated() {
                var value = attribute.value
                let count = value.withUTF8 { utf8 in
                    if let source = utf8.baseAddress { (bytes + offset).initialize(from: source, count: utf8.count) }
                    return utf8.count
                }
                entries[index] = Entry(
                    name: TapeName(attribute.name, owners: &owners), valueStart: offset, valueCount: count)
                offset += count
            }
        }
    }

    /// Attributes in the order written.
    ///
    /// - Parameter elements: The attributes.
    public init(arrayLiteral elements: XMLAttribute...) {
        self.init(elements)
    }

    /// 0.
    public var startIndex: Int { 0 }

    /// The number of attributes.
    public var endIndex: Int { count }

    /// Calls `body` with these attributes' entries and the bytes their values point into, or
    /// returns `nil` when there are none.
    func withEntries<Result>(_ body: (UnsafeBufferPointer<Entry>, UnsafePointer<UInt8>) -> Result) -> Result? {
        storage?.withEntries(first: Int(first)) { entries, bytes in
            body(UnsafeBufferPointer(start: entries, count: count), bytes)
        }
    }

    /// The attribute at `position`, its value made into a string.
    ///
    /// - Parameter position: From 0 up to, not including, ``endIndex``.
    public subscript(position: Int) -> XMLAttribute {
        guard let storage, position >= 0, position < count else {
            preconditionFailure("XMLAttributes index \(position) out of range")
        }
        return storage.withEntries(first: Int(first)) { entries, bytes in
            let entry = entries[position]
            return XMLAttribute(
                name: entry.name.name,
                value: String(
                    parsedUTF8: UnsafeBufferPointer(start: bytes + entry.valueStart, count: entry.valueCount)))
        }
    }

    /// The name of the attribute at `position`, without making its value into a string.
    ///
    /// - Parameter position: From 0 up to, not including, ``endIndex``.
    public func name(at position: Int) -> XMLName {
        guard let storage, position >= 0, position < count else {
            preconditionFailure("XMLAttributes index \(position) out of range")
        }
        return storage.withEntries(first: Int(first)) { entries, _ in entries[position].name.name }
    }

    /// The value of the first attribute that passes a name test.
    ///
    /// ```swift
    /// attributes["date"]                                   // local name, any namespace or none
    /// attributes["xml:lang"]                               // prefix as written
    /// attributes["{http://www.w3.org/1999/xlink}href"]     // namespace URI and local name
    /// ```
    ///
    /// - Parameter name: `local` (in any namespace or none), `{uri}local`, `{}local`,
    ///   `prefix:local` (the prefix as written in the document).
    /// - Returns: The value, or `nil` when no attribute passes.
    /// - Complexity: O(*n*) in the number of attributes.
    ///
    /// Setting a value replaces the value of the first attribute that passes, or appends an
    /// attribute of that name when none does; setting `nil` removes the first that passes. A
    /// new attribute's name is `local`, `{uri}local` (the writer chooses its prefix) or
    /// `prefix:local` (a prefix the element or an ancestor declares, or `xml`).
    public subscript(name: String) -> String? {
        get { firstIndex(named: name).map { self[$0].value } }
        set {
            var attributes = Array(self)
            if let index = firstIndex(named: name) {
                if let newValue { attributes[index].value = newValue } else { attributes.remove(at: index) }
            } else if let newValue {
                attributes.append(XMLAttribute(name: Self.newName(name), value: newValue))
            } else {
                return
            }
            self = XMLAttributes(attributes)
        }
    }

    /// The name of an attribute added by its written form.
    private static func newName(_ written: String) -> XMLName {
        if written.hasPrefix("{"), let close = written.firstIndex(of: "}") {
            let uri = String(written[written.index(after: written.startIndex)..<close])
            return XMLName(
                localName: String(written[written.index(after: close)...]), namespaceURI: uri.isEmpty ? nil : uri)
        }
        if let colon = written.firstIndex(of: ":") {
            let prefix = String(written[..<colon])
            return XMLName(
                localName: String(written[written.index(after: colon)...]), prefix: prefix,
                namespaceURI: prefix == "xml" ? "http://www.w3.org/XML/1998/namespace" : nil)
        }
        return XMLName(localName: written)
    }

    /// The value of the attribute with this local name in this namespace (`nil` for an
    /// unprefixed attribute, which is in no namespace).
    ///
    /// - Parameters:
    ///   - localName: The attribute's local name.
    ///   - namespaceURI: The attribute's namespace URI, or `nil` for none.
    /// - Returns: The value, or `nil` when there is no such attribute.
    /// - Complexity: O(*n*) in the number of attributes.
    public subscript(localName: String, namespaceURI namespaceURI: String?) -> String? {
        firstIndex(localName, namespaceURI: namespaceURI).map { self[$0].value }
    }

    /// The first attribute that passes a name test, as for ``subscript(_:)-(String)``.
    ///
    /// - Parameter name: `local`, `{uri}local`, `{}local` or `prefix:local`.
    /// - Returns: The attribute, or `nil` when none passes.
    public func first(named name: String) -> XMLAttribute? {
        firstIndex(named: name).map { self[$0] }
    }

    /// The position of the first attribute that passes a name test, as for ``subscript(_:)-(String)``.
    ///
    /// - Parameter name: `local`, `{uri}local`, `{}local` or `prefix:local`.
    /// - Returns: The position, or `nil` when none passes.
    public func firstIndex(named name: String) -> Int? {
        if let local = XMLNameTest.plainLocalName(name) {
            return indices.first { self.name(at: $0).localName == local }
        }
        guard let test = XMLNameTest(lookup: name) else { return nil }
        return indices.first { test.matches(self.name(at: $0)) }
    }

    /// The position of the attribute with this local name in this namespace (`nil` for an
    /// unprefixed attribute, which is in no namespace).
    ///
    /// - Parameters:
    ///   - localName: The attribute's local name.
    ///   - namespaceURI: The attribute's namespace URI, or `nil` for none.
    /// - Returns: The position, or `nil` when there is no such attribute.
    public func firstIndex(_ localName: String, namespaceURI: String?) -> Int? {
        indices.first { index in
            let name = self.name(at: index)
            return name.localName == localName && name.namespaceURI == namespaceURI
        }
    }

    /// The attributes as they would be written in a start tag: `a="1" b="2"`.
    public var description: String {
        map(\.description).joined(separator: " ")
    }

    /// Two collections are equal when they hold equal attributes in the same order.
    ///
    /// - Parameters:
    ///   - lhs: Some attributes.
    ///   - rhs: Other attributes.
    public static func == (lhs: XMLAttributes, rhs: XMLAttributes) -> Bool {
        if lhs.storage === rhs.storage && lhs.first == rhs.first && lhs.entryCount == rhs.entryCount { return true }
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { $0 == $1 }
    }

    /// Hashes every attribute in order.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for attribute in self { hasher.combine(attribute) }
    }
}

extension XMLAttributes {
    /// One attribute: its name, and where its value's bytes are.
    struct Entry: BitwiseCopyable {
        var name: TapeName
        var valueStart: Int
        var valueCount: Int
    }

    struct Header {
        /// The owned names among the entries', kept alive with the storage (see ``TapeName``).
        var owners: [XMLName]
        /// How many entries there are: the values' bytes follow the last.
        var count: Int
    }

    /// The entries, then the values' bytes, in one allocation (the bytes take the room of whole
    /// entries after the last one).
    final class Storage: ManagedBuffer<Header, Entry> {
        /// Allocates room for `count` entries and `byteCount` bytes of values, and lets
        /// `initialize` write them.
        static func make(
            count: Int, byteCount: Int,
            initialize: (UnsafeMutablePointer<Entry>, UnsafeMutablePointer<UInt8>, inout [XMLName]) -> Void
        ) -> Storage {
            let entryBytes = count * MemoryLayout<Entry>.stride
            let byteSlots = (byteCount + MemoryLayout<Entry>.stride - 1) / MemoryLayout<Entry>.stride
            let buffer = Storage.create(minimumCapacity: count + byteSlots) { _ in Header(owners: [], count: count) }
            // `create` returns an instance of the class it is called on.
            let storage = unsafeDowncast(buffer, to: Storage.self)
            storage.withUnsafeMutablePointers { header, tail in
                let raw = UnsafeMutableRawPointer(tail)
                let entries = raw.bindMemory(to: Entry.self, capacity: count)
                let bytes = (raw + entryBytes).bindMemory(to: UInt8.self, capacity: byteCount)
                initialize(entries, bytes, &header.pointee.owners)
            }
            return storage
        }

        /// Calls `body` with the entries from `first` on and the values' bytes.
        func withEntries<Result>(first: Int, _ body: (UnsafePointer<Entry>, UnsafePointer<UInt8>) -> Result) -> Result {
            withUnsafeMutablePointers { header, tail in
                let raw = UnsafeRawPointer(tail)
                let entries = raw.assumingMemoryBound(to: Entry.self)
                let bytes = (raw + header.pointee.count * MemoryLayout<Entry>.stride).assumingMemoryBound(
                    to: UInt8.self)
                return body(entries + first, bytes)
            }
        }
    }
}

// The storage is written only while `Storage.make` initializes it, before any other reference
// exists, and never after: sharing it between threads only ever reads it.
extension XMLAttributes: @unchecked Sendable {}
