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
        XMLDecodingSequence(base: self, decoder: decoder)
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

/// Subtrees decoded as `Record` values, one per subtree; made by
/// ``_Concurrency/AsyncSequence/decode(_:using:)`` and
/// ``_Concurrency/AsyncSequence/decode(_:matching:namespaces:using:)`` for any sequence of
/// subtrees or events (``XMLEvents`` decodes in its parser: ``XMLEvents/Records``).
///
/// The iterator holds the base's iterator and lets go of it when the base ends, when a record
/// fails to decode, and when the iterator itself is dropped (leaving a loop early).
public struct XMLDecodingSequence<Base: AsyncSequence, Record: Decodable>: AsyncSequence
where Base.Element == XMLSubtree {
    /// Each element is one decoded record.
    public typealias Element = Record
    /// ``XMLRecordDecodingError`` for a record that does not decode; the base's errors pass
    /// through unchanged.
    public typealias Failure = any Error

    @usableFromInline let base: Base
    @usableFromInline let decoder: XMLRecordDecoder

    @usableFromInline
    init(base: Base, decoder: XMLRecordDecoder) {
        self.base = base
        self.decoder = decoder
    }

    /// Starts iterating the base anew.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), builder: XMLRecordNodesBuilder(context: XMLDecodingContext(decoder)))
    }

    /// Decodes each subtree of the base as it arrives.
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable so that a client's loop is specialized for its base, as
        // ``XMLSubtreeSequence/Iterator`` is.
        @usableFromInline var base: Base.AsyncIterator?
        /// Builds each record into the storage of the one before, names converted with a cache
        /// that lives as long as the iterator.
        @usableFromInline var builder: XMLRecordNodesBuilder

        @usableFromInline
        init(base: Base.AsyncIterator, builder: XMLRecordNodesBuilder) {
            self.base = base
            self.builder = builder
        }

        /// The next record, or `nil` when the base has ended.
        ///
        /// - Throws: ``XMLRecordDecodingError`` for a subtree that does not decode, and the base's
        ///   errors unchanged; the base is released then, and later calls return `nil`.
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
            let element: XMLSubtree?
            do {
                element = try await base?.next(isolation: #isolation)
            } catch {
                base = nil
                throw error
            }
            guard let element else {
                base = nil
                return nil
            }
            do {
                return try builder.decode(Record.self, from: element)
            } catch {
                base = nil
                throw error
            }
        }
    }
}

extension XMLDecodingSequence: Sendable where Base: Sendable {}
