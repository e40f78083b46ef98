/// The events of one parse call, recorded compactly: one fixed-size entry per event, the bytes
/// of every text, comment, attribute value and processing instruction in one buffer, the
/// attributes, namespace declarations and locations of start tags in tables of their own, and
/// with ``XMLParsingOptions/locatesEveryEvent`` the location of every event in one more.
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
    /// The columns every event writes to.
    @usableFromInline
    struct Columns {
        @usableFromInline var entries = TapeColumn<Entry>(capacity: 512)
        @usableFromInline var attributes = TapeColumn<Attribute>(capacity: 128)
        @usableFromInline var namespaces = TapeColumn<Namespace>(capacity: 16)
        /// Where each start element was reported, in order.
        @usableFromInline var locations = TapeColumn<Location>(capacity: 128)
        @usableFromInline var bytes = TapeColumn<UInt8>(capacity: 16 * 1024)
        /// Where each event was reported, one row per entry, when
        /// ``XMLParsingOptions/locatesEveryEvent`` is set; empty otherwise.
        @usableFromInline var eventLocations = TapeColumn<Location>(capacity: 0)
        /// Where each start tag's `<` is, in order, when the parse locates tag starts (records
        /// decoded in the parser, for their errors: see `XMLParsingOptions.locatesTagStarts`);
        /// empty otherwise.
        var tagStarts = TapeColumn<Location>(capacity: 0)
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
    /// What the worker that parsed a chunk of records built from its events (see ``ChunkWork``):
    /// a reader that knows its type takes it instead of reading the events, which stay for one
    /// that does not.
    @usableFromInline @exclusivity(unchecked) var product: (any Sendable)?

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
        columns.pointee.eventLocations.deallocate()
        columns.pointee.tagStarts.deallocate()
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
        columns.pointee.eventLocations.removeAll()
        columns.pointee.tagStarts.removeAll()
        columns.pointee.bytes.removeFirst(keptByte, shrinkingAbove: EventTape.retainedByteCapacity)
        if !prologs.isEmpty { prologs.removeAll() }
        if !doctypes.isEmpty { doctypes.removeAll() }
        if !ownedNames.isEmpty { ownedNames.removeAll(keepingCapacity: true) }
        product = nil
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
        columns.pointee.eventLocations.replaceAll(with: source.eventLocations.buffer)
        columns.pointee.tagStarts.replaceAll(with: source.tagStarts.buffer)
        prologs = other.prologs
        doctypes = other.doctypes
        ownedNames = other.ownedNames
        product = other.product
    }

    /// Above this many bytes the buffer is not kept once empty, so that one huge text does not
    /// hold its memory for the rest of the document.
    static let retainedByteCapacity = 1 << 20

    /// The bytes from `start`, as a string.
    @usableFromInline
    func string(start: Int, count: Int) -> String {
        String(parsedUTF8: UnsafeBufferPointer(start: columns.pointee.bytes.base + start, count: count))
    }
}

extension TapeName {
    /// Records `name`; an owned name is kept alive by `tape` for as long as the tape holds it.
    init(_ name: XMLName, keptAliveBy tape: EventTape) {
        self.init(name, owners: &tape.ownedNames)
    }
}
