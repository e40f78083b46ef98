/// What a coding key asks for, read once from its `stringValue`.
enum XMLKeyPattern {
    /// An attribute or child by local name, compared after the key decoding strategy: the key's
    /// ID in the ``XMLKeyRegistry``.
    case local(Int32)
    /// The same for a key the registry has no ID for (it is full, or the strategy is custom).
    case unregistered(String)
    /// An attribute or child by `prefix:local` as the document writes it.
    case qualified(String)
    /// An attribute or child by `{uri}local`.
    case expanded(uri: String, localName: String)
    /// The element's own character data.
    case textContent

    init(_ key: String, textContentKey: String, registry: inout XMLKeyRegistry) {
        let utf8 = key.utf8
        let first = utf8.first ?? 0
        if first == textContentKey.utf8.first ?? 0, key == textContentKey {
            self = .textContent
        } else if first == UInt8(ascii: "{"), let close = utf8.firstIndex(of: UInt8(ascii: "}")) {
            self = .expanded(
                uri: String(key[key.index(after: key.startIndex)..<close]),
                localName: String(key[key.index(after: close)...]))
        } else if utf8.contains(UInt8(ascii: ":")) {
            self = .qualified(key)
        } else {
            let id = registry.register(key)
            self = id >= 0 ? .local(id) : .unregistered(key)
        }
    }
}
