import Foundation
import XMLEventsInput

/// The selected elements of a parse, built for decoding one after the other and handed out as
/// ``XMLRecord``s: what the iterator of an ``XMLDecodingSequence`` made from ``XMLEvents``
/// reads, through ``XMLFeedSelecting``.
struct XMLRecordReader<Source: AsyncIteratorProtocol>: XMLFeedSelecting where Source.Element: ContiguousBytes {
    /// Its builder holds the decoding context; nothing else is stored, so that the selector's
    /// tape and selection are at fixed offsets (see ``XMLTapeSelector``).
    private var selector: XMLTapeSelector<Source, XMLRecordNodesBuilder>

    init(_ path: XMLPath, feed: EventTapeFeed<Source>, decoder: XMLRecordDecoder) {
        let builder = XMLRecordNodesBuilder(context: XMLDecodingContext(decoder))
        selector = XMLTapeSelector(path, feed: feed, builder: builder)
    }

    /// The next selected element when the events parsed so far complete it; `nil` when more
    /// must be parsed first.
    mutating func nextParsed() -> XMLRecord? {
        guard let tape = selector.tape, let nodes = selector.selection.nextParsed(in: tape) else { return nil }
        return record(nodes)
    }

    /// The next selected element, parsing on until one is complete, or the next tape's product
    /// when it is a `Product`.
    nonisolated(nonsending) mutating func next<Product>(orProduct: Product.Type) async throws
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
    mutating func end() {
        selector.end()
    }
}
