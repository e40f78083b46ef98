import Foundation

/// What every decoder of one record, or of one sequence's records, shares: the options and the
/// names converted so far.
///
/// Not thread-safe, and never shared: each ``XMLRecordDecoder/decode(_:from:)`` call and each
/// ``XMLDecodingSequence`` iterator makes its own.
@usableFromInline
final class XMLDecodingContext {
    private enum KeyMode {
        case identity
        case separated(Character)
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    let options: XMLRecordDecoder
    let userInfo: [CodingUserInfoKey: Any]
    let textContentKey: String
    /// The first byte of ``textContentKey``, which rules most keys out without comparing.
    let textContentKeyFirstByte: UInt8
    private let keyMode: KeyMode
    /// Converted names, for the strategies whose result depends on the name alone.
    private var convertedNames: [String: String] = [:]
    /// The names converted last, by the identity of their storage: the parser interns names, so
    /// a record's names are found here without hashing their text. The names themselves are
    /// kept alive alongside, so that an identity is never reused while it is cached.
    private var recentIdentities = [ObjectIdentifier?](repeating: nil, count: 256)
    private var recentKeys = [String](repeating: "", count: 256)
    private var recentNames = [XMLName?](repeating: nil, count: 256)

    @usableFromInline
    init(_ options: XMLRecordDecoder) {
        self.options = options
        var userInfo: [CodingUserInfoKey: Any] = [:]
        for (key, value) in options.userInfo { userInfo[key] = value }
        self.userInfo = userInfo
        textContentKey = options.textContentKey
        textContentKeyFirstByte = options.textContentKey.utf8.first ?? 0
        switch options.keyDecodingStrategy {
        case .useDefaultKeys: keyMode = .identity
        case .convertFromSnakeCase: keyMode = .separated("_")
        case .convertFromKebabCase: keyMode = .separated("-")
        case .custom(let convert): keyMode = .custom(convert)
        }
    }

    /// Whether names are compared as they are.
    var usesDefaultKeys: Bool {
        if case .identity = keyMode { return true }
        return false
    }

    /// The key a name from the document is compared as.
    func key(for name: XMLName, decoder: XMLSubtreeDecoder) -> String {
        switch keyMode {
        case .identity:
            return name.localName
        case .separated(let separator):
            let identity = name.identity
            let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: identity)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
            if recentIdentities[slot] == identity { return recentKeys[slot] }
            let localName = name.localName
            let converted: String
            if let known = convertedNames[localName] {
                converted = known
            } else {
                converted = XMLKeyConversion.camelCase(localName, separator: separator)
                convertedNames[localName] = converted
            }
            recentIdentities[slot] = identity
            recentKeys[slot] = converted
            recentNames[slot] = name
            return converted
        case .custom(let convert):
            return convert(decoder.codingPath + [XMLCodingKey(stringValue: name.localName)]).stringValue
        }
    }

    /// Decodes a record, wrapping every failure with the record's location.
    @usableFromInline
    func decode<T: Decodable>(_ type: T.Type, from element: XMLSubtree) throws(XMLRecordDecodingError) -> T {
        let decoder = XMLSubtreeDecoder(value: .element(element), context: self, parent: nil, key: nil)
        do {
            return try decoder.unbox(type)
        } catch let error as DecodingError {
            throw XMLRecordDecodingError(location: element.location, underlying: error)
        } catch {
            throw XMLRecordDecodingError(
                location: element.location,
                underlying: .dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error)))
        }
    }
}
