internal import CTapeRecorder

/// A growable column of plain values in memory of its own, appended to without reference
/// counting or uniqueness checks; freed explicitly by its owner.
///
/// The memory is `malloc`'s, through `CTapeRecorder`, because the C callbacks grow the tape's
/// columns too.
@usableFromInline
struct TapeColumn<Element: BitwiseCopyable> {
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = TapeColumn.allocate(capacity: capacity)
    }

    func deallocate() {
        xmlevents_column_free(base)
    }

    private static func allocate(capacity: Int) -> UnsafeMutablePointer<Element> {
        xmlevents_column_allocate(capacity * MemoryLayout<Element>.stride)
            .bindMemory(to: Element.self, capacity: capacity)
    }

    @inlinable
    subscript(index: Int) -> Element {
        @inline(__always) get { base[index] }
    }

    /// The column's values, valid until the column next grows.
    @inlinable
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if count + elements.count > capacity { grow(toHold: count + elements.count) }
        (base + count).initialize(from: source, count: elements.count)
        count &+= elements.count
    }

    mutating func removeAll() {
        count = 0
    }

    /// Holds a copy of `elements` instead of its values.
    mutating func replaceAll(with elements: UnsafeBufferPointer<Element>) {
        count = 0
        append(contentsOf: elements)
    }

    /// Removes and returns the last value, if there is one.
    @inline(__always)
    mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count &-= 1
        return base[count]
    }

    /// Drops the last values from `index` on.
    mutating func removeLast(from index: Int) {
        count = index
    }

    /// Drops the first `dropped` values, moving the rest to the front; a column emptied that
    /// grew beyond `retained` values gives its memory back.
    mutating func removeFirst(_ dropped: Int, shrinkingAbove retained: Int) {
        if dropped >= count {
            count = 0
            if capacity > retained {
                xmlevents_column_free(base)
                capacity = 1024
                base = TapeColumn.allocate(capacity: capacity)
            }
        } else if dropped > 0 {
            UnsafeMutableRawPointer(base).copyMemory(
                from: base + dropped, byteCount: (count - dropped) * MemoryLayout<Element>.stride)
            count -= dropped
        }
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        base = xmlevents_column_reallocate(base, newCapacity * MemoryLayout<Element>.stride)
            .bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }
}
