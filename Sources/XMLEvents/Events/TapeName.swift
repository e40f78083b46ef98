/// A name as plain bits, as the parser's tape and ``XMLAttributes`` store names: the address of
/// an interned name's storage, or of an owned name's storage with the low bit set (the tape keeps
/// owned names alive in `EventTape.ownedNames`, attributes in their storage). Reading it back
/// costs no reference counting for interned names.
@usableFromInline
struct TapeName: BitwiseCopyable {
    @usableFromInline let bits: UInt

    @inline(__always)
    init(bits: UInt) {
        self.bits = bits
    }

    /// Records `name`; an owned name is appended to `owners`, which must keep it alive for as
    /// long as the bits are read.
    init(_ name: XMLName, owners: inout [XMLName]) {
        switch name.reference {
        case .interned(let storage):
            bits = UInt(bitPattern: storage.toOpaque())
        case .owned(let storage):
            owners.append(name)
            bits = UInt(bitPattern: Unmanaged.passUnretained(storage).toOpaque()) | 1
        }
    }

    /// The bits an owned name is recorded as, or `nil` for an interned name.
    static func ownedBits(of name: XMLName) -> UInt? {
        guard case .owned(let storage) = name.reference else { return nil }
        return UInt(bitPattern: Unmanaged.passUnretained(storage).toOpaque()) | 1
    }

    /// The name, given that whatever keeps it alive still does.
    @inlinable
    var name: XMLName {
        @inline(__always) get {
            // The bits are a live storage's address (tagged in bit 0 when owned), never 0.
            if bits & 1 == 0 {
                let storage = Unmanaged<XMLName.Storage>.fromOpaque(
                    UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
                return XMLName(reference: .interned(storage))
            }
            let storage = Unmanaged<XMLName.Storage>.fromOpaque(
                UnsafeRawPointer(bitPattern: bits & ~1).unsafelyUnwrapped)
            return XMLName(reference: .owned(storage.takeUnretainedValue()))
        }
    }
}
