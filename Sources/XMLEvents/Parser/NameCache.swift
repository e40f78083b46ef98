/// Interns names by the addresses libxml2 hands out for them.
///
/// libxml2 stores every element and attribute name, prefix and namespace URI once in the parser's
/// dictionary and passes the same address each time the name recurs, so a direct-mapped table
/// keyed by the three addresses turns most name lookups into three integer comparisons, with no
/// hashing of characters, no allocation and no reference counting. Only addresses the dictionary
/// owns are cached: they stay valid, and keep their text, for as long as the parser does.
struct NameCache {
    private struct Slot {
        var localName: UInt = 0
        var prefix: UInt = 0
        var namespaceURI: UInt = 0
        var name = TapeName(bits: 0)
    }

    private static let slotCount = 512  // 2^9: slotIndex keeps the top 9 bits
    private var slots: [Slot]
    /// The names of the slots whose names are owned rather than interned, which the slots keep
    /// alive.
    private var owners: [Int: XMLName] = [:]
    private let isInterned: (UnsafeRawPointer) -> Bool

    /// - Parameter isInterned: Whether an address belongs to the parser's dictionary.
    init(isInterned: @escaping (UnsafeRawPointer) -> Bool) {
        slots = Array(repeating: Slot(), count: NameCache.slotCount)
        self.isInterned = isInterned
    }

    /// The name for these libxml2 strings, recorded for `tape`, or `nil` when the local name or
    /// prefix is longer than `maxLength` bytes.
    @inline(__always)
    mutating func name(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?,
        maxLength: Int,
        tape: EventTape
    ) -> TapeName? {
        let local = UInt(bitPattern: localName)
        let prefixAddress = UInt(bitPattern: prefix)
        let uriAddress = UInt(bitPattern: namespaceURI)
        let index = NameCache.slotIndex(local, prefixAddress, uriAddress)
        let cached = slots[index]
        if cached.localName == local, cached.prefix == prefixAddress, cached.namespaceURI == uriAddress {
            if cached.name.bits & 1 != 0, let owner = owners[index] { tape.ownedNames.append(owner) }
            return cached.name
        }
        return miss(
            localName: localName, prefix: prefix, namespaceURI: namespaceURI, maxLength: maxLength, slot: index,
            tape: tape)
    }

    private mutating func miss(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?,
        maxLength: Int,
        slot index: Int,
        tape: EventTape
    ) -> TapeName? {
        let localString = String(cString: localName)
        let prefixString = prefix.map { String(cString: $0) }
        guard localString.utf8.count <= maxLength, (prefixString?.utf8.count ?? 0) <= maxLength else {
            return nil
        }
        let name = XMLName(
            localName: localString, prefix: prefixString, namespaceURI: namespaceURI.map { String(cString: $0) })
        let recorded = TapeName(name, keptAliveBy: tape)
        if isInterned(UnsafeRawPointer(localName)), prefix.map({ isInterned(UnsafeRawPointer($0)) }) ?? true,
            namespaceURI.map({ isInterned(UnsafeRawPointer($0)) }) ?? true
        {
            slots[index] = Slot(
                localName: UInt(bitPattern: localName), prefix: UInt(bitPattern: prefix),
                namespaceURI: UInt(bitPattern: namespaceURI), name: recorded)
            owners[index] = recorded.bits & 1 != 0 ? name : nil
        }
        return recorded
    }

    @inline(__always)
    private static func slotIndex(_ local: UInt, _ prefix: UInt, _ namespaceURI: UInt) -> Int {
        // Fibonacci hashing of the mixed addresses: the top bits of the product are well spread
        // even though dictionary strings sit close together in a few pools.
        let mixed = (UInt64(local) ^ (UInt64(prefix) &<< 17) ^ (UInt64(namespaceURI) &<< 31)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 55)
    }
}
