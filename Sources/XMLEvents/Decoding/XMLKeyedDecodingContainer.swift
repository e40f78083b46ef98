/// Reads the attributes, child elements and text content of one element by key, forwarding to
/// the ``XMLElementKeys`` of its decoder with each key's string, and making the errors.
///
/// It holds a single reference and an index, so that the standard library's type-erasing box
/// copies it cheaply.
struct XMLKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let keys: XMLElementKeys

    init(keys: XMLElementKeys) {
        self.keys = keys
    }

    private var decoder: XMLNodeDecoder { keys.decoder }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        let all = keys.allKeys().compactMap { Key(stringValue: $0) }
        // Present as its type reads it: an attribute-only key with only a child is not.
        return decoder.nodeDecoding == nil ? all : all.filter(contains)
    }

    func contains(_ key: Key) -> Bool { match(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let match = match(key) else { return true }
        return keys.isNil(match)
    }

    /// What `key` matches in the element: as its type says it is read when the type adopts
    /// ``XMLNodeDecoding``, else the attribute first.
    @inline(__always)
    private func match(_ key: Key) -> XMLNodeMatch? {
        match(key, decoder.context.pattern(for: key.stringValue))
    }

    @inline(__always)
    private func match(_ key: Key, _ pattern: XMLKeyPattern) -> XMLNodeMatch? {
        guard let nodeDecoding = decoder.nodeDecoding else { return keys.lookup(pattern) }
        return keys.lookup(pattern, kind: nodeDecoding.nodeDecoding(for: key))
    }

    /// Notes where `key`'s value stands, for the error about to be thrown for it.
    private func noteFailure(_ key: Key) {
        decoder.noteFailure(decoder.site(of: key, in: keys.element), codingPath: codingPath + [key])
    }

    private func keyNotFound(_ key: Key) -> DecodingError {
        noteFailure(key)
        let kind = decoder.nodeDecoding(for: key)
        return .keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "no \(XMLValueSite.nodes(kind)) '\(key.stringValue)'"))
    }

    @inline(__always)
    private func unwrap<T>(_ result: XMLScalarResult<T>, _ type: T.Type, key: Key) throws -> T {
        switch result {
        case .value(let value): return value
        case .missing: throw keyNotFound(key)
        case .unreadable(let text, let isNil):
            noteFailure(key)
            throw XMLNodeDecoder.unreadable(type, text: text, isNil: isNil, codingPath: codingPath + [key])
        }
    }

    @inline(__always)
    private func unwrapIfPresent<T>(_ result: XMLScalarResult<T>, _ type: T.Type, key: Key) throws -> T? {
        if case .missing = result { return nil }
        return try unwrap(result, type, key: key)
    }

    // MARK: - Scalars

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try unwrap(keys.scalar(match(key), XMLLexical.bool), type, key: key)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try unwrap(keys.scalar(match(key)) { $0 }, type, key: key)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try unwrap(keys.scalar(match(key), XMLLexical.double), type, key: key)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try unwrap(keys.scalar(match(key), XMLLexical.float), type, key: key)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try unwrap(keys.scalar(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try unwrapIfPresent(keys.scalarIfPresent(match(key), XMLLexical.bool), type, key: key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try unwrapIfPresent(keys.scalarIfPresent(match(key)) { $0 }, type, key: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try unwrapIfPresent(keys.scalarIfPresent(match(key), XMLLexical.double), type, key: key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try unwrapIfPresent(keys.scalarIfPresent(match(key), XMLLexical.float), type, key: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try unwrapIfPresent(
            keys.scalarIfPresent(match(key)) { XMLLexical.integer($0) }, type, key: key)
    }

    // MARK: - Nested values

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let pattern = decoder.context.pattern(for: key.stringValue)
        return try decode(type, match: match(key, pattern), pattern: pattern, key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let pattern = decoder.context.pattern(for: key.stringValue)
        guard let match = match(key, pattern) else { return nil }
        // An empty first element is nil for a single value, but one item of an array.
        if keys.isNil(match), !(type is any XMLRepeatedValue.Type) { return nil }
        return try decode(type, match: match, pattern: pattern, key: key)
    }

    /// Reads the types XML writes as text straight from the match; anything else through a
    /// decoder for the value.
    private func decode<T: Decodable>(
        _ type: T.Type,
        match: XMLNodeMatch?,
        pattern: XMLKeyPattern,
        key: Key
    ) throws -> T {
        let context = decoder.context
        if let match, XMLTextValue.isText(type, readsDates: context.readsDates) {
            do {
                return try XMLTextValue.read(
                    type, from: keys.text(of: match), strategy: context.options.dateDecodingStrategy)
            } catch {
                noteFailure(key)
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: codingPath + [key], debugDescription: error.message))
            }
        }
        return try decoder.child(keys.value(of: match, pattern: pattern, codingKey: key), key: key).unbox(type)
    }

    /// The value `key` stands for, for a nested decoder.
    private func value(forKey key: Key) -> XMLNodeValue {
        let pattern = decoder.context.pattern(for: key.stringValue)
        return keys.value(of: match(key, pattern), pattern: pattern, codingKey: key)
    }

    // A nested container belongs to the type being decoded, which answers for its keys too.

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(value(forKey: key), key: key, sameType: true).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(value(forKey: key), key: key, sameType: true).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(.element(keys.element), key: XMLCodingKey(stringValue: "super"), sameType: true)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(value(forKey: key), key: key, sameType: true)
    }
}

/// Arrays, whose every item is a value even when it is an empty element.
protocol XMLRepeatedValue {}

extension Array: XMLRepeatedValue {}
