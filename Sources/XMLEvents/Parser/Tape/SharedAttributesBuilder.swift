/// Gathers the attributes of many start tags on tapes into one ``XMLAttributes`` storage, which
/// each tag's attributes then view: a subtree's elements share one allocation for their
/// attributes instead of one each.
///
/// The names and value bytes are copied while the tape holds them, so the tags may come from
/// several tapes one after the other; owned names are kept alive here until the storage keeps
/// them.
struct SharedAttributesBuilder {
    /// The gathered attributes, their values' positions counted in `bytes`.
    private var rows: [EventTape.Attribute] = []
    private var bytes: [UInt8] = []
    private var owners: [XMLName] = []

    /// Above this many attributes or bytes the buffers are freed once a storage is made, so that
    /// one huge subtree does not keep its memory for the rest of the document.
    private static let retainedCapacity = 1 << 16

    /// Whether nothing was gathered since the last storage.
    var isEmpty: Bool { rows.isEmpty }

    /// Copies a start tag's attributes from `tape`; returns where they are among the gathered.
    mutating func append(_ tapeRows: Range<Int>, of tape: EventTape) -> Range<Int> {
        let first = rows.count
        let source = tape.columns.pointee.bytes.base
        for row in UnsafeBufferPointer(rebasing: tape.columns.pointee.attributes.buffer[tapeRows]) {
            if row.name.bits & 1 != 0 { owners.append(row.name.name) }
            rows.append(EventTape.Attribute(name: row.name, valueStart: bytes.count, valueCount: row.valueCount))
            bytes.append(contentsOf: UnsafeBufferPointer(start: source + row.valueStart, count: row.valueCount))
        }
        return first..<rows.count
    }

    /// One storage holding everything gathered; the builder starts empty again.
    mutating func makeStorage() -> XMLAttributes.Storage {
        let storage = XMLAttributes.Storage.make(count: rows.count, byteCount: bytes.count) { entries, target, kept in
            bytes.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { target.initialize(from: base, count: source.count) }
            }
            for (index, row) in rows.enumerated() {
                entries[index] = XMLAttributes.Entry(
                    name: row.name, valueStart: row.valueStart, valueCount: row.valueCount)
            }
            kept = owners
        }
        let keepsCapacity = rows.capacity <= Self.retainedCapacity && bytes.capacity <= Self.retainedCapacity
        rows.removeAll(keepingCapacity: keepsCapacity)
        bytes.removeAll(keepingCapacity: keepsCapacity)
        owners.removeAll(keepingCapacity: keepsCapacity)
        return storage
    }
}
