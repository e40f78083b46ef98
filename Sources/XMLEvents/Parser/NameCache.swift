/// Interns names by the addresses libxml2 hands out for them.
///
/// libxml2 stores every element and attribute name, prefix and namespace URI once in the parser's
/// dictionary and passes the same address each time the name recurs, so a direct-mapped table
/// keyed by the three addresses turns most name lookups into three pointer comparisons, with no
/// hashing of characters and no allocation. Only addresses the dictionary owns are cached: they
/// stay valid, and keep their text, for as long as the parser does.
struct NameCache {
    private struct Slot {
        var localName: UnsafeRawPointer?
        var prefix: UnsafeRawPointer?
        var namespaceURI: UnsafeRawPointer?
        var name: XMLName?
    }

    private static let slotCount = 512  // 2^9: slotIndex keeps the top 9 bits
    private var slots: [Slot]
    private let isInterned: (UnsafeRawPointer) -> Bool

    /// - Parameter isInterned: Whether an address belongs to the parser's dictionary.
    init(isInterned: @escaping (UnsafeRawPointer) -> Bool) {
        slots = Array(repeating: Slot(), count: NameCache.slotCount)
        self.isInterned = isInterned
    }

    /// The name for these libxml2 strings, or `nil` when the local name or prefix is longer than
    /// `maxLength` bytes.
    mutating func name(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?,
        maxLength: Int
    ) -> XMLName? {
        let local = UnsafeRawPointer(localName)
        let prefixAddress = prefix.map(UnsafeRawPointer.init)
        let uriAddress = namespaceURI.map(UnsafeRawPointer.init)
        let index = NameCache.slotIndex(local, prefixAddress, uriAddress)
        let cached = slots[index]
        if let name = cached.name, cached.localName == local, cached.prefix == prefixAddress,
            cached.namespaceURI == uriAddress
        {
            return name
        }
        let localString = String(cString: localName)
        let prefixString = prefix.map { String(cString: $0) }
        guard localString.utf8.count <= maxLength, (prefixString?.utf8.count ?? 0) <= maxLength else {
            return nil
        }
        let name = XMLName(
            localName: localString, prefix: prefixString, namespaceURI: namespaceURI.map { String(cString: $0) })
        if isInterned(local), prefixAddress.map(isInterned) ?? true, uriAddress.map(isInterned) ?? true {
            slots[index] = Slot(localName: local, prefix: prefixAddress, namespaceURI: uriAddress, name: name)
        }
        return name
    }

    private static func slotIndex(
        _ local: UnsafeRawPointer,
        _ prefix: UnsafeRawPointer?,
        _ namespaceURI: UnsafeRawPointer?
    ) -> Int {
        // Fibonacci hashing of the mixed addresses: the top bits of the product are well spread
        // even though dictionary strings sit close together in a few pools.
        let a = UInt64(UInt(bitPattern: local))
        let b = UInt64(UInt(bitPattern: prefix))
        let c = UInt64(UInt(bitPattern: namespaceURI))
        let mixed = (a ^ (b &<< 17) ^ (c &<< 31)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 55)
    }
}
