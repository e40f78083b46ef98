import Foundation
import XMLEventsInput

extension XMLEvents {
    /// The elements `path` selects, each decoded as the type its name calls for: one pass over a
    /// document that mixes several kinds of record.
    ///
    /// ```swift
    /// enum MapItem { case node(Node), way(Way) }
    ///
    /// let items = try XMLEvents(path: "map.osm").decode(matching: "/osm/(node|way)") { record -> MapItem? in
    ///     switch record.name.localName {
    ///     case "node": .node(try record.decode(Node.self))
    ///     case "way": .way(try record.decode(Way.self))
    ///     default: nil
    ///     }
    /// }
    /// for try await item in items { … }
    /// ```
    ///
    /// `choose` is called once for each selected element, with the element built for decoding
    /// as ``decode(_:matching:namespaces:using:)`` builds its records; what it returns is the
    /// sequence's next element, and `nil` skips the element. A record that does not decode is
    /// reported as ``XMLRecordDecodingError`` with its location; an error `choose` throws
    /// otherwise arrives as it is. Either ends iteration.
    ///
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    ///   - decoder: How to decode; see ``XMLRecordDecoder`` for how XML maps onto the types.
    ///   - choose: Decodes each selected element as the type its name calls for, or returns
    ///     `nil` to skip it.
    /// - Returns: The records.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    public func decode<Record>(
        matching path: String,
        namespaces: [String: String] = [:],
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) throws(XMLPathError) -> ChosenRecords<Record> {
        ChosenRecords(events: self, path: try XMLPath(path, namespaces: namespaces), decoder: decoder, choose: choose)
    }

    /// The elements `path` selects, each decoded as the type its name calls for.
    ///
    /// - Parameters:
    ///   - path: A path read already.
    ///   - decoder: How to decode.
    ///   - choose: Decodes each selected element, or returns `nil` to skip it.
    /// - Returns: The records.
    public func decode<Record>(
        matching path: XMLPath,
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) -> ChosenRecords<Record> {
        ChosenRecords(events: self, path: path, decoder: decoder, choose: choose)
    }

    /// The elements `path` selects, each decoded as the `Sendable` type its name calls for: by
    /// the workers that parse a big document made of records on several cores (see
    /// <doc:Performance>), as ``decode(matching:namespaces:using:_:)`` describes otherwise.
    ///
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    ///   - decoder: How to decode.
    ///   - choose: Decodes each selected element, or returns `nil` to skip it.
    /// - Returns: The records.
    /// - Throws: ``XMLPathError`` when `path` is not valid.
    @_documentation(visibility: internal)
    public func decode<Record: Sendable>(
        matching path: String,
        namespaces: [String: String] = [:],
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) throws(XMLPathError) -> ChosenRecords<Record> {
        ChosenRecords(events: self, path: try XMLPath(path, namespaces: namespaces), decoder: decoder, choose: choose)
    }

    /// The elements `path` selects, each decoded as the `Sendable` type its name calls for, by
    /// the workers that parse a big document made of records.
    ///
    /// - Parameters:
    ///   - path: A path read already.
    ///   - decoder: How to decode.
    ///   - choose: Decodes each selected element, or returns `nil` to skip it.
    /// - Returns: The records.
    @_documentation(visibility: internal)
    public func decode<Record: Sendable>(
        matching path: XMLPath,
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) -> ChosenRecords<Record> {
        ChosenRecords(events: self, path: path, decoder: decoder, choose: choose)
    }

    /// The elements of the document that an ``XMLPath`` selects, each decoded as the type its
    /// name calls for; made by ``XMLEvents/decode(matching:namespaces:using:_:)`` and
    /// ``XMLEvents/Subtrees/decode(using:_:)``.
    ///
    /// Each iterator parses the document anew from the source's beginning. It lets go of the
    /// source and the parser when the document ends or fails, when a record fails to decode or
    /// the choosing closure throws, and when the iterator itself is dropped.
    public struct ChosenRecords<Record>: AsyncSequence {
        /// Each element is what the choosing closure made of a selected element.
        public typealias Element = Record
        /// ``XMLRecordDecodingError`` for a record that does not decode, ``XMLParsingError`` for
        /// the document; the source's errors and the closure's own pass through unchanged.
        public typealias Failure = any Error

        let events: XMLEvents
        let path: XMLPath
        let decoder: XMLRecordDecoder
        let choose: @Sendable (XMLRecord) throws -> Record?
        /// Has the worker that parsed a chunk call `choose`, for a `Sendable` record.
        let work: ChunkWork?

        init(
            events: XMLEvents, path: XMLPath, decoder: XMLRecordDecoder,
            choose: @escaping @Sendable (XMLRecord) throws -> Record?
        ) {
            self.events = events
            self.path = path
            self.decoder = decoder
            self.choose = choose
            work = nil
        }

        init(
            events: XMLEvents, path: XMLPath, decoder: XMLRecordDecoder,
            choose: @escaping @Sendable (XMLRecord) throws -> Record?
        ) where Record: Sendable {
            self.events = events
            self.path = path
            self.decoder = decoder
            self.choose = choose
            work = XMLRecordReader<Source.AsyncIterator>.work(path, decoder: decoder, make: choose)
        }

        /// Starts parsing the document anew.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                reader: XMLRecordReader(path, feed: events.makeRecordFeed(work: work), decoder: decoder), choose: choose
            )
        }

        /// Parses until a selected element is complete and hands it to the choosing closure,
        /// converting names with a cache that lives as long as the iterator. On an actor, the
        /// document is parsed off it a batch at a time, and the records are built and decoded on
        /// it; `Sendable` records of a big document parsed on several cores are made by the cores
        /// that parse it (see <doc:Performance>).
        public struct Iterator: AsyncIteratorProtocol {
            @usableFromInline var reader: XMLRecordReader<Source.AsyncIterator>
            @usableFromInline let choose: @Sendable (XMLRecord) throws -> Record?
            /// The records a worker made, being handed out.
            @usableFromInline var built: ChunkValues<Record>.Reader?

            init(
                reader: XMLRecordReader<Source.AsyncIterator>, choose: @escaping @Sendable (XMLRecord) throws -> Record?
            ) {
                self.reader = reader
                self.choose = choose
            }

            /// The next record the closure made, or `nil` once the document has ended.
            ///
            /// Inlinable, so that a loop over the records makes no asynchronous call for a record
            /// the events parsed so far complete.
            ///
            /// - Throws: ``XMLRecordDecodingError`` for a record that does not decode; the
            ///   closure's own errors; the errors ``XMLEvents/Subtrees/Iterator/next()`` throws.
            ///   Each is thrown once; the next call returns `nil`.
            @inlinable
            public nonisolated(nonsending) mutating func next() async throws -> Record? {
                try await reader.next(&built, choose)
            }

            /// The next record the closure made, or `nil` once the document has ended, staying on
            /// the caller's actor.
            ///
            /// - Parameter actor: The caller's actor.
            /// - Throws: The errors ``next()`` throws.
            public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> Record? {
                try await next()
            }
        }
    }
}

extension XMLEvents.ChosenRecords: Sendable where Source: Sendable {}

extension XMLEvents.Subtrees {
    /// Each selected element decoded as the type its name calls for, in one pass (see
    /// ``XMLEvents/decode(matching:namespaces:using:_:)``).
    ///
    /// - Parameters:
    ///   - decoder: How to decode.
    ///   - choose: Decodes each selected element, or returns `nil` to skip it.
    /// - Returns: The records.
    public func decode<Record>(
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) -> XMLEvents<Source>.ChosenRecords<Record> {
        XMLEvents<Source>.ChosenRecords(events: events, path: path, decoder: decoder, choose: choose)
    }

    /// Each selected element decoded as the `Sendable` type its name calls for, by the workers
    /// that parse a big document made of records.
    ///
    /// - Parameters:
    ///   - decoder: How to decode.
    ///   - choose: Decodes each selected element, or returns `nil` to skip it.
    /// - Returns: The records.
    @_documentation(visibility: internal)
    public func decode<Record: Sendable>(
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) -> XMLEvents<Source>.ChosenRecords<Record> {
        XMLEvents<Source>.ChosenRecords(events: events, path: path, decoder: decoder, choose: choose)
    }
}
