import Foundation

/// A sequence of events whose parser can select elements itself: ``XMLEvents``.
///
/// Selecting in the parser spares making, handing over and taking apart an event for every node
/// of the document, which is most of the work a selection over events does: the selected
/// subtrees are built straight from the parser's ``EventTape``, and nothing outside them becomes
/// a string or an array. ``XMLSubtreeSequence`` asks its base for this once, when iteration
/// starts, and ``XMLDecodingSequence`` asks for the records to decode, built leaner still.
@usableFromInline
protocol XMLSelectingEvents {
    /// The subtrees `path` selects, parsed anew from the source's beginning.
    func makeSubtreeIterator(selecting path: XMLPath) -> any XMLSubtreeIterator

    /// The elements `path` selects, parsed anew from the source's beginning, each built as an
    /// ``XMLRecordNodes`` and decoded with `context`.
    func makeRecordIterator(selecting path: XMLPath, context: XMLDecodingContext) -> any XMLRecordIterator
}

/// Hands out selected subtrees one at a time.
@usableFromInline
protocol XMLSubtreeIterator {
    /// The next selected subtree, or `nil` at the end of the document.
    ///
    /// - Throws: The document's and the source's errors, after every subtree completed before
    ///   them.
    nonisolated(nonsending) mutating func next() async throws -> XMLSubtree?
}

extension XMLEvents: XMLSelectingEvents {
    @usableFromInline
    func makeSubtreeIterator(selecting path: XMLPath) -> any XMLSubtreeIterator {
        XMLTapeSubtreeIterator(feed: makeFeed(), selector: XMLTapeSelector(path, builder: XMLTreeBuilder()))
    }

    @usableFromInline
    func makeRecordIterator(selecting path: XMLPath, context: XMLDecodingContext) -> any XMLRecordIterator {
        XMLTapeRecordIterator(
            feed: makeFeed(),
            selector: XMLTapeSelector(path, builder: XMLRecordNodesBuilder(context: context)), context: context)
    }
}

/// The subtrees a selector finds on the tapes of an ``EventTapeFeed``; on an actor, selected
/// and built off it, a batch at a time.
struct XMLTapeSubtreeIterator<Source: AsyncIteratorProtocol>: XMLSubtreeIterator
where Source.Element: ContiguousBytes {
    private var feed: EventTapeFeed<Source>
    private var reader: SubtreeBatchReader
    private var batch = TapeBatch<XMLSubtree>()

    init(feed: EventTapeFeed<Source>, selector: XMLTapeSelector<XMLTreeBuilder>) {
        self.feed = feed
        reader = SubtreeBatchReader(selector: selector)
    }

    nonisolated(nonsending) mutating func next() async throws -> XMLSubtree? {
        while true {
            if let subtree = batch.next() { return subtree }
            if let subtree = reader.next(in: feed.tape) { return subtree }
            guard try batch.continues() else { return nil }
            if feed.parsesOffActor(#isolation) {
                reader.subtrees = batch.takeStorage()
                let moved = await EventTapeFeed.parseBatch(TaskConfined((feed, reader)), appending: false)
                feed = moved.value.feed
                reader = moved.value.reader
                batch.fill(reader.subtrees, end: moved.value.end)
                reader.subtrees = []
            } else {
                guard try await feed.advance() else { return nil }
                reader.cursor = EventTape.Cursor()
            }
        }
    }
}

/// Selects and builds the subtrees of each step's tape, inline or in a batch off the reader's
/// actor.
struct SubtreeBatchReader: TapeBatchReader {
    var selector: XMLTapeSelector<XMLTreeBuilder>
    var cursor = EventTape.Cursor()
    /// The subtrees of a batch.
    var subtrees: [XMLSubtree] = []

    init(selector: XMLTapeSelector<XMLTreeBuilder>) {
        self.selector = selector
    }

    /// The next subtree completed on `tape`, read from the cursor on.
    mutating func next(in tape: EventTape) -> XMLSubtree? {
        selector.next(in: tape, cursor: &cursor)
    }

    mutating func read(_ tape: EventTape) {
        cursor = EventTape.Cursor()
        while let subtree = next(in: tape) { subtrees.append(subtree) }
    }

    var hasValues: Bool { !subtrees.isEmpty }

    /// A few large subtrees, or many small ones.
    var isFull: Bool { subtrees.count >= 1024 }
}
