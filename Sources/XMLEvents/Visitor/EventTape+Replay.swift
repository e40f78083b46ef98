extension EventTape {
    /// Plays every event of the tape to `visitor`, with borrowed views into the tape's buffers.
    @inlinable
    func replay<Visitor: XMLVisitor>(into visitor: inout Visitor) throws {
        let columns = self.columns.pointee
        let bytes = UnsafePointer(columns.bytes.base)
        let attributes = columns.attributes.buffer
        let namespaces = columns.namespaces.buffer
        var cursor = Cursor()
        for entry in columns.entries.buffer {
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
