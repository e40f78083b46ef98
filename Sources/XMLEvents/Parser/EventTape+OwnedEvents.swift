extension EventTape {
    /// Reads a tape as owned ``XMLEvent``s, one at a time: the strings and arrays an event
    /// carries are made when the event is read.
    @usableFromInline
    struct OwnedEventReader {
        private var cursor = Cursor()
        /// Where the last start element read was reported.
        @usableFromInline private(set) var location: XMLLocation?

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
                return .text(tape.string(start: entry.start, count: entry.count))
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
            }
        }
    }
}
