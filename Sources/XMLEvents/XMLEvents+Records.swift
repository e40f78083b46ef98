import Foundation
import XMLEventsInput

extension XMLEvents {
    /// The elements `path` selects, each decoded as a `Record`: the streaming counterpart of
    /// decoding a whole document, in one line and in memory bounded by the largest record.
    ///
    /// ```swift
    /// for try await record in try XMLEvents(url: url).decode(Record.self, matching: "record") {
    ///     …
    /// }
    /// ```
    ///
    /// The parser selects and builds each record for decoding, without making it an event or a
    /// subtree, and a record that does not decode is reported with its location. Any other
    /// sequence of events decodes from its events, with
    /// ``_Concurrency/AsyncSequence/decode(_:matching:namespaces:using:)``.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    ///   - decoder: How to decode; see ``XMLRecordDecoder`` for how XML maps onto the type.
    /// - Returns: The records.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    public func decode<Record: Decodable>(
        _ type: Record.Type,
        matching path: String,
        namespaces: [String: String] = [:],
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) throws(XMLPathError) -> Records<Record> {
        Records(events: self, path: try XMLPath(path, namespaces: namespaces), decoder: decoder)
    }

    /// The elements `path` selects, each decoded as a `Record`.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - path: A path read already.
    ///   - decoder: How to decode.
    /// - Returns: The records.
    public func decode<Record: Decodable>(
        _ type: Record.Type,
        matching path: XMLPath,
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> Records<Record> {
        Records(events: self, path: path, decoder: decoder)
    }

    /// The elements `path` selects, each decoded as a `Sendable` `Record`: in the workers that
    /// parse a big document made of records on several cores (see <doc:Performance>), as
    /// ``decode(_:matching:namespaces:using:)`` describes otherwise.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    ///   - decoder: How to decode.
    /// - Returns: The records.
    /// - Throws: ``XMLPathError`` when `path` is not valid.
    @_documentation(visibility: internal)
    public func decode<Record: Decodable & Sendable>(
        _ type: Record.Type,
        matching path: String,
        namespaces: [String: String] = [:],
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) throws(XMLPathError) -> Records<Record> {
        Records(events: self, path: try XMLPath(path, namespaces: namespaces), decoder: decoder)
    }

    /// The elements `path` selects, each decoded as a `Sendable` `Record`, in the workers that
    /// parse a big document made of records.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - path: A path read already.
    ///   - decoder: How to decode.
    /// - Returns: The records.
    @_documentation(visibility: internal)
    public func decode<Record: Decodable & Sendable>(
        _ type: Record.Type,
        matching path: XMLPath,
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> Records<Record> {
        Records(events: self, path: path, decoder: decoder)
    }

    /// The elements of the document that an ``XMLPath`` selects, each decoded as a `Record`;
    /// made by ``XMLEvents/decode(_:matching:namespaces:using:)`` and
    /// ``XMLEvents/Subtrees/decode(_:using:)``.
    ///
    /// Each iterator parses the document anew from the source's beginning. It lets go of the
    /// source and the parser when the document ends or fails, when a record fails to decode, and
    /// when the iterator itself is dropped (leaving a loop early).
    public struct Records<Record: Decodable>: AsyncSequence {
        /// Each element is one decoded record.
        public typealias Element = Record
        /// ``XMLRecordDecodingError`` for a record that does not decode, ``XMLParsingError`` for
        /// the document; the source's errors pass through unchanged.
        public typealias Failure = any Error

        let events: XMLEvents
        let path: XMLPath
        let decoder: XMLRecordDecoder
        /// Decodes the records of a chunk in the worker that parsed it, for a `Sendable` type.
        let work: ChunkWork?

        init(events: XMLEvents, path: XMLPath, decoder: XMLRecordDecoder) {
            self.events = events
            self.path = path
            self.decoder = decoder
            work = nil
        }

        init(events: XMLEvents, path: XMLPath, decoder: XMLRecordDecoder) where Record: Sendable {
            self.events = events
            self.path = path
            self.decoder = decoder
            work = XMLRecordReader<Source.AsyncIterator>.work(path, decoder: decoder) { try $0.decode(Record.self) }
        }

        /// Starts parsing the document anew.
        public func makeAsyncIterator() -> Iterator {
            Iterator(reader: XMLRecordReader(path, feed: events.makeRecordFeed(work: work), decoder: decoder))
        }

        /// Parses until a selected element is complete and decodes it, converting names with a
        /// cache that lives as long as the iterator. On an actor, the document is parsed off it
        /// a batch at a time, and the records are built and decoded on it (a type's `Decodable`
        /// conformance may be isolated to the actor); a `Sendable` type's records of a big
        /// document parsed on several cores are decoded by the cores that parse it (see
        /// <doc:Performance>).
        public struct Iterator: AsyncIteratorProtocol {
            @usableFromInline var reader: XMLRecordReader<Source.AsyncIterator>
            /// The records a worker decoded, being handed out.
            @usableFromInline var built: ChunkValues<Record>.Reader?

            init(reader: XMLRecordReader<Source.AsyncIterator>) {
                self.reader = reader
            }

            /// The next record, or `nil` once the document has ended.
            ///
            /// Inlinable, so that a loop over the records makes no asynchronous call for a record
            /// the events parsed so far complete.
            ///
            /// - Throws: ``XMLRecordDecodingError`` for a record that does not decode; the errors
            ///   ``XMLEvents/Subtrees/Iterator/next()`` throws. Each is thrown once; the next call
            ///   returns `nil`.
            @inlinable
            public nonisolated(nonsending) mutating func next() async throws -> Record? {
                try await reader.next(&built) { try $0.decode(Record.self) }
            }

            /// The next record, or `nil` once the document has ended, staying on the caller's
            /// actor.
            ///
            /// - Parameter actor: The caller's actor.
            /// - Throws: The errors ``next()`` throws.
            public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> Record? {
                try await next()
            }
        }
    }
}

extension XMLEvents.Records: Sendable where Source: Sendable {}

extension XMLEvents.Subtrees {
    /// Each selected element decoded as a `Record`, one at a time, built by the parser for
    /// decoding without becoming a subtree.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: How to decode; see ``XMLRecordDecoder`` for how XML maps onto the type.
    /// - Returns: The records; iteration throws ``XMLRecordDecodingError`` for an element
    ///   that does not decode (and then ends), and passes on the document's errors.
    public func decode<Record: Decodable>(
        _ type: Record.Type, using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> XMLEvents<Source>.Records<Record> {
        XMLEvents<Source>.Records(events: events, path: path, decoder: decoder)
    }

    /// Each selected element decoded as a `Sendable` `Record`, in the workers that parse a big
    /// document made of records.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: How to decode.
    /// - Returns: The records.
    @_documentation(visibility: internal)
    public func decode<Record: Decodable & Sendable>(
        _ type: Record.Type, using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> XMLEvents<Source>.Records<Record> {
        XMLEvents<Source>.Records(events: events, path: path, decoder: decoder)
    }
}

/// The selected elements of a parse, built for decoding one after the other and handed out as
/// ``XMLRecord``s: what the iterators of ``XMLEvents/Records`` and ``XMLEvents/ChosenRecords``
/// read.
@usableFromInline
struct XMLRecordReader<Source: AsyncIteratorProtocol> where Source.Element: ContiguousBytes {
    /// Its builder holds the decoding context; nothing else is stored, so that the selector's
    /// tape and selection are at fixed offsets (see ``XMLTapeSelector``).
    private var selector: XMLTapeSelector<Source, XMLRecordNodesBuilder>

    init(_ path: XMLPath, feed: EventTapeFeed<Source>, decoder: XMLRecordDecoder) {
        let builder = XMLRecordNodesBuilder(context: XMLDecodingContext(decoder))
        selector = XMLTapeSelector(path, feed: feed, builder: builder)
    }

    /// What `make` makes of the next selected element that it does not skip (returning `nil`)
    /// or the next value a worker made so (taken into `built`); `nil` once the document has
    /// ended. Lets the parse go at the end and at an error, `make`'s included.
    ///
    /// Inlinable, with ``nextParsed()`` first: most records are complete on the tape already,
    /// and a loop over them then makes no asynchronous call for them.
    @inlinable
    nonisolated(nonsending) mutating func next<Value>(
        _ built: inout ChunkValues<Value>.Reader?, _ make: (XMLRecord) throws -> Value?
    ) async throws -> Value? {
        do {
            while true {
                if built != nil, let value = try built?.next() { return value }
                let record: XMLRecord
                if let parsed = nextParsed() {
                    record = parsed
                } else {
                    switch try await nextAfterParsing(orProduct: ChunkValues<Value>.self) {
                    case .selection(let parsed):
                        record = parsed
                    case .product(let chunk):
                        built = ChunkValues.Reader(chunk)
                        continue
                    case nil:
                        return nil
                    }
                }
                if let value = try make(record) { return value }
            }
        } catch {
            end()
            throw error
        }
    }

    /// Has the workers that parse a big document's chunks of records make the values of their
    /// selected elements, as `make` does here (see ``ChunkWork``).
    static func work<Value: Sendable>(
        _ path: XMLPath, decoder: XMLRecordDecoder, make: @escaping @Sendable (XMLRecord) throws -> Value?
    ) -> ChunkWork {
        .selecting(
            path, builder: { XMLRecordNodesBuilder(context: XMLDecodingContext(decoder)) },
            make: { nodes, builder in try make(XMLRecord(nodes: nodes, context: builder.context)) })
    }

    /// The next selected element when the events parsed so far complete it; `nil` when more
    /// must be parsed first.
    @usableFromInline
    mutating func nextParsed() -> XMLRecord? {
        guard let tape = selector.tape, let nodes = selector.selection.nextParsed(in: tape) else { return nil }
        return record(nodes)
    }

    /// The next selected element, parsing on until one is complete, or the next tape's product
    /// when it is a `Product`.
    @usableFromInline
    nonisolated(nonsending) mutating func nextAfterParsing<Product>(orProduct: Product.Type) async throws
        -> XMLTapeFound<XMLRecord, Product>?
    {
        switch try await selector.next(orProduct: Product.self) {
        case .selection(let nodes): .selection(record(nodes))
        case .product(let product): .product(product)
        case nil: nil
        }
    }

    private func record(_ nodes: XMLRecordNodes) -> XMLRecord {
        XMLRecord(nodes: nodes, context: selector.selection.builder.context)
    }

    /// Lets the parse go: a record failed, and iteration ends.
    @usableFromInline
    mutating func end() {
        selector.end()
    }
}
