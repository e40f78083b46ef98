/// Interns names by the addresses libxml2 hands out for them, behind the C recorder's own
/// direct-mapped cache (`CTapeRecorder`), which asks here only for a name it does not hold: the
/// first time a name appears, a name whose slot another name took, and every owned name.
///
/// libxml2 stores every element and attribute name, prefix and namespace URI once in the parser's
/// dictionary and passes the same address each time the name recurs, so a name is known by its
/// three addresses, with no hashing of characters, no allocation and no reference counting. Only
/// addresses the dictionary owns are kept: they stay valid, and keep their text, for as long as
/// the parser does.
struct NameCache {
    private struct Key: Hashable {
        var localName: UInt
        var prefix: UInt
        var namespaceURI: UInt
    }

    /// The names this parser has seen (at most ``knownLimit``), by their three addresses: where a
    /// name is found again without building strings or taking the process table's lock.
    private var known: [Key: TapeName] = [:]
    private static let knownLimit = 4096
    /// The owned (not interned) names among those known, which the cache keeps alive.
    private var owners: [Key: XMLName] = [:]
    private let isInterned: (UnsafeRawPointer) -> Bool

    /// - Parameter isInterned: Whether an address belongs to the parser's dictionary.
    init(isInterned: @escaping (UnsafeRawPointer) -> Bool) {
        self.isInterned = isInterned
    }

    /// The name for these libxml2 strings, recorded for `tape`, or `nil` when the local name or
    /// prefix is longer than `maxLength` bytes.
    mutating func name(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?,
        maxLength: Int,
        tape: EventTape
    ) -> TapeName? {
        let key = Key(
            localName: UInt(bitPattern: localName), prefix: UInt(bitPattern: prefix),
            namespaceURI: UInt(bitPattern: namespaceURI))
        if let name = known[key] {
            if name.bits & 1 != 0, let owner = owners[key] { tape.ownedNames.append(owner) }
            return name
        }
        let localString = String(cString: localName)
        let prefixString = prefix.map { String(cString: $0) }
        guard localString.utf8.count <= maxLength, (prefixString?.utf8.count ?? 0) <= maxLength else {
            return nil
        }
        let name = XMLName(
            localName: localString, prefix: prefixString, namespaceURI: namespaceURI.map { String(cString: $0) })
        let recorded = TapeName(name, keptAliveBy: tape)
        guard known.count < NameCache.knownLimit,
            ownsAddresses(localName: localName, prefix: prefix, namespaceURI: namespaceURI)
        else { return recorded }
        known[key] = recorded
        if recorded.bits & 1 != 0 { owners[key] = name }
        return recorded
    }

    /// Whether libxml2's dictionary owns all three addresses, which then stay valid for as long
    /// as the parser does.
    func ownsAddresses(
        localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespaceURI: UnsafePointer<UInt8>?
    ) -> Bool {
        isInterned(UnsafeRawPointer(localName)) && (prefix.map { isInterned(UnsafeRawPointer($0)) } ?? true)
            && (namespaceURI.map { isInterned(UnsafeRawPointer($0)) } ?? true)
    }
}
