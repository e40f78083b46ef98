/// Builds each selected record of an ``XMLTapeSelector`` straight from the parser's tape into
/// one reused ``XMLRecordNodes``: names stay tape bits, and text and attribute values are copied
/// as bytes, so a record costs no string, array or object of its own until it is decoded.
struct XMLRecordNodesBuilder: XMLTapeSelectionBuilder {
    /// The record being built, or the last one built.
    private var nodes = XMLRecordNodes()
    /// The decoding context of the records built.
    let context: XMLDecodingContext

    init(context: XMLDecodingContext) {
        self.context = context
    }

    var isBuilding: Bool { nodes.isBuilding }

    mutating func startSelection(_ entry: EventTape.Entry, rows: EventTape.StartTagRows, in tape: EventTape) {
        // A decoder kept past its record's decoding still reads the table: it is left to it,
        // and the record gets a new one.
        if isKnownUniquelyReferenced(&nodes) {
            nodes.removeAll()
        } else {
            nodes = XMLRecordNodes()
        }
        nodes.location = tape.columns.pointee.locations[rows.location].location
        nodes.appendStartTag(entry, rows: rows, of: tape, context: context)
    }

    mutating func continueSelection(in tape: EventTape, cursor: inout EventTape.Cursor) -> XMLRecordNodes? {
        nodes.build(from: tape, cursor: &cursor, context: context) ? nodes : nil
    }
}
