/// Builds every ``XMLRecordNodes``, one record after the other into one reused instance: each
/// selected record of an ``XMLTapeSelector`` (and the cursor's element) straight from the
/// parser's tape, where names stay tape bits and text and attribute values are copied as bytes,
/// so a record costs no string, array or object of its own until it is decoded; and each
/// ``XMLSubtree`` decoded from a sequence of subtrees or by ``XMLRecordDecoder``.
@usableFromInline
struct XMLRecordNodesBuilder: XMLTapeSelectionBuilder {
    /// The record being built, or the last one built.
    private var nodes = XMLRecordNodes()
    /// The decoding context of the records built.
    @usableFromInline let context: XMLDecodingContext

    @usableFromInline
    init(context: XMLDecodingContext) {
        self.context = context
    }

    var isBuilding: Bool { nodes.isBuilding }

    /// The table emptied for the next record.
    private mutating func nextRecord() -> XMLRecordNodes {
        // A decoder kept past its record's decoding still reads the table: it is left to it,
        // and the record gets a new one.
        if isKnownUniquelyReferenced(&nodes) {
            nodes.removeAll()
        } else {
            nodes = XMLRecordNodes()
        }
        return nodes
    }

    /// The record of a subtree built already.
    mutating func build(_ subtree: XMLSubtree) -> XMLRecordNodes {
        let nodes = nextRecord()
        nodes.append(subtree, context: context)
        return nodes
    }

    /// A subtree's record, to decode.
    @usableFromInline
    mutating func record(of subtree: XMLSubtree) -> XMLRecord {
        XMLRecord(nodes: build(subtree), context: context)
    }

    /// Decodes a subtree's record.
    mutating func decode<T: Decodable>(_ type: T.Type, from subtree: XMLSubtree) throws(XMLRecordDecodingError) -> T {
        try context.decode(type, from: build(subtree))
    }

    mutating func startSelection(_ entry: EventTape.Entry, rows: EventTape.StartTagRows, in tape: EventTape) {
        let nodes = nextRecord()
        nodes.location = tape.columns.pointee.locations[rows.location].location
        nodes.appendStartTag(entry, rows: rows, of: tape, context: context)
    }

    mutating func continueSelection(in tape: EventTape, cursor: inout EventTape.Cursor) -> XMLRecordNodes? {
        nodes.build(from: tape, cursor: &cursor, context: context) ? nodes : nil
    }
}
