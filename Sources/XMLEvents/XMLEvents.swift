import Foundation
// The modules below the core, whose public types are part of this one: `import XMLEvents` is
// all a user writes. (The optional parts are re-exported by the files that gate them.)
@_exported import XMLEventsInput

/// The events of one XML document, parsed as its bytes arrive from any asynchronous sequence of
/// byte chunks.
///
/// ```swift
/// for try await event in XMLEvents(url: fileURL) {
///     if case .startElement(let name, let attributes, _) = event, name.localName == "record" {
///         print(attributes.first?.value ?? "")
///     }
/// }
/// ```
///
/// The consumer's pace is the only pace: the iterator asks the source for the next chunk only
/// once it has handed out every event of the previous one, so a slow consumer slows the source
/// down and memory stays bounded by one chunk's events.
///
/// Parsing gives its thread back every few milliseconds, and a loop on an actor (the main actor,
/// say) does not parse there: the events are parsed off the actor, a batch at a time, and the
/// actor runs only the loop's body. See <doc:Concurrency>.
///
/// Iteration throws ``XMLParsingError`` for a malformed, truncated or over-limit document, after
/// every event before the error point; errors of the source are passed on as they are; a
/// cancelled task ends iteration with `CancellationError`. Leaving the loop early releases the
/// source and the parser at once.
public struct XMLEvents<Source: AsyncSequence>: AsyncSequence
where Source.Element: ContiguousBytes & Sendable {
    /// Each element is one event of the document.
    public typealias Element = XMLEvent
    /// Parsing errors are ``XMLParsingError``; the source's errors pass through unchanged.
    public typealias Failure = any Error

    /// The byte chunks the document is read from.
    public let source: Source

    /// How the document is parsed.
    public let options: XMLParsingOptions

    /// How a parse of the document starts ahead of a reader on an actor, in a task of its own;
    /// `nil` when the source is not known to be `Sendable` where the sequence is made, and so must
    /// be read where the reader runs.
    @usableFromInline let parsingAhead: EventTapeFeed<Source.AsyncIterator>.ParsingAhead?

    /// Creates the events of the document whose bytes `source` delivers, chunk by chunk.
    ///
    /// A source that is not `Sendable` is read, and the document parsed, on the executor of the
    /// loop that iterates the events, giving the thread back every few milliseconds; only a
    /// `Sendable` source can be read off the consumer's actor (see <doc:Concurrency>).
    ///
    /// - Parameters:
    ///   - source: Any asynchronous sequence of byte chunks (`Data`, `[UInt8]`, …), for example an
    ///     `AsyncThrowingStream<Data, Error>`.
    ///   - options: How to parse; the defaults are safe for untrusted input.
    public init(_ source: Source, options: XMLParsingOptions = .default) {
        self.init(source: source, options: options, parsingAhead: nil)
    }

    @usableFromInline
    init(source: Source, options: XMLParsingOptions, parsingAhead: EventTapeFeed<Source.AsyncIterator>.ParsingAhead?) {
        self.source = source
        self.options = options
        self.parsingAhead = parsingAhead
    }

    /// Starts parsing; each iterator parses the document anew from the source's beginning.
    public func makeAsyncIterator() -> Iterator {
        Iterator(feed: makeFeed())
    }

    /// A parse of the document from the source's beginning; `work` is what the workers that
    /// parse chunks of records build for the reader (see ``ChunkWork``).
    @usableFromInline
    func makeFeed(work: ChunkWork? = nil) -> EventTapeFeed<Source.AsyncIterator> {
        EventTapeFeed(source: source.makeAsyncIterator(), options: options, parsingAhead: parsingAhead, work: work)
    }

    /// A parse of the document from the source's beginning that also records where each start
    /// tag's `<` is: for the records decoded in the parser, whose errors point there; `work` as
    /// for ``makeFeed(work:)``.
    func makeRecordFeed(work: ChunkWork? = nil) -> EventTapeFeed<Source.AsyncIterator> {
        var options = options
        options.locatesTagStarts = true
        return EventTapeFeed(
            source: source.makeAsyncIterator(), options: options, parsingAhead: parsingAhead, work: work)
    }

    /// Hands out the events of one chunk without suspending, and reads the next chunk only when
    /// they are gone.
    public struct Iterator: AsyncIteratorProtocol {
        // Visible to inlined code: handing out the next event of a chunk is the per-event path,
        // and a call into unspecialized generic async code costs more than the rest of it.
        @usableFromInline var feed: EventTapeFeed<Source.AsyncIterator>
        @usableFromInline var reader = EventTape.OwnedEventReader()
        /// The decoding context ``decodeElement(_:using:)`` decoded with last, kept for the next
        /// call with an equivalent decoder so that names are converted to keys once. One word,
        /// never touched by ``next()``.
        var cursorDecoding: XMLDecodingContext?

        init(feed: EventTapeFeed<Source.AsyncIterator>) {
            self.feed = feed
        }

        /// Where the most recent ``XMLEvent/startElement(name:attributes:namespaces:)`` returned by
        /// this iterator was reported (at its closing `>`), or `nil` before the first one; with
        /// ``XMLParsingOptions/locatesEveryEvent``, where the most recent event of any kind was
        /// reported, or `nil` before the first event.
        public var location: XMLLocation? { reader.location }

        /// The next event, or `nil` after ``XMLEvent/endDocument``.
        ///
        /// Hands out the events of the current chunk without suspending; when they are gone, reads
        /// and parses the next chunk.
        ///
        /// - Returns: The next event, or `nil` once the document has ended or an error has been
        ///   thrown.
        /// - Throws: ``XMLParsingError`` for a malformed, truncated or over-limit document (after
        ///   every event before the error point); the source's own errors unchanged;
        ///   `CancellationError` when the task is cancelled. Each is thrown once; the next call
        ///   returns `nil`.
        @inlinable
        public nonisolated(nonsending) mutating func next() async throws -> XMLEvent? {
            if let event = reader.next(in: feed.tape) { return event }
            return try await nextAfterRefill()
        }

        /// The next event, or `nil` after ``XMLEvent/endDocument``, on the caller's actor except
        /// while a chunk is read and parsed.
        ///
        /// Runs on the caller's executor (`nonisolated(nonsending)`) rather than hopping to
        /// `actor` on entry: for a consumer on the main actor that hop was most of the cost of an
        /// event.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`.
        /// - Returns: The next event, or `nil` after the end of the document.
        /// - Throws: The errors ``next()`` throws.
        @inlinable
        public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> XMLEvent? {
            if let event = reader.next(in: feed.tape) { return event }
            return try await nextAfterRefill()
        }

        /// Parses the next step, or on an actor the next batch of steps off it, and returns its
        /// first event.
        @usableFromInline
        nonisolated(nonsending) mutating func nextAfterRefill() async throws -> XMLEvent? {
            while try await feed.advance(readingOn: #isolation) {
                reader.rewind()
                if let event = reader.next(in: feed.tape) { return event }
            }
            return nil
        }
    }
}

extension XMLEvents: Sendable where Source: Sendable {}

extension XMLEvents where Source: Sendable {
    // Inlinable, so that the parsing task the closure starts is specialized for the source in
    // the caller, as the inline parse loop is.

    /// Creates the events of the document whose bytes `source` delivers, chunk by chunk.
    ///
    /// A `Sendable` source is read, and the document parsed, off the consumer's actor when the
    /// loop runs on one (see <doc:Concurrency>).
    ///
    /// - Parameters:
    ///   - source: Any asynchronous sequence of byte chunks (`Data`, `[UInt8]`, …), for example an
    ///     `AsyncThrowingStream<Data, Error>`.
    ///   - options: How to parse; the defaults are safe for untrusted input.
    @inlinable
    public init(_ source: Source, options: XMLParsingOptions = .default) {
        self.init(source: source, options: options) { feed, pipeline in
            pipeline.start(parsing: feed, of: Source.self)
        }
    }
}
