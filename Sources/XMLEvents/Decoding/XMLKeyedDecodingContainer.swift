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

    var allKeys: [Key] { keys.allKeys().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { keys.lookup(key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let match = keys.lookup(key.stringValue) else { return true }
        return keys.isNil(match)
    }

    private func keyNotFound(_ key: Key) -> DecodingError {
        .keyNotFound(
            key,
            DecodingError.Context(
                codingPath: codingPath, debugDescription: "No attribute or child element '\(key.stringValue)'"))
    }

    @inline(__always)
    private func unwrap<T>(_ result: XMLScalarResult<T>, _ type: T.Type, key: Key) throws -> T {
        switch result {
        case .value(let value): return value
        case .missing: throw keyNotFound(key)
        case .unreadable(let text, let isNil):
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
        try unwrap(keys.scalar(key.stringValue, XMLLexical.bool), type, key: key)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try unwrap(keys.scalar(key.stringValue) { $0 }, type, key: key)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try unwrap(keys.scalar(key.stringValue, XMLLexical.double), type, key: key)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try unwrap(keys.scalar(key.stringValue, XMLLexical.float), type, key: key)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try unwrap(keys.scalar(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try unwrapIfPresent(keys.scalarIfPresent(key.stringValue, XMLLexical.bool), type, key: key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try unwrapIfPresent(keys.scalarIfPresent(key.stringValue) { $0 }, type, key: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try unwrapIfPresent(keys.scalarIfPresent(key.stringValue, XMLLexical.double), type, key: key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try unwrapIfPresent(keys.scalarIfPresent(key.stringValue, XMLLexical.float), type, key: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try unwrapIfPresent(
            keys.scalarIfPresent(key.stringValue) { XMLLexical.integer($0) }, type, key: key)
    }

    // MARK: - Nested values

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let pattern = decoder.context.pattern(for: key.stringValue)
        return try decode(type, match: keys.lookup(pattern), pattern: pattern, key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let pattern = decoder.context.pattern(for: key.stringValue)
        guard let match = keys.lookup(pattern) else { return nil }
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
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: codingPath + [key], debugDescription: error.message))
            }
        }
        return try decoder.child(keys.value(of: match, pattern: pattern, codingKey: key), key: key).unbox(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(keys.value(forKey: key.stringValue, codingKey: key), key: key).container(
            keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(keys.value(forKey: key.stringValue, codingKey: key), key: key)
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(.element(keys.element), key: XMLCodingKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(keys.value(forKey: key.stringValue, codingKey: key), key: key)
    }
}

/// Arrays, whose every item is a value even when it is an empty element.
protocol XMLRepeatedValue {}

extension Array: XMLRepeatedValue {}
