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

/// The subtrees a selector finds on the tapes of an ``EventTapeFeed``.
struct XMLTapeSubtreeIterator<Source: AsyncIteratorProtocol>: XMLSubtreeIterator
where Source.Element: ContiguousBytes {
    private var feed: EventTapeFeed<Source>
    private var selector: XMLTapeSelector<XMLTreeBuilder>
    private var cursor = EventTape.Cursor()

    init(feed: EventTapeFeed<Source>, selector: XMLTapeSelector<XMLTreeBuilder>) {
        self.feed = feed
        self.selector = selector
    }

    /// On an actor, the steps are parsed off it a batch at a time, and the subtrees built on it.
    nonisolated(nonsending) mutating func next() async throws -> XMLSubtree? {
        while true {
            if let subtree = selector.next(in: feed.tape, cursor: &cursor) { return subtree }
            guard try await feed.advance(readingOn: #isolation) else { return nil }
            cursor = EventTape.Cursor()
        }
    }
}
