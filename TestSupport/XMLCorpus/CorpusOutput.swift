import Foundation

/// The bytes generated but not yet handed out, and the markup they and their predecessors hold.
///
/// Everything is appended as ready-made UTF-8 (static strings, precomputed fragments, digits), so
/// no `String` is built per element; the memory is reused from chunk to chunk.
struct CorpusOutput {
    /// Where to return to when a unit of the document turns out not to fit.
    struct Mark {
        fileprivate let count: Int
        fileprivate let tally: MarkupTally
    }

    private var store: ByteStore
    private(set) var tally = MarkupTally()

    init(capacity: Int) {
        store = ByteStore(capacity: capacity)
    }

    /// How many bytes are waiting to be handed out.
    var count: Int { store.count }

    /// Gives this output a store of its own if a copy of it shares the store; call before writing.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&store) { store = store.copy() }
    }

    // MARK: Markup

    mutating func append(_ text: StaticString) {
        // The pointer path avoids a closure, whose capture of the store cost a retain per call.
        if text.hasPointerRepresentation {
            store.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { store.append($0) }
        }
    }

    mutating func append(_ raw: [UInt8]) {
        raw.withUnsafeBufferPointer { store.append($0) }
    }

    mutating func append(_ fragment: Fragment) {
        append(fragment.bytes)
        tally += fragment.tally
    }

    /// Writes markup that opens one element (its start tag, or the part of it up to a value
    /// written next) and counts that element with the attributes and declarations it carries.
    mutating func startElement(_ markup: StaticString, attributes: Int = 0, namespaces: Int = 0) {
        append(markup)
        tally.elements += 1
        tally.attributes += attributes
        tally.namespaceDeclarations += namespaces
    }

    /// Counts attributes written through plain `append` calls.
    mutating func countAttributes(_ count: Int) {
        tally.attributes += count
    }

    /// Counts the element just started as one of the shape's items (record, entry, paragraph).
    mutating func countItem() {
        tally.items += 1
    }

    // MARK: Numbers

    mutating func appendDecimal(_ value: Int) {
        precondition(value >= 0, "only non-negative numbers are written")
        var width = 1
        var limit = 10
        while value >= limit && width < 19 {
            width += 1
            limit &*= 10
        }
        appendDigits(value, width: width)
    }

    /// Writes `value` (below 10^`width`) with leading zeros to exactly `width` digits.
    mutating func appendDigits(_ value: Int, width: Int) {
        let destination = store.reserve(width)
        var rest = value
        var index = width
        while index > 0 {
            index -= 1
            destination[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
        }
        store.count += width
    }

    /// Writes the low `digits` nibbles of `value` as lowercase hexadecimal.
    mutating func appendHex(_ value: UInt64, digits: Int) {
        let destination = store.reserve(digits)
        var rest = value
        var index = digits
        while index > 0 {
            index -= 1
            let nibble = UInt8(truncatingIfNeeded: rest & 0xF)
            destination[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
            rest >>= 4
        }
        store.count += digits
    }

    /// Writes `YYYY-MM-DD`.
    mutating func appendDate(_ date: CalendarDate) {
        appendDigits(date.year, width: 4)
        store.append(0x2D)
        appendDigits(date.month, width: 2)
        store.append(0x2D)
        appendDigits(date.day, width: 2)
    }

    /// Writes `count` spaces, the padding that brings a document to its exact size.
    mutating func appendSpaces(_ count: Int) {
        store.reserve(count).update(repeating: 0x20, count: count)
        store.count += count
    }

    // MARK: Reading back

    /// Where the next byte goes; stable while a unit is written (chunks are handed out between
    /// units only).
    var position: Int { store.count }

    /// The byte count and byte sum of what was written from `start` on, for text written without
    /// references, whose bytes are the text a parser reports.
    func utf8Sum(since start: Int) -> UTF8Sum {
        UTF8Sum(UnsafeBufferPointer(start: store.base + start, count: store.count - start))
    }

    // MARK: Hand-over and rollback

    var mark: Mark { Mark(count: store.count, tally: tally) }

    /// Forgets everything written after `mark`.
    mutating func rollBack(to mark: Mark) {
        store.count = mark.count
        tally = mark.tally
    }

    /// Removes the first `count` bytes and returns them as a chunk of their own.
    mutating func removeChunk(_ count: Int) -> Data {
        let chunk = Data(bytes: store.base, count: count)
        store.removeFirst(count)
        return chunk
    }
}
