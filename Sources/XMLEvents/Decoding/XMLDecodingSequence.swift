extension AsyncSequence where Element == XMLSubtree {
    /// Each element decoded as a `Record`, one at a time.
    ///
    /// ```swift
    /// let records = try events.elements(matching: "record").decode(Record.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: How to decode; see ``XMLRecordDecoder`` for how XML maps onto the type.
    /// - Returns: The records; iteration throws ``XMLRecordDecodingError`` for an element that
    ///   does not decode (and then ends), and passes on the base's errors.
    @inlinable
    public func decode<Record: Decodable>(
        _ type: Record.Type,
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> XMLDecodingSequence<Self, Record> {
        XMLDecodingSequence(base: self, decoder: decoder, maker: XMLDecodingMaker<Record>())
    }
}

extension AsyncSequence where Element == XMLEvent {
    /// The elements `path` selects, each decoded as a `Record`: the streaming counterpart of
    /// decoding a whole document, in one line and in memory bounded by the largest record.
    ///
    /// ```swift
    /// for try await record in try XMLEvents(url: url).decode(Record.self, matching: "record") {
    ///     …
    /// }
    /// ```
    ///
    /// For any sequence of events (filtered, merged, made up): the records are built from its
    /// events, and errors carry no location. ``XMLEvents/decode(_:matching:namespaces:using:)``
    /// selects and builds the records in the parser instead.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    ///   - decoder: How to decode.
    /// - Returns: The records.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    @inlinable
    public func decode<Record: Decodable>(
        _ type: Record.Type,
        matching path: String,
        namespaces: [String: String] = [:],
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) throws(XMLPathError) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        try elements(matching: path, namespaces: namespaces).decode(type, using: decoder)
    }

    /// The elements `path` selects, each decoded as a `Record`.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - path: A path read already.
    ///   - decoder: How to decode.
    /// - Returns: The records.
    @inlinable
    public func decode<Record: Decodable>(
        _ type: Record.Type,
        matching path: XMLPath,
        using decoder: XMLRecordDecoder = XMLRecordDecoder()
    ) -> XMLDecodingSequence<XMLSubtreeSequence<Self>, Record> {
        elements(matching: path).decode(type, using: decoder)
    }
}

/// The records of a sequence of subtrees, one per subtree: each decoded as a `Record`, or as the
/// type its name calls for; made by ``XMLEvents/decode(_:matching:namespaces:using:)``,
/// ``XMLEvents/decode(matching:namespaces:using:_:)``, the same methods of an
/// ``XMLSubtreeSequence`` made from ``XMLEvents``, and, for any sequence of subtrees or events,
/// by ``_Concurrency/AsyncSequence/decode(_:using:)`` and
/// ``_Concurrency/AsyncSequence/decode(_:matching:namespaces:using:)``.
///
/// Made from ``XMLEvents``, the parser selects and builds each record for decoding, without
/// making it an event or a subtree, and a record that does not decode is reported with its
/// location. Made from any other sequence, each subtree is decoded as it arrives, and errors
/// carry the subtree's location, if any.
///
/// Each iterator starts the base anew (``XMLEvents`` parses the document from its source's
/// beginning). It lets go of the base's iterator, or of the source and the parser, when the base
/// ends or fails, when a record fails to decode or the choosing closure throws, and when the
/// iterator itself is dropped (leaving a loop early).
public struct XMLDecodingSequence<Base: AsyncSequence, Record>: AsyncSequence where Base.Element == XMLSubtree {
    /// Each element is one decoded record.
    public typealias Element = Record
    /// ``XMLRecordDecodingError`` for a record that does not decode; the base's errors and a
    /// choosing closure's own pass through unchanged (made from ``XMLEvents``,
    /// ``XMLParsingError`` for the document).
    public typealias Failure = any Error

    @usableFromInline let base: Base
    @usableFromInline let decoder: XMLRecordDecoder
    /// What each record becomes.
    @usableFromInline let maker: any XMLRecordMaker<Record>
    /// How the parser of an ``XMLEvents`` behind the base selects and builds the records on its
    /// own feed; `nil` when the base's subtrees are decoded.
    @usableFromInline let parser: (any XMLFeedSelection<Base, XMLRecord>)?

    @usableFromInline
    init(
        base: Base, decoder: XMLRecordDecoder, maker: any XMLRecordMaker<Record>,
        parser: (any XMLFeedSelection<Base, XMLRecord>)? = nil
    ) {
        self.base = base
        self.decoder = decoder
        self.maker = maker
        self.parser = parser
    }

    /// Starts iterating the base anew.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        if let parser { return Iterator(parsed: parser.start(base), maker: maker) }
        return Iterator(
            base: base.makeAsyncIterator(), builder: XMLRecordNodesBuilder(context: XMLDecodingContext(decoder)),
            maker: maker)
    }

    /// Decodes each subtree of the base as it arrives, or has the parser of an ``XMLEvents``
    /// parse until a selected element is complete and decodes it; either converts names with a
    /// cache that lives as long as the iterator. On an actor, that document is parsed off it a
    /// batch at a time, and the records are built and decoded on it (a type's `Decodable`
    /// conformance may be isolated to the actor); `Sendable` records of a big document parsed on
    /// several cores are made by the cores that parse it (see <doc:Performance>).
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable so that a client's loop is specialized for its base, as
        // ``XMLSubtreeSequence/Iterator`` is, and makes no asynchronous call for a record that
        // the events the parser parsed so far complete.

        @usableFromInline let maker: any XMLRecordMaker<Record>
        /// The parser's own records; `nil` when decoding the base's subtrees.
        @usableFromInline var parsed: XMLFeedValues<XMLRecord, Record>?
        /// Builds each subtree's record into the storage of the one before; `nil` for the
        /// parser's own records.
        @usableFromInline var builder: XMLRecordNodesBuilder?
        @usableFromInline var base: Base.AsyncIterator?

        @usableFromInline
        init(base: Base.AsyncIterator, builder: XMLRecordNodesBuilder, maker: any XMLRecordMaker<Record>) {
            self.base = base
            self.builder = builder
            self.maker = maker
        }

        @usableFromInline
        init(parsed: any XMLFeedSelecting<XMLRecord>, maker: any XMLRecordMaker<Record>) {
            self.parsed = XMLFeedValues(parsed)
            self.maker = maker
        }

        /// The next record, or `nil` when the base has ended.
        ///
        /// - Throws: ``XMLRecordDecodingError`` for a subtree that does not decode, a choosing
        ///   closure's own errors, and the base's errors unchanged (made from ``XMLEvents``:
        ///   ``XMLParsingError`` for the document, the source's errors, `CancellationError`);
        ///   the base is released then, and later calls return `nil`.
        @inlinable
        public nonisolated(nonsending) mutating func next() async throws -> Record? {
            try await next(isolation: #isolation)
        }

        /// The next record, or `nil` when the base has ended, staying on the caller's actor.
        ///
        /// Runs on the caller's executor (`nonisolated(nonsending)`), so no hop is paid per call.
        ///
        /// - Parameter actor: The caller's actor; the base is asked for events there.
        /// - Throws: The errors ``next()`` throws.
        @inlinable
        public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> Record? {
            let maker = maker
            if parsed != nil { return try await parsed?.next { try maker.make($0) } }
            return try await nextFromSubtrees()
        }

        /// The next record made of the base's subtrees.
        ///
        /// Never inlined into ``next(isolation:)``, as ``XMLSubtreeSequence/Iterator`` keeps its
        /// selection from events apart: the parser's records need none of its locals.
        @inlinable @inline(never)
        nonisolated(nonsending) mutating func nextFromSubtrees() async throws -> Record? {
            while true {
                let element: XMLSubtree?
                do {
                    element = try await base?.next(isolation: #isolation)
                } catch {
                    base = nil
                    throw error
                }
                guard let element, let record = builder?.record(of: element) else {
                    base = nil
                    return nil
                }
                do {
                    if let value = try maker.make(record) { return value }
                } catch {
                    base = nil
                    throw error
                }
            }
        }
    }
}

extension XMLDecodingSequence: Sendable where Base: Sendable {}
