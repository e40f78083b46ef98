/// What a coding key asks for, read once from its `stringValue`.
enum XMLKeyPattern {
    /// An attribute or child by local name, compared after the key decoding strategy.
    case local(String)
    /// An attribute or child by `prefix:local` as the document writes it.
    case qualified(String)
    /// An attribute or child by `{uri}local`.
    case expanded(uri: String, localName: String)
    /// The element's own character data.
    case textContent

    @inline(__always)
    init(_ key: String, context: XMLDecodingContext) {
        if XMLKeyPattern.isPlain(key, textContentKeyFirstByte: context.textContentKeyFirstByte) {
            self = .local(key)
        } else {
            self.init(slowPath: key, context: context)
        }
    }

    /// Whether a key is a plain name (no `:`, not `{…}`, not the text content key), found
    /// without leaving the key's bytes.
    @inline(__always)
    private static func isPlain(_ key: String, textContentKeyFirstByte: UInt8) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            guard let first = bytes.first, first != textContentKeyFirstByte, first != UInt8(ascii: "{") else {
                return false
            }
            for byte in bytes where byte == UInt8(ascii: ":") { return false }
            return true
        }
    }

    private init(slowPath key: String, context: XMLDecodingContext) {
        let utf8 = key.utf8
        let first = utf8.first ?? 0
        if first == context.textContentKeyFirstByte, key == context.textContentKey {
            self = .textContent
        } else if first == UInt8(ascii: "{"), let close = utf8.firstIndex(of: UInt8(ascii: "}")) {
            self = .expanded(
                uri: String(key[key.index(after: key.startIndex)..<close]),
                localName: String(key[key.index(after: close)...]))
        } else if utf8.contains(UInt8(ascii: ":")) {
            self = .qualified(key)
        } else {
            self = .local(key)
        }
    }

    /// Whether a name from the document passes.
    @inline(__always)
    func matches(_ name: XMLName, context: XMLDecodingContext, decoder: XMLSubtreeDecoder) -> Bool {
        switch self {
        case .local(let key):
            return context.key(for: name, decoder: decoder) == key
        case .qualified(let key):
            return name.qualifiedName == key
        case .expanded(let uri, let localName):
            return name.localName == localName && (name.namespaceURI ?? "") == uri
        case .textContent:
            return false
        }
    }
}
