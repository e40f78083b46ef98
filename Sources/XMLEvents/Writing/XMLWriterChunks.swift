import Foundation

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
