/// Interns names by the addresses libxml2 hands out for them.
///
/// libxml2 stores every element and attribute name, prefix and namespace URI once in the parser's
/// dictionary and passes the same address each time the name recurs, so a direct-mapped table
/// keyed by the three addresses turns most name lookups into three integer comparisons, with no
/// hashing of characters, no allocation and no reference counting. Only addresses the dictionary
/// owns are cached: they stay valid, and keep their text, for as long as the parser does.
struct NameCache {
    private struct SlotKey: Hashable {
        var localName: UInt
        var prefix: UInt
        var namespaceURI: UInt
    }

    private struct Slot {
        var localName: UInt = 0
        var prefix: UInt = 0
        var namespaceURI: UInt = 0
        var name = TapeName(bits: 0)
    }

    /// Small enough to stay in the processor's first-level cache beside libxml2's own data; a
    /// name that misses it is found in `evicted` before the process's table is asked.
    private static let slotCount = 256  // 2^8: slotIndex keeps the top 8 bits
    private var slots: [Slot]
    /// The names this parser has cached (at most ``evictedLimit``), by their three addresses:
    /// where a slot's former name is found again without building strings or taking the table's
    /// lock.
    private var evicted: [SlotKey: TapeName] = [:]
    private static let evictedLimit = 4096
    /// The owned (not interned) names among those cached, which the cache keeps alive.
    private var owners: [SlotKey: XMLName] = [:]
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
            if cached.name.bits & 1 != 0 { keepAlive(cached, on: tape) }
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
        let key = SlotKey(
            localName: UInt(bitPattern: localName), prefix: UInt(bitPattern: prefix),
            namespaceURI: UInt(bitPattern: namespaceURI))
        if let known = evicted[key] {
            slots[index] = Slot(
                localName: key.localName, prefix: key.prefix, namespaceURI: key.namespaceURI, name: known)
            if known.bits & 1 != 0, let owner = owners[key] {
                tape.ownedNames.append(owner)
            }
            return known
        }
        return makeName(
            localName: localName, prefix: prefix, namespaceURI: namespaceURI, maxLength: maxLength, slot: index,
            key: key, tape: tape)
    }

    private mutating func makeName(
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        namespaceURI: UnsafePointer<UInt8>?,
        maxLength: Int,
        slot index: Int,
        key: SlotKey,
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
        let isOwned = recorded.bits & 1 != 0
        // An owned name is cached only while `owners` can keep it alive: a slot holds its bits.
        guard isInterned(UnsafeRawPointer(localName)), prefix.map({ isInterned(UnsafeRawPointer($0)) }) ?? true,
            namespaceURI.map({ isInterned(UnsafeRawPointer($0)) }) ?? true,
            !isOwned || owners.count < NameCache.evictedLimit
        else { return recorded }
        slots[index] = Slot(
            localName: key.localName, prefix: key.prefix, namespaceURI: key.namespaceURI, name: recorded)
        if isOwned { owners[key] = name }
        if evicted.count < NameCache.evictedLimit { evicted[key] = recorded }
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

    /// Appends the owned name of `slot` to the names `tape` keeps alive.
    private func keepAlive(_ slot: Slot, on tape: EventTape) {
        let key = SlotKey(localName: slot.localName, prefix: slot.prefix, namespaceURI: slot.namespaceURI)
        if let owner = owners[key] { tape.ownedNames.append(owner) }
    }

    @inline(__always)
    private static func slotIndex(_ local: UInt, _ prefix: UInt, _ namespaceURI: UInt) -> Int {
        // Fibonacci hashing of the mixed addresses: the top bits of the product are well spread
        // even though dictionary strings sit close together in a few pools.
        let mixed = (UInt64(local) ^ (UInt64(prefix) &<< 17) ^ (UInt64(namespaceURI) &<< 31)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 56)
    }
}
