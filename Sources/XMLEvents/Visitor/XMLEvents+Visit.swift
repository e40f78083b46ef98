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
