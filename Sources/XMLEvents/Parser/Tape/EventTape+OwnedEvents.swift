extension EventTape {
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

    /// Reads a tape as owned ``XMLEvent``s, one at a time: the strings and arrays an event
    /// carries are made when the event is read.
    @usableFromInline
    struct OwnedEventReader {
        private var cursor = Cursor()
        /// Where the last start element read was reported; with
        /// ``XMLParsingOptions/locatesEveryEvent``, the last event of any kind.
        @usableFromInline private(set) var location: XMLLocation?
        private var shortTexts = ShortTextCache()

        @usableFromInline init() {}

        /// Starts over on a tape that was refilled; `location` stays until the next start element.
        @usableFromInline
        mutating func rewind() {
            cursor = Cursor()
        }

        /// The next event of `tape`, or `nil` when every event was read.
        @usableFromInline
        mutating func next(in tape: EventTape) -> XMLEvent? {
            guard cursor.index < tape.count else { return nil }
            let entry = tape.columns.pointee.entries[cursor.index]
            // Empty unless every event is located: then it holds one row per entry.
            let eventLocations = tape.columns.pointee.eventLocations
            if cursor.index < eventLocations.count { location = eventLocations[cursor.index].location }
            cursor.index &+= 1
            switch entry.kind {
            case .startElement:
                let rows = cursor.takeStartTag(entry)
                location = tape.columns.pointee.locations[rows.location].location
                return .startElement(
                    name: entry.name.name, attributes: tape.ownedAttributes(rows.attributes),
                    namespaces: tape.ownedNamespaces(rows.namespaces))
            case .endElement:
                return .endElement(name: entry.name.name)
            case .text:
                let bytes = tape.columns.pointee.bytes
                return .text(
                    shortTexts.string(
                        bytes.base + entry.start, count: entry.count, readable: bytes.capacity - entry.start))
            case .cdata:
                return .cdata(tape.string(start: entry.start, count: entry.count))
            case .comment:
                return .comment(tape.string(start: entry.start, count: entry.count))
            case .processingInstruction:
                return .processingInstruction(
                    target: tape.string(start: entry.start, count: entry.count),
                    data: tape.string(start: entry.start + entry.count, count: Int(entry.extra)))
            case .startDocument:
                let prolog = tape.prologs[entry.start]
                return .startDocument(version: prolog.version, encoding: prolog.encoding, standalone: prolog.standalone)
            case .doctype:
                let doctype = tape.doctypes[entry.start]
                return .doctype(name: doctype.name, publicID: doctype.publicID, systemID: doctype.systemID)
            case .endDocument:
                return .endDocument
            case .skippedEntity:
                return .skippedEntity(name: tape.string(start: entry.start, count: entry.count))
            }
        }

        /// Hands the start element read last to `builder`, when the entry read last is one;
        /// ``continueSelection(_:in:)`` then reads the rest of it from where the events stopped.
        mutating func startSelection<Builder: XMLTapeSelectionBuilder>(
            _ builder: inout Builder, in tape: EventTape
        ) -> Bool {
            guard cursor.index > 0, cursor.index <= tape.count else { return false }
            let entry = tape.columns.pointee.entries[cursor.index &- 1]
            guard entry.kind == .startElement else { return false }
            builder.startSelection(entry, rows: cursor.rowsOfStartTagReadLast(entry), in: tape)
            return true
        }

        /// Reads the entries of the element `builder` builds until it ends; `nil` when the tape
        /// ended first (``rewind()`` after the next refill, and call again).
        mutating func continueSelection<Builder: XMLTapeSelectionBuilder>(
            _ builder: inout Builder, in tape: EventTape
        ) -> Builder.Selection? {
            guard let selection = builder.continueSelection(in: tape, cursor: &cursor) else { return nil }
            // When every event is located, the element's end tag is the event read last.
            let eventLocations = tape.columns.pointee.eventLocations
            if cursor.index > 0, cursor.index <= eventLocations.count {
                location = eventLocations[cursor.index &- 1].location
            }
            return selection
        }
    }
}

/// The strings of the short texts read last, so that a text that recurs — indentation above
/// all, which is every other text of an indented document — is not validated and made again.
///
/// A text of at most 15 bytes is a small string, held in the string value itself; the cache
/// keeps its bytes as two words beside it, so a hit is two comparisons and no allocation.
struct ShortTextCache {
    private struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = -1
        var string = ""
    }

    private static let slotCount = 16
    private var slots = [Slot](repeating: Slot(), count: ShortTextCache.slotCount)

    /// The `count` bytes at `bytes` as a string; `readable` bytes from `bytes` on are allocated
    /// memory, initialized or not, which lets a short text be read as two whole words.
    @inline(__always)
    mutating func string(_ bytes: UnsafePointer<UInt8>, count: Int, readable: Int) -> String {
        guard count <= 15 else {
            return String(parsedUTF8: UnsafeBufferPointer(start: bytes, count: count))
        }
        var words: (UInt64, UInt64) = (0, 0)
        if readable >= 16 {
            // Whole-word loads, the bytes past the text masked off: copying the bytes one by one
            // into the words would stall the loads that follow on the stores.
            let raw = UnsafeRawPointer(bytes)
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            words.0 = count >= 8 ? low : low & ((1 &<< UInt64(count &* 8)) &- 1)
            words.1 = count <= 8 ? 0 : high & ((1 &<< UInt64((count &- 8) &* 8)) &- 1)
        } else {
            withUnsafeMutableBytes(of: &words) { $0.baseAddress?.copyMemory(from: bytes, byteCount: count) }
        }
        let index = Int(truncatingIfNeeded: ((words.0 ^ (words.1 &<< 7)) &* 0x9E37_79B9_7F4A_7C15) >> 60)
        let slot = slots[index]
        if slot.count == count, slot.low == words.0, slot.high == words.1 { return slot.string }
        let string = String(parsedUTF8: UnsafeBufferPointer(start: bytes, count: count))
        slots[index] = Slot(low: words.0, high: words.1, count: count, string: string)
        return string
    }
}

extension XMLAttributes {
    /// The attributes of a start tag on a tape, copied into one allocation.
    init(tapeRows rows: UnsafeBufferPointer<EventTape.Attribute>, bytes: UnsafePointer<UInt8>) {
        first = 0
        entryCount = UInt32(rows.count)
        let byteCount = rows.reduce(0) { $0 + $1.valueCount }
        storage = Storage.make(count: rows.count, byteCount: byteCount) { entries, target, owners in
            var offset = 0
            for (index, row) in rows.enumerated() {
                (target + offset).initialize(from: bytes + row.valueStart, count: row.valueCount)
                if row.name.bits & 1 != 0 { owners.append(row.name.name) }
                entries[index] = Entry(name: row.name, valueStart: offset, valueCount: row.valueCount)
                offset += row.valueCount
            }
        }
    }
}
