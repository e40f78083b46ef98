import ThreadSafety

/// The process's interned names: each distinct (local name, prefix, namespace URI) gets one
/// storage, kept for the life of the process, so that names can be copied without reference
/// counting and compared by identity.
///
/// Bounded, because documents choose their names: at most ``capacity`` names and
/// ``byteBudget`` bytes of their text, names of at most ``maximumInternedByteCount`` bytes.
/// Past that, names are made with storage of their own, which is slower to copy but otherwise
/// the same. Parsers look names up here only on a miss of their own cache (the first time a
/// name appears, mostly), so the lock is rarely taken.
final class XMLNameTable: Sendable {
    /// The table every parser and ``XMLName/init(localName:prefix:namespaceURI:)`` use.
    static let shared = XMLNameTable(capacity: 16_384, byteBudget: 1 << 20)

    /// Longer names (local name, prefix and URI together) are never interned.
    static let maximumInternedByteCount = 256

    private struct Key: Hashable, Sendable {
        var localName: String
        var prefix: String?
        var namespaceURI: String?
    }

    private struct State: Sendable {
        var storages: [Key: XMLName.Storage] = [:]
        var byteCount = 0
    }

    let capacity: Int
    let byteBudget: Int
    private let state = LockedState(State())

    init(capacity: Int, byteBudget: Int) {
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    /// The interned name with this content, interning it if there is room; otherwise a name
    /// with storage of its own.
    func name(localName: String, prefix: String?, namespaceURI: String?) -> XMLName {
        let byteCount = localName.utf8.count + (prefix?.utf8.count ?? 0) + (namespaceURI?.utf8.count ?? 0)
        guard byteCount <= XMLNameTable.maximumInternedByteCount else {
            return XMLName(
                reference: .owned(XMLName.Storage(localName: localName, prefix: prefix, namespaceURI: namespaceURI)))
        }
        let key = Key(localName: localName, prefix: prefix, namespaceURI: namespaceURI)
        let interned: XMLName.Storage? = state.withLock { state in
            if let existing = state.storages[key] { return existing }
            guard state.storages.count < capacity, state.byteCount + byteCount <= byteBudget else { return nil }
            let storage = XMLName.Storage(localName: localName, prefix: prefix, namespaceURI: namespaceURI)
            state.storages[key] = storage
            state.byteCount += byteCount
            return storage
        }
        if let interned {
            // The table holds the storage for the life of the process, so an unowned reference
            // to it never dangles.
            return XMLName(reference: .interned(Unmanaged.passUnretained(interned)))
        }
        return XMLName(
            reference: .owned(XMLName.Storage(localName: localName, prefix: prefix, namespaceURI: namespaceURI)))
    }

    /// How many names are interned.
    var count: Int { state.withLock { $0.storages.count } }
}
