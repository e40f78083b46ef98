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

/// The XML text of a sequence of events as chunks of bytes, written as they are asked for:
/// what ``XMLWriter/chunks(of:chunkSize:writesFragments:)`` returns.
@usableFromInline
struct XMLWriterChunks<Events: AsyncSequence>: AsyncSequence where Events.Element == XMLEvent {
    @usableFromInline typealias Element = Data
    @usableFromInline typealias Failure = any Error

    @usableFromInline let events: Events
    @usableFromInline let chunkSize: Int
    @usableFromInline let writesFragments: Bool

    @usableFromInline
    init(events: Events, chunkSize: Int, writesFragments: Bool) {
        self.events = events
        self.chunkSize = chunkSize
        self.writesFragments = writesFragments
    }

    /// Starts reading the events; each iterator writes them anew.
    @inlinable
    func makeAsyncIterator() -> Iterator {
        Iterator(
            events: events.makeAsyncIterator(),
            chunking: XMLWriterChunking(writesFragments: writesFragments, chunkSize: chunkSize))
    }

    /// Reads events until a chunk is full.
    @usableFromInline
    struct Iterator: AsyncIteratorProtocol {
        // Visible to inlined code, so that the loop over the events is specialized for them
        // in the caller, as a hand-written loop is; the writing is not generic.
        @usableFromInline var events: Events.AsyncIterator
        @usableFromInline var chunking: XMLWriterChunking

        @usableFromInline
        init(events: Events.AsyncIterator, chunking: XMLWriterChunking) {
            self.events = events
            self.chunking = chunking
        }

        /// The next chunk, or `nil` after the last.
        @inlinable
        mutating func next() async throws -> Data? {
            try await next(isolation: nil)
        }

        /// The next chunk, or `nil` after the last, reading the events on `actor`.
        ///
        /// - Parameter actor: The actor to read the events on.
        @inlinable
        mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            do {
                while chunking.wantsEvents {
                    guard let event = try await events.next(isolation: actor) else {
                        try chunking.finish()
                        break
                    }
                    try chunking.write(event)
                }
            } catch {
                chunking.fail()
                throw error
            }
            return chunking.nextChunk()
        }
    }
}

/// The writing side of ``XMLWriterChunks``: a writer and the bytes taken from it, handed out a
/// chunk at a time.
@usableFromInline
struct XMLWriterChunking {
    private var writer: XMLWriter
    private let chunkSize: Int
    /// Bytes taken from the writer and not yet handed out, from `pendingStart` on. An event
    /// larger than a chunk (a long text) is handed out from here a chunk at a time.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Whether the events have ended, or failed: then only what is buffered is left.
    private var eventsEnded = false

    @usableFromInline
    init(writesFragments: Bool, chunkSize: Int) {
        writer = XMLWriter(writesFragments: writesFragments)
        self.chunkSize = chunkSize
    }

    /// Whether another event is needed before a chunk is full.
    @usableFromInline
    var wantsEvents: Bool {
        !eventsEnded && pending.count - pendingStart + writer.bufferedByteCount < chunkSize
    }

    @usableFromInline
    mutating func write(_ event: XMLEvent) throws(XMLWriterError) {
        try writer.write(event)
    }

    /// The events ended: open elements are closed.
    @usableFromInline
    mutating func finish() throws(XMLWriterError) {
        eventsEnded = true
        try writer.finish()
    }

    /// The events or the writer failed: what is buffered would end in the middle of the
    /// document, so nothing more is handed out.
    @usableFromInline
    mutating func fail() {
        eventsEnded = true
        writer = XMLWriter(writesFragments: writer.writesFragments)
        pending = []
        pendingStart = 0
    }

    /// The next chunk of what was written, or `nil` when nothing is left.
    @usableFromInline
    mutating func nextChunk() -> Data? {
        if pending.count - pendingStart < chunkSize, writer.bufferedByteCount > 0 {
            if pendingStart == pending.count {
                pending = writer.takeBytes()
            } else {
                // Less than a chunk is left to move.
                pending.removeSubrange(..<pendingStart)
                pending += writer.takeBytes()
            }
            pendingStart = 0
        }
        let count = Swift.min(chunkSize, pending.count - pendingStart)
        guard count > 0 else { return nil }
        let chunk = Data(pending[pendingStart..<pendingStart + count])
        pendingStart += count
        return chunk
    }
}

extension XMLWriterChunks: Sendable where Events: Sendable {}
