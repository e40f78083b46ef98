import Foundation

extension XMLWriter {
    /// The chunk size the streaming writers use unless told otherwise: 64 KiB, as their
    /// documentation says.
    @usableFromInline static let defaultChunkSize = 64 * 1024

    /// Writes a sequence of events to a file as they arrive, in chunks, in bounded memory.
    ///
    /// ```swift
    /// let events = XMLEvents(path: "registry.xml")
    ///     .filter { if case .comment = $0 { false } else { true } }
    /// try await XMLWriter.write(events, to: URL(fileURLWithPath: "registry-without-comments.xml"))
    /// ```
    ///
    /// The file is written under a temporary name next to it and takes its name only once the
    /// whole document is written, replacing any file of that name (whose permissions it keeps):
    /// when the events throw, or a refused event ends writing, the temporary file is removed and
    /// a file already there is left as it was. Writes block the calling thread while the system
    /// takes each chunk, as a file's reads by ``XMLByteSource`` do.
    ///
    /// Memory holds one chunk and the event being written; the next event is asked for only
    /// once the chunk before it has been written, so a slow disk slows the source down.
    /// Elements still open when the events end are closed (a `prefix(_:)` of a document's
    /// events is written as a well-formed document).
    ///
    /// The events are read, and the file written, on the caller's actor, as `for try await`
    /// reads events where it runs; from an actor, ``XMLEvents/XMLEvents`` parses them off the
    /// actor (see <doc:Concurrency>), and only the writing runs on it.
    ///
    /// - Parameters:
    ///   - events: The events, in document order.
    ///   - url: A `file:` URL.
    ///   - chunkSize: How many bytes are written at once (at least 1); the default is 64 KiB.
    ///   - writesFragments: `false` (the default) for one document, `true` for fragments (see
    ///     ``writesFragments``).
    ///   - isolation: The actor the events are read on; the caller's, by default.
    /// - Throws: What the events throw; ``XMLWriterError`` for an event it refuses (see
    ///   ``write(_:)-(XMLEvent)``) and for a file that cannot be created or written
    ///   (``XMLWriterError/Code/notAFileURL`` for a URL that is not a `file:` URL).
    @inlinable
    public static func write<Events: AsyncSequence>(
        _ events: Events,
        to url: URL,
        chunkSize: Int = defaultChunkSize,
        writesFragments: Bool = false,
        isolation: isolated (any Actor)? = #isolation
    ) async throws where Events.Element == XMLEvent {
        guard url.isFileURL else { throw XMLWriterError.notAFileURL(url) }
        try await write(
            events, toPath: url.path, chunkSize: chunkSize, writesFragments: writesFragments, isolation: isolation)
    }

    /// Writes a sequence of events to the file at `path` as they arrive, as
    /// ``write(_:to:chunkSize:writesFragments:isolation:)-(_,URL,_,_,_)`` does.
    ///
    /// - Parameters:
    ///   - events: The events, in document order.
    ///   - path: The file's path.
    ///   - chunkSize: How many bytes are written at once (at least 1); the default is 64 KiB.
    ///   - writesFragments: `false` (the default) for one document, `true` for fragments (see
    ///     ``writesFragments``).
    ///   - isolation: The actor the events are read on; the caller's, by default.
    /// - Throws: What the events throw; ``XMLWriterError`` for an event it refuses (see
    ///   ``write(_:)-(XMLEvent)``) and for a file that cannot be created or written.
    @inlinable
    public static func write<Events: AsyncSequence>(
        _ events: Events,
        toPath path: String,
        chunkSize: Int = defaultChunkSize,
        writesFragments: Bool = false,
        isolation: isolated (any Actor)? = #isolation
    ) async throws where Events.Element == XMLEvent {
        let file = try XMLOutputFile(replacing: path)
        do {
            try await write(events, chunkSize: chunkSize, writesFragments: writesFragments, isolation: isolation) {
                chunk in
                try file.write(chunk)
            }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes a sequence of events to any consumer of bytes, a chunk at a time, waiting for the
    /// consumer before reading on.
    ///
    /// ```swift
    /// try await XMLWriter.write(events) { chunk in
    ///     try await upload.send(chunk)  // a slow receiver slows the source down
    /// }
    /// ```
    ///
    /// Every chunk holds `chunkSize` bytes but the last, which holds the rest. The next event is
    /// asked for only when `consume` has returned, so memory holds one chunk and one event, and
    /// a slow consumer slows the source down (over HTTP down to the server). Elements still open
    /// when the events end are closed.
    ///
    /// - Parameters:
    ///   - events: The events, in document order.
    ///   - chunkSize: How many bytes each chunk holds (at least 1); the default is 64 KiB.
    ///   - writesFragments: `false` (the default) for one document, `true` for fragments (see
    ///     ``writesFragments``).
    ///   - isolation: The actor the events are read and `consume` is called on; the caller's,
    ///     by default.
    ///   - consume: Takes each chunk, in order; what it throws ends writing and is thrown.
    /// - Throws: What the events or `consume` throw, or an ``XMLWriterError`` for an event
    ///   it refuses (see ``write(_:)-(XMLEvent)``), after the chunks before it.
    @inlinable
    public static func write<Events: AsyncSequence>(
        _ events: Events,
        chunkSize: Int = defaultChunkSize,
        writesFragments: Bool = false,
        isolation: isolated (any Actor)? = #isolation,
        to consume: nonisolated(nonsending) (Data) async throws -> Void
    ) async throws where Events.Element == XMLEvent {
        var iterator = XMLWriterChunks(
            events: events, chunkSize: Swift.max(1, chunkSize), writesFragments: writesFragments
        )
        .makeAsyncIterator()
        while let chunk = try await iterator.next(isolation: isolation) {
            try await consume(chunk)
        }
    }

    /// The XML text of a sequence of events, as chunks of `Data` written as they are asked for.
    ///
    /// For an API that reads a body from an `AsyncSequence` (an upload, or
    /// ``XMLEvents/XMLEvents`` itself, to parse what is written):
    ///
    /// ```swift
    /// let body = XMLWriter.chunks(of: events)
    /// for try await event in XMLEvents(body) {
    ///     print(event)
    /// }
    /// ```
    ///
    /// Each `next()` reads events until a chunk is full or the events end; nothing is read
    /// ahead of the consumer. Every chunk holds `chunkSize` bytes but the last.
    ///
    /// - Parameters:
    ///   - events: The events, in document order.
    ///   - chunkSize: How many bytes each chunk holds (at least 1); the default is 64 KiB.
    ///   - writesFragments: `false` (the default) for one document, `true` for fragments (see
    ///     ``writesFragments``).
    /// - Returns: The chunks, UTF-8; each iterator writes the events anew. Iterating them
    ///   throws what the events throw, or an ``XMLWriterError`` for an event it refuses (see
    ///   ``write(_:)-(XMLEvent)``).
    @inlinable
    public static func chunks<Events: AsyncSequence & Sendable>(
        of events: Events,
        chunkSize: Int = defaultChunkSize,
        writesFragments: Bool = false
    ) -> some AsyncSequence<Data, any Error> & Sendable where Events.Element == XMLEvent {
        XMLWriterChunks(events: events, chunkSize: Swift.max(1, chunkSize), writesFragments: writesFragments)
    }
}
