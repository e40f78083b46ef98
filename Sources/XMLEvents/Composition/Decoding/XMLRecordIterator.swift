import Foundation

/// Hands out the records a parser selects, decoded one at a time: what
/// ``XMLDecodingSequence`` iterates when its elements come straight from ``XMLEvents``.
@usableFromInline
protocol XMLRecordIterator {
    /// The next selected record decoded as `Record`, when the events parsed so far complete it;
    /// `nil` when more must be parsed first (``next(_:)``). Spares an asynchronous call for
    /// most records.
    ///
    /// - Throws: ``XMLRecordDecodingError`` for a record that does not decode.
    mutating func nextParsed<Record: Decodable>(_ type: Record.Type) throws -> Record?

    /// The next selected record decoded as `Record`, or `nil` at the end of the document.
    ///
    /// - Throws: ``XMLRecordDecodingError`` for a record that does not decode; the document's
    ///   and the source's errors, after every record completed before them.
    nonisolated(nonsending) mutating func next<Record: Decodable>(_ type: Record.Type) async throws -> Record?
}

/// A sequence of subtrees whose parser can select and build the records to decode itself:
/// ``XMLSubtreeSequence`` over ``XMLEvents``.
@usableFromInline
protocol XMLRecordSelecting {
    /// The records to decode with `context`, built by the base's parser; `nil` when the base
    /// does not select.
    func makeRecordIterator(context: XMLDecodingContext) -> (any XMLRecordIterator)?
}

extension XMLSubtreeSequence: XMLRecordSelecting {
    @usableFromInline
    func makeRecordIterator(context: XMLDecodingContext) -> (any XMLRecordIterator)? {
        guard let events = base as? any XMLSelectingEvents else { return nil }
        return events.makeRecordIterator(selecting: path, context: context)
    }
}

/// The records an ``XMLTapeSelector`` builds on the tapes of an ``EventTapeFeed``, each decoded
/// as soon as its end tag is read.
struct XMLTapeRecordIterator<Source: AsyncIteratorProtocol>: XMLRecordIterator where Source.Element: ContiguousBytes {
    private var feed: EventTapeFeed<Source>
    private var selector: XMLTapeSelector<XMLRecordNodesBuilder>
    private var cursor = EventTape.Cursor()
    private let context: XMLDecodingContext

    init(feed: EventTapeFeed<Source>, selector: XMLTapeSelector<XMLRecordNodesBuilder>, context: XMLDecodingContext) {
        self.feed = feed
        self.selector = selector
        self.context = context
    }

    mutating func nextParsed<Record: Decodable>(_ type: Record.Type) throws -> Record? {
        guard let nodes = selector.next(in: feed.tape, cursor: &cursor) else { return nil }
        return try context.decode(type, from: nodes)
    }

    /// On an actor, the steps are parsed off it a batch at a time, and the records selected and
    /// decoded on it (a type's `Decodable` conformance may be isolated to the actor).
    nonisolated(nonsending) mutating func next<Record: Decodable>(_ type: Record.Type) async throws -> Record? {
        while true {
            if let record = try nextParsed(type) { return record }
            guard try await feed.advance(readingOn: #isolation) else { return nil }
            cursor = EventTape.Cursor()
        }
    }
}
