import Foundation
import XMLEventsInput

/// Which elements an ``XMLPath`` selects on the tapes of an ``EventTapeFeed``, each selected
/// element handed to a builder entry by entry: ``XMLEvents``' own selection, for which nothing
/// outside a selected element becomes an event, a string or an array at all.
///
/// An ``XMLPathWalker`` decides what is selected, as it does for ``XMLSubtreeSelector``; every
/// entry of a selected element goes to the builder.
///
/// On an actor, the steps are parsed off it a batch at a time, and the selections built on it
/// (a record type's `Decodable` conformance may be isolated to the actor).
///
/// The state read for every selection (``selection`` and ``tape``) comes before the feed, whose
/// layout depends on `Source`: a caller generic over the source reads it at fixed offsets,
/// without looking up the type's metadata, and ``XMLTapeSelection/nextParsed(in:)`` is
/// specialized for the caller's builder.
struct XMLTapeSelector<Source: AsyncIteratorProtocol, Builder: XMLTapeSelectionBuilder>
where Source.Element: ContiguousBytes {
    var selection: XMLTapeSelection<Builder>
    /// The feed's tape; `nil` once the selector let go of the feed. Taken again after each
    /// advance: a feed that starts parsing ahead reads another tape from then on.
    private(set) var tape: EventTape?
    private var feed: EventTapeFeed<Source>?

    init(_ path: XMLPath, feed: EventTapeFeed<Source>, builder: Builder) {
        selection = XMLTapeSelection(path, builder: builder)
        tape = feed.tape
        self.feed = feed
    }

    /// The next selection, or the next tape's product when it is a `Product`; `nil` at the end
    /// of the document. Lets go of the feed at the end and at an error, after which it returns
    /// `nil`.
    ///
    /// A tape with a product holds whole records and no open selection at its start or end, so
    /// the selection skips its events and goes on from where it was.
    ///
    /// - Throws: The document's and the source's errors, after every selection completed before
    ///   them.
    nonisolated(nonsending) mutating func next<Product>(orProduct _: Product.Type) async throws
        -> XMLTapeFound<Builder.Selection, Product>?
    {
        do {
            while tape != nil {
                if let selection = selectionOnTape() { return .selection(selection) }
                // Read: let go of the tape, so that the feed, holding it alone, can give it to
                // the parser of a later chunk of records.
                tape = nil
                guard try await feed?.advance(readingOn: #isolation) == true else { break }
                self.tape = feed?.tape
                selection.rewind()
                if let tape = self.tape, let product = tape.product as? Product {
                    selection.skipEvents(of: tape)
                    return .product(product)
                }
            }
            end()
            return nil
        } catch {
            end()
            throw error
        }
    }

    /// The next selection on the tape at hand, if it holds one.
    private mutating func selectionOnTape() -> Builder.Selection? {
        guard let tape else { return nil }
        return selection.nextParsed(in: tape)
    }

    /// Lets go of the feed, the source and the parser; ``next(orProduct:)`` returns `nil` from
    /// then on.
    mutating func end() {
        feed = nil
        tape = nil
    }
}

/// The subtrees that ``XMLEvents``' parser selects, for ``XMLSubtreeSequence``.
extension XMLTapeSelector: XMLFeedSelecting where Builder == XMLTreeBuilder {
    /// The next subtree when the events parsed so far complete it; `nil` when more must be
    /// parsed first, or once the selector let go of the feed. Written for the tree builder, so
    /// that the walk over the tape is specialized for it while the source stays generic.
    mutating func nextParsed() -> XMLSubtree? {
        guard let tape else { return nil }
        return selection.nextParsed(in: tape)
    }
}

/// What a selector found next.
@usableFromInline
enum XMLTapeFound<Selection, Product> {
    case selection(Selection)
    /// The values a worker built from the chunk of records that the tape holds (see
    /// ``ChunkWork``), in place of the selections on it.
    case product(Product)
}

/// The part of a selector that reads tapes: where on the tape it is, the path, and the builder.
struct XMLTapeSelection<Builder: XMLTapeSelectionBuilder> {
    private var cursor = EventTape.Cursor()
    private var walker: XMLPathWalker
    private(set) var builder: Builder

    init(_ path: XMLPath, builder: Builder) {
        walker = XMLPathWalker(path)
        self.builder = builder
    }

    /// Starts over on a tape that was refilled.
    mutating func rewind() {
        cursor = EventTape.Cursor()
    }

    /// Starts a chunk of records inside the root element `root`: returns whether the path
    /// selects the root.
    mutating func enterRoot(_ root: XMLName) -> Bool {
        walker.start(root) == .selected
    }

    /// Leaves `tape`'s events unread: a worker built what they select.
    mutating func skipEvents(of tape: EventTape) {
        cursor.index = tape.count
    }

    /// The next selection when the events of `tape` parsed so far complete it; `nil` when more
    /// must be parsed first. Spares an asynchronous call for most selections.
    mutating func nextParsed(in tape: EventTape) -> Builder.Selection? {
        while true {
            if builder.isBuilding { return builder.continueSelection(in: tape, cursor: &cursor) }
            guard cursor.index < tape.count else { return nil }
            let entry = tape.columns.pointee.entries[cursor.index]
            cursor.index &+= 1
            switch entry.kind {
            case .startElement:
                let rows = cursor.takeStartTag(entry)
                if walker.start(entry.name.name) == .selected { builder.startSelection(entry, rows: rows, in: tape) }
            case .endElement:
                walker.end()
            case .text, .cdata, .comment, .processingInstruction, .skippedEntity, .startDocument, .doctype,
                .endDocument:
                break
            }
        }
    }
}
