/// The growable memory behind ``CorpusOutput``, written through a pointer.
///
/// Appending a few bytes to an `Array` costs a uniqueness check and capacity bookkeeping each
/// time, which dominated generation; here an append is a bounds test and a copy. The store is a
/// class, so ``CorpusOutput/makeUnique()`` copies it before an output shared by copying is
/// written to, keeping value semantics.
final class ByteStore {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// How many bytes from `base` are in use.
    var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// A store holding the same bytes.
    func copy() -> ByteStore {
        let copy = ByteStore(capacity: capacity)
        copy.base.update(from: base, count: count)
        copy.count = count
        return copy
    }

    /// Makes room for `extra` more bytes and returns where they go; the caller writes them and
    /// adds `extra` to ``count``.
    @inline(__always)
    func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if count + extra > capacity { grow(toHold: count + extra) }
        return base + count
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
    }

    /// Removes the first `prefix` bytes, moving the rest to the front.
    func removeFirst(_ prefix: Int) {
        UnsafeMutableRawPointer(base).copyMemory(from: base + prefix, byteCount: count - prefix)
        count -= prefix
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
