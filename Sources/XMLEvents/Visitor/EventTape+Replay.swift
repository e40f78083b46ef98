extension EventTape {
    /// Plays every event of the tape to `visitor`, with borrowed views into the tape's buffers.
    @inlinable
    func replay<Visitor: XMLVisitor>(into visitor: inout Visitor) throws {
        var cursor = Cursor()
        try replay(into: &visitor, from: &cursor, upTo: count)
    }

    /// Plays the events from `cursor` up to the entry at `end` (not included) to `visitor`, and
    /// leaves `cursor` after the last one played: a replay in parts, for a worker that gives its
    /// thread back between them.
    @inlinable
    func replay<Visitor: XMLVisitor>(into visitor: inout Visitor, from cursor: inout Cursor, upTo end: Int) throws {
        let columns = self.columns.pointee
        let bytes = UnsafePointer(columns.bytes.base)
        let attributes = columns.attributes.buffer
        let namespaces = columns.namespaces.buffer
        let entries = columns.entries.buffer
        while cursor.index < end {
            let entry = entries[cursor.index]
            cursor.index &+= 1
            switch entry.kind {
            case .startElement:
                let rows = cursor.takeStartTag(entry)
                try visitor.startElement(
                    XMLStartTag(
                        name: entry.name, locationRow: UnsafePointer(columns.locations.base + rows.location),
                        attributeRows: UnsafeBufferPointer(rebasing: attributes[rows.attributes]),
                        namespaceRows: UnsafeBufferPointer(rebasing: namespaces[rows.namespaces]), bytes: bytes))
            case .endElement:
                try visitor.endElement(entry.name.name)
            case .text:
                try visitor.text(XMLText(base: bytes + entry.start, count: entry.count))
            case .cdata:
                try visitor.cdata(XMLText(base: bytes + entry.start, count: entry.count))
            case .comment:
                try visitor.comment(XMLText(base: bytes + entry.start, count: entry.count))
            case .processingInstruction:
                try visitor.processingInstruction(
                    target: XMLText(base: bytes + entry.start, count: entry.count),
                    data: XMLText(base: bytes + entry.start + entry.count, count: Int(entry.extra)))
            case .startDocument:
                let prolog = prologs[entry.start]
                try visitor.startDocument(
                    version: prolog.version, encoding: prolog.encoding, standalone: prolog.standalone)
            case .doctype:
                let doctype = doctypes[entry.start]
                try visitor.doctype(name: doctype.name, publicID: doctype.publicID, systemID: doctype.systemID)
            case .endDocument:
                try visitor.endDocument()
            case .skippedEntity:
                try visitor.skippedEntity(string(start: entry.start, count: entry.count))
            }
        }
    }
}
