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

    /// Parses the document, playing its events to `visitor`, or, for a big document made of
    /// records parsed on several cores, each chunk's to a visitor of its own, made in the worker
    /// that parsed the chunk and merged into `visitor` in document order.
    ///
    /// ```swift
    /// var total = NodeCounter()
    /// try await XMLEvents(path: "planet.osm").visit(&total, chunkVisitor: { NodeCounter() }) { total, chunk in
    ///     total.nodes += chunk.nodes
    /// }
    /// ```
    ///
    /// `visitor` sees the document from its start. Once the document is parsed in chunks of
    /// records (see ``XMLParsingOptions/parallelism``), a chunk's events are played to a visitor
    /// that `makeVisitor` makes in the chunk's worker, and `merge` adds it to `visitor`; a
    /// document parsed by one parser is played to `visitor` alone, as ``visit(_:)`` does. The
    /// result is the same either way when merging a visitor has the effect of playing its
    /// events after `visitor`'s. A chunk's visitor sees whole children of the root element, from
    /// inside the root: the root's start is `visitor`'s, and the root's end and the document's
    /// end are the last chunk's.
    ///
    /// - Parameters:
    ///   - visitor: Receives the events, and what the chunks' visitors saw.
    ///   - makeVisitor: Makes the visitor of a chunk, in its worker.
    ///   - merge: Adds what a chunk's visitor saw to the visitor of everything before it.
    /// - Throws: The errors ``visit(_:)`` throws; a visitor method's error once the chunk's
    ///   visitor, which saw the events before it, is merged.
    @inlinable
    public nonisolated(nonsending) func visit<Visitor: XMLVisitor & Sendable>(
        _ visitor: inout Visitor,
        chunkVisitor makeVisitor: @escaping @Sendable () -> Visitor,
        merging merge: (inout Visitor, consuming Visitor) throws -> Void
    ) async throws {
        let work = ChunkWork { tape, _, slice in
            var chunkVisitor = makeVisitor()
            var cursor = EventTape.Cursor()
            do {
                // In parts of a few thousand events, so that a slow visitor gives its thread back.
                while cursor.index < tape.count {
                    let end = Swift.min(tape.count, cursor.index &+ 4096)
                    try tape.replay(into: &chunkVisitor, from: &cursor, upTo: end)
                    await slice.yieldIfOver()
                }
                return ChunkValues(values: [chunkVisitor])
            } catch {
                return ChunkValues(values: [chunkVisitor], error: error)
            }
        }
        var feed = makeFeed(work: work)
        while try await feed.advance(readingOn: #isolation) {
            guard let chunk = feed.tape.product as? ChunkValues<Visitor> else {
                try feed.tape.replay(into: &visitor)
                continue
            }
            for chunkVisitor in chunk.values { try merge(&visitor, chunkVisitor) }
            if let error = chunk.error { throw error }
        }
    }
}
