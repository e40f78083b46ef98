extension XMLEvents {
    /// Parses the document, playing every event to `visitor` as it is parsed.
    ///
    /// ```swift
    /// var counter = RecordCounter()
    /// try await XMLEvents(url: url).visit(&counter)
    /// print(counter.records)
    /// ```
    ///
    /// The source is read a chunk at a time, and the next chunk is asked for only once the
    /// visitor has seen every event of the last one, so a slow visitor slows the source down, as
    /// a slow `for try await` loop does.
    ///
    /// The visitor's methods run on the caller's executor, since the views they are handed
    /// cannot leave it. Called on an actor (the main actor, say) with a `Sendable` source, the
    /// document is parsed off the actor, a batch of steps at a time, and only the visitor's
    /// methods run on the actor; elsewhere the parse runs inline, giving the thread back every
    /// few milliseconds. To keep the visitor's own work off an actor, call `visit` from a
    /// `@concurrent` function (see <doc:Concurrency>).
    ///
    /// - Parameter visitor: Receives the events; see ``XMLVisitor``.
    /// - Throws: ``XMLParsingError`` for a malformed, truncated or over-limit document, after
    ///   every event before the error point; the source's errors unchanged; `CancellationError`
    ///   when the task is cancelled; and any error a visitor method throws, which ends the visit
    ///   at once.
    @inlinable
    public nonisolated(nonsending) func visit<Visitor: XMLVisitor>(_ visitor: inout Visitor) async throws {
        var feed = makeFeed()
        while try await feed.advance(readingOn: #isolation) {
            try feed.tape.replay(into: &visitor)
        }
    }
}

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
            }
        }
    }
}
