internal import CTapeRecorder

/// The events of one parse call, recorded compactly: one fixed-size entry per event, the bytes
/// of every text, comment, attribute value and processing instruction in one buffer, the
/// attributes, namespace declarations and locations of start tags in tables of their own.
///
/// The libxml2 callbacks cannot be generic, so they record here, and every kind of consumer reads
/// the tape afterwards: the owned events of `for try await`, the subtrees of
/// `elements(matching:)`, and a user's ``XMLVisitor``, whose replay is specialized for the
/// visitor's type. Recording costs a copy of each event's bytes and no allocation beyond the
/// buffers' growth, which is kept from one call to the next.
///
/// The columns are plain memory, written through a pointer: no reference counting, uniqueness
/// or exclusivity check per event. Entries refer to the tables in order: a reader walks the tape
/// from the start and keeps running indices into them (a ``Cursor``).
///
/// Each ``ParseDriver`` owns one tape, refilled by every call; readers hold on to it, so that
/// they can read the last events after the driver is gone.
@usableFromInline
final class EventTape {
    @usableFromInline
    enum Kind: UInt8, BitwiseCopyable {
        /// `start` indexes ``prologs``.
        case startDocument
        /// `start` indexes ``doctypes``.
        case doctype
        /// `name`; `count` attributes and `extra` namespace declarations from the running
        /// indices; one location.
        case startElement
        /// `name`.
        case endElement
        /// `count` bytes at `start`.
        case text
        /// `count` bytes at `start`.
        case cdata
        /// `count` bytes at `start`.
        case comment
        /// The target's `count` bytes at `start`, then `extra` bytes of data.
        case processingInstruction
        case endDocument
    }

    @usableFromInline
    struct Entry: BitwiseCopyable {
        /// The element's name, for element entries.
        @usableFromInline var name: TapeName
        @usableFromInline var start: Int
        @usableFromInline var count: Int
        @usableFromInline var extra: UInt32
        @usableFromInline var kind: Kind

        @inline(__always)
        init(kind: Kind, name: TapeName = TapeName(bits: 0), start: Int = 0, count: Int = 0, extra: UInt32 = 0) {
            self.kind = kind
            self.name = name
            self.start = start
            self.count = count
            self.extra = extra
        }
    }

    /// An attribute: its name, and its value's bytes.
    @usableFromInline
    struct Attribute: BitwiseCopyable {
        @usableFromInline var name: TapeName
        @usableFromInline var valueStart: Int
        @usableFromInline var valueCount: Int
    }

    /// A namespace declaration: its prefix's bytes (none for the default namespace) and its URI's.
    @usableFromInline
    struct Namespace: BitwiseCopyable {
        @usableFromInline var prefixStart: Int
        /// -1 for the default namespace, which has no prefix.
        @usableFromInline var prefixCount: Int
        @usableFromInline var uriStart: Int
        @usableFromInline var uriCount: Int
    }

    /// Where a start element was reported.
    @usableFromInline
    struct Location: BitwiseCopyable {
        @usableFromInline var line: Int
        @usableFromInline var column: Int
        @usableFromInline var byteOffset: Int

        @inlinable var location: XMLLocation { XMLLocation(line: line, column: column, byteOffset: byteOffset) }
    }

    /// The XML declaration of ``Kind/startDocument``.
    @usableFromInline
    struct Prolog {
        @usableFromInline var version: String?
        @usableFromInline var encoding: String?
        @usableFromInline var standalone: Bool?
    }

    /// The document type declaration of ``Kind/doctype``.
    @usableFromInline
    struct Doctype {
        @usableFromInline var name: String
        @usableFromInline var publicID: String?
        @usableFromInline var systemID: String?
    }

    /// The columns every event writes to.
    @usableFromInline
    struct Columns {
        @usableFromInline var entries = TapeColumn<Entry>(capacity: 512)
        @usableFromInline var attributes = TapeColumn<Attribute>(capacity: 128)
        @usableFromInline var namespaces = TapeColumn<Namespace>(capacity: 16)
        /// Where each start element was reported, in order.
        @usableFromInline var locations = TapeColumn<Location>(capacity: 128)
        @usableFromInline var bytes = TapeColumn<UInt8>(capacity: 16 * 1024)
    }

    @usableFromInline let columns: UnsafeMutablePointer<Columns>
    // The arrays below are checked once per step. A tape is written by its driver and read
    // between the driver's calls, by one task at a time, so no two accesses can overlap: the
    // run-time exclusivity checks are left out.

    /// The rare events' parts, which own strings.
    @usableFromInline @exclusivity(unchecked) var prologs: [Prolog] = []
    @usableFromInline @exclusivity(unchecked) var doctypes: [Doctype] = []
    /// The names on the tape that the process's table did not intern, kept alive while the tape
    /// refers to them (see ``TapeName``).
    @exclusivity(unchecked) var ownedNames: [XMLName] = []

    init() {
        columns = UnsafeMutablePointer<Columns>.allocate(capacity: 1)
        columns.initialize(to: Columns())
    }

    deinit {
        columns.pointee.entries.deallocate()
        columns.pointee.attributes.deallocate()
        columns.pointee.namespaces.deallocate()
        columns.pointee.locations.deallocate()
        columns.pointee.bytes.deallocate()
        columns.deinitialize(count: 1)
        columns.deallocate()
    }

    /// How many events the tape holds.
    @usableFromInline var count: Int { columns.pointee.entries.count }

    /// Forgets every event, keeping the buffers' capacity, and moves the bytes from `keptByte` on
    /// (a text run still being gathered) to the front.
    func removeAll(keepingBytesFrom keptByte: Int) {
        columns.pointee.entries.removeAll()
        columns.pointee.attributes.removeAll()
        columns.pointee.namespaces.removeAll()
        columns.pointee.locations.removeAll()
        columns.pointee.bytes.removeFirst(keptByte, shrinkingAbove: EventTape.retainedByteCapacity)
        if !prologs.isEmpty { prologs.removeAll() }
        if !doctypes.isEmpty { doctypes.removeAll() }
        if !ownedNames.isEmpty { ownedNames.removeAll(keepingCapacity: true) }
    }

    /// Makes this tape hold a copy of `other`'s events, for a reader on another core while
    /// `other` is written on: plain copies of the columns, and of the few owning arrays.
    @usableFromInline
    func replaceContents(with other: EventTape) {
        let source = other.columns.pointee
        columns.pointee.entries.replaceAll(with: source.entries.buffer)
        columns.pointee.attributes.replaceAll(with: source.attributes.buffer)
        columns.pointee.namespaces.replaceAll(with: source.namespaces.buffer)
        columns.pointee.locations.replaceAll(with: source.locations.buffer)
        columns.pointee.bytes.replaceAll(with: source.bytes.buffer)
        prologs = other.prologs
        doctypes = other.doctypes
        ownedNames = other.ownedNames
    }

    /// Above this many bytes the buffer is not kept once empty, so that one huge text does not
    /// hold its memory for the rest of the document.
    static let retainedByteCapacity = 1 << 20

    /// A place in a tape: the next entry, and the next row of each table, which only a start
    /// element moves.
    @usableFromInline
    struct Cursor {
        @usableFromInline var index = 0
        @usableFromInline var attributeIndex = 0
        @usableFromInline var namespaceIndex = 0
        @usableFromInline var locationIndex = 0

        @inlinable init() {}

        /// The rows of the tables that the start element `entry`, just read, owns; moves past them.
        @inlinable
        mutating func takeStartTag(_ entry: Entry) -> StartTagRows {
            let rows = StartTagRows(
                attributes: attributeIndex..<(attributeIndex &+ entry.count),
                namespaces: namespaceIndex..<(namespaceIndex &+ Int(entry.extra)),
                location: locationIndex)
            attributeIndex &+= entry.count
            namespaceIndex &+= Int(entry.extra)
            locationIndex &+= 1
            return rows
        }
    }

    /// The rows of a start element in the tape's tables.
    @usableFromInline
    struct StartTagRows {
        @usableFromInline var attributes: Range<Int>
        @usableFromInline var namespaces: Range<Int>
        @usableFromInline var location: Int

        @inlinable
        init(attributes: Range<Int>, namespaces: Range<Int>, location: Int) {
            self.attributes = attributes
            self.namespaces = namespaces
            self.location = location
        }
    }

    /// A start tag's attributes as an owned collection: one allocation.
    func ownedAttributes(_ rows: Range<Int>) -> XMLAttributes {
        guard !rows.isEmpty else { return XMLAttributes() }
        return XMLAttributes(
            tapeRows: UnsafeBufferPointer(rebasing: columns.pointee.attributes.buffer[rows]),
            bytes: columns.pointee.bytes.base)
    }

    /// A start tag's namespace declarations as owned values.
    func ownedNamespaces(_ rows: Range<Int>) -> [XMLNamespaceDeclaration] {
        guard !rows.isEmpty else { return [] }
        return rows.map { index in
            let namespace = columns.pointee.namespaces[index]
            return XMLNamespaceDeclaration(
                prefix: namespace.prefixCount < 0
                    ? nil : string(start: namespace.prefixStart, count: namespace.prefixCount),
                uri: string(start: namespace.uriStart, count: namespace.uriCount))
        }
    }

    /// The bytes from `start`, as a string.
    @usableFromInline
    func string(start: Int, count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: columns.pointee.bytes.base + start, count: count), as: UTF8.self)
    }
}

/// A name on a tape, as plain bits: the address of an interned name's storage, or of an owned
/// name's storage with the low bit set (the tape keeps owned names alive in
/// ``EventTape/ownedNames``). Reading it back costs no reference counting for interned names.
@usableFromInline
struct TapeName: BitwiseCopyable {
    @usableFromInline let bits: UInt

    @inline(__always)
    init(bits: UInt) {
        self.bits = bits
    }

    /// Records `name`; an owned name is kept alive by `tape` for as long as the tape holds it.
    init(_ name: XMLName, keptAliveBy tape: EventTape) {
        self.init(name, owners: &tape.ownedNames)
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
