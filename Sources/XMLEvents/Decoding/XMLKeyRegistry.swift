/// Small integer IDs for the keys of one decoding: every key a document name converts to under
/// the key decoding strategy, and every key a `CodingKey` asks for, share one numbering, so that
/// matching a coding key to an attribute or child element compares two integers.
///
/// Names are converted once per name, found by the bits of their interned storage rather than by
/// hashing their text; coding keys are read once per key, found by the bits of their string,
/// which the synthesized `CodingKeys` return as the same literal every time. Both caches are
/// direct-mapped and keep what they hold alive, so bits are never reused while cached.
///
/// Bounded, because documents choose their names: past ``capacity`` keys or ``byteBudget``
/// bytes of them, a new key gets no ID (-1), and the names and coding keys that stand for it are
/// compared as strings. A key never gets an ID after it was seen without one, so IDs and keys
/// without IDs never need comparing with each other. With a custom strategy, whose conversion
/// depends on the coding path, no name has an ID.
struct XMLKeyRegistry {
    static let capacity = 16_384
    static let byteBudget = 1 << 20

    private enum Conversion {
        case identity
        case separated(Character)
        /// Names are converted by the strategy's closure, for each coding path.
        case custom
    }

    private struct NameSlot {
        var bits: UInt = 0
        var keyID: Int32 = -1
        /// The name, when it is not interned, so that its storage is not freed and its address
        /// reused while the slot holds its bits.
        var owner: XMLName?
    }

    private struct KeySlot {
        var bits: (UInt64, UInt64) = (0, 0)
        /// The key itself, for the same reason as ``NameSlot/owner``.
        var key: String?
        var pattern = XMLKeyPattern.textContent
    }

    private static let slotCount = 256

    private let conversion: Conversion
    private let textContentKey: String
    private var ids: [String: Int32] = [:]
    /// The key of each ID.
    private var keys: [String] = []
    private var byteCount = 0
    /// The key ID of each local name converted so far.
    private var converted: [String: Int32] = [:]
    private var nameSlots = [NameSlot](repeating: NameSlot(), count: XMLKeyRegistry.slotCount)
    private var keySlots = [KeySlot](repeating: KeySlot(), count: XMLKeyRegistry.slotCount)

    init(_ strategy: XMLRecordDecoder.KeyDecodingStrategy, textContentKey: String) {
        switch strategy {
        case .useDefaultKeys: conversion = .identity
        case .convertFromSnakeCase: conversion = .separated("_")
        case .convertFromKebabCase: conversion = .separated("-")
        case .custom: conversion = .custom
        }
        self.textContentKey = textContentKey
    }

    /// Whether names are converted by a custom strategy: then no name or key has an ID.
    var isCustom: Bool {
        if case .custom = conversion { return true }
        return false
    }

    /// The key with this ID.
    func key(_ id: Int32) -> String { keys[Int(id)] }

    /// The key `localName` converts to, for the strategies that depend on the name alone.
    func convert(_ localName: String) -> String {
        switch conversion {
        case .identity, .custom: return localName
        case .separated(let separator): return XMLKeyConversion.camelCase(localName, separator: separator)
        }
    }

    /// The ID of the key a document's name converts to, or -1.
    @inline(__always)
    mutating func keyID(for name: TapeName) -> Int32 {
        let slot = Int(truncatingIfNeeded: (UInt64(name.bits) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if nameSlots[slot].bits == name.bits { return nameSlots[slot].keyID }
        return keyIDMiss(for: name, slot: slot)
    }

    private mutating func keyIDMiss(for name: TapeName, slot: Int) -> Int32 {
        if case .custom = conversion { return -1 }
        let xmlName = name.name
        let localName = xmlName.localName
        let keyID: Int32
        if let known = converted[localName] {
            keyID = known
        } else {
            keyID = register(convert(localName))
            if keyID >= 0 { converted[localName] = keyID }
        }
        nameSlots[slot] = NameSlot(bits: name.bits, keyID: keyID, owner: name.bits & 1 != 0 ? xmlName : nil)
        return keyID
    }

    /// What a coding key asks for.
    @inline(__always)
    mutating func pattern(for key: String) -> XMLKeyPattern {
        let bits = withUnsafeBytes(of: key) { $0.loadUnaligned(as: (UInt64, UInt64).self) }
        let slot = Int(truncatingIfNeeded: ((bits.0 ^ (bits.1 &<< 7)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        // Compared in place: copying the slot would retain the key it keeps.
        if keySlots[slot].bits == bits, keySlots[slot].key != nil { return keySlots[slot].pattern }
        let pattern = XMLKeyPattern(key, textContentKey: textContentKey, registry: &self)
        keySlots[slot] = KeySlot(bits: bits, key: key, pattern: pattern)
        return pattern
    }

    /// The ID of `key`, registered now if it is new and there is room; -1 when there is none.
    mutating func register(_ key: String) -> Int32 {
        if case .custom = conversion { return -1 }
        if let id = ids[key] { return id }
        let length = key.utf8.count
        guard keys.count < XMLKeyRegistry.capacity, byteCount + length <= XMLKeyRegistry.byteBudget else { return -1 }
        let id = Int32(keys.count)
        ids[key] = id
        keys.append(key)
        byteCount += length
        return id
    }
}
