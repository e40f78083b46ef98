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
    ) throws(XMLPathError) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: try XMLPath(path, namespaces: namespaces)).records(decoder, XMLDecodingMaker<Record>())
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
    ) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: path).records(decoder, XMLDecodingMaker<Record>())
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
    ) throws(XMLPathError) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: try XMLPath(path, namespaces: namespaces)).records(
            decoder, madeByWorkers: XMLDecodingMaker<Record>())
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
    ) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: path).records(decoder, madeByWorkers: XMLDecodingMaker<Record>())
    }

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
    ) throws(XMLPathError) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: try XMLPath(path, namespaces: namespaces)).records(decoder, XMLChoosingMaker(choose: choose))
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
    ) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: path).records(decoder, XMLChoosingMaker(choose: choose))
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
    ) throws(XMLPathError) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: try XMLPath(path, namespaces: namespaces)).records(
            decoder, madeByWorkers: XMLChoosingMaker(choose: choose))
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
    ) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: path).records(decoder, madeByWorkers: XMLChoosingMaker(choose: choose))
    }

    /// How the parser selects and builds the records of an ``XMLDecodingSequence`` made from
    /// the subtrees it selects.
    struct ParsedRecords: XMLFeedSelection {
        let decoder: XMLRecordDecoder
        /// Has the workers that parse a big document's chunks of records make the records.
        let work: ChunkWork?

        func start(_ subtrees: XMLSubtreeSequence<XMLEvents>) -> any XMLFeedSelecting<XMLRecord> {
            XMLRecordReader(subtrees.path, feed: subtrees.base.makeRecordFeed(work: work), decoder: decoder)
        }

        /// Has the workers that parse a big document's chunks of records make the values of their
        /// selected elements, as `maker` makes them here (see ``ChunkWork``).
        static func work<Value: Sendable>(
            _ path: XMLPath, decoder: XMLRecordDecoder, maker: any XMLRecordMaker<Value>
        ) -> ChunkWork {
            .selecting(
                path, builder: { XMLRecordNodesBuilder(context: XMLDecodingContext(decoder)) },
                make: { nodes, builder in try maker.make(XMLRecord(nodes: nodes, context: builder.context)) })
        }
    }
}

extension XMLSubtreeSequence {
    /// Each selected element decoded as a `Record`, one at a time: built by the parser for
    /// decoding, without becoming a subtree, when it selects these subtrees.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: How to decode; see ``XMLRecordDecoder`` for how XML maps onto the type.
    /// - Returns: The records; iteration throws ``XMLRecordDecodingError`` for an element
    ///   that does not decode (and then ends), and passes on the document's errors.
    public func decode<Record: Decodable, Source>(
        _ type: Record.Type, using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> XMLDecodingSequence<Self, Record> where Base == XMLEvents<Source> {
        records(decoder, XMLDecodingMaker<Record>())
    }

    /// Each selected element decoded as a `Sendable` `Record`, in the workers that parse a big
    /// document made of records.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: How to decode.
    /// - Returns: The records.
    @_documentation(visibility: internal)
    public func decode<Record: Decodable & Sendable, Source>(
        _ type: Record.Type, using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> XMLDecodingSequence<Self, Record> where Base == XMLEvents<Source> {
        records(decoder, madeByWorkers: XMLDecodingMaker<Record>())
    }

    /// Each selected element decoded as the type its name calls for, in one pass (see
    /// ``XMLEvents/decode(matching:namespaces:using:_:)``).
    ///
    /// - Parameters:
    ///   - decoder: How to decode.
    ///   - choose: Decodes each selected element, or returns `nil` to skip it.
    /// - Returns: The records.
    public func decode<Record, Source>(
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) -> XMLDecodingSequence<Self, Record> where Base == XMLEvents<Source> {
        records(decoder, XMLChoosingMaker(choose: choose))
    }

    /// Each selected element decoded as the `Sendable` type its name calls for, by the workers
    /// that parse a big document made of records.
    ///
    /// - Parameters:
    ///   - decoder: How to decode.
    ///   - choose: Decodes each selected element, or returns `nil` to skip it.
    /// - Returns: The records.
    @_documentation(visibility: internal)
    public func decode<Record: Sendable, Source>(
        using decoder: XMLRecordDecoder = XMLRecordDecoder(),
        _ choose: @escaping @Sendable (XMLRecord) throws -> Record?
    ) -> XMLDecodingSequence<Self, Record> where Base == XMLEvents<Source> {
        records(decoder, madeByWorkers: XMLChoosingMaker(choose: choose))
    }

    /// The records `maker` makes of the selected elements: built by the parser when it selects
    /// these subtrees, decoded from the subtrees otherwise.
    func records<Record, Source>(
        _ decoder: XMLRecordDecoder, _ maker: any XMLRecordMaker<Record>
    ) -> XMLDecodingSequence<Self, Record> where Base == XMLEvents<Source> {
        XMLDecodingSequence(
            base: self, decoder: decoder, maker: maker,
            parser: parser == nil ? nil : XMLEvents<Source>.ParsedRecords(decoder: decoder, work: nil))
    }

    /// The records `maker` makes of the selected elements, as ``records(_:_:)`` makes them, and
    /// made by the workers that parse a big document made of records.
    func records<Record: Sendable, Source>(
        _ decoder: XMLRecordDecoder, madeByWorkers maker: any XMLRecordMaker<Record>
    ) -> XMLDecodingSequence<Self, Record> where Base == XMLEvents<Source> {
        guard parser != nil else { return XMLDecodingSequence(base: self, decoder: decoder, maker: maker) }
        let work = XMLEvents<Source>.ParsedRecords.work(path, decoder: decoder, maker: maker)
        return XMLDecodingSequence(
            base: self, decoder: decoder, maker: maker,
            parser: XMLEvents<Source>.ParsedRecords(decoder: decoder, work: work))
    }
}
