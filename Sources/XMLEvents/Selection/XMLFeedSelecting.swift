/// The selection that the parser of an ``XMLEvents`` makes on its own feed, with the type of the
/// feed's source erased: what ``XMLSubtreeSequence`` and ``XMLDecodingSequence`` read when they
/// were made from ``XMLEvents``, whose iterators name the events' sequence but not its source.
///
/// ``XMLTapeSelector`` selects subtrees, and ``XMLRecordReader`` records. The iterators call it
/// once for each selection they hand out, never for each event.
@usableFromInline
protocol XMLFeedSelecting<Selection> {
    /// What one selected element becomes.
    associatedtype Selection

    /// The next selection when the events parsed so far complete it; `nil` when more must be
    /// parsed first (or the parse was let go). Spares an asynchronous call for most selections.
    mutating func nextParsed() -> Selection?

    /// The next selection, parsing on until one is complete, or the next tape's product when it
    /// is a `Product`; `nil` at the end of the document. Lets go of the parse at the end and at
    /// an error, after which it returns `nil`.
    nonisolated(nonsending) mutating func next<Product>(orProduct: Product.Type) async throws
        -> XMLTapeFound<Selection, Product>?

    /// Lets go of the feed, the source and the parser: iteration ends.
    mutating func end()
}

/// The values that a sequence made from ``XMLEvents`` hands out: what its `make` makes of each
/// selection of the parser's own, or the values that the workers that parse a big document's
/// chunks of records made so.
///
/// Generic over the selection and the value, not over the feed's source: a client's loop
/// specializes it for its types, and calls the selection (unspecialized for the source) once
/// for each selection, through ``XMLFeedSelecting``.
@usableFromInline
struct XMLFeedValues<Selection, Value> {
    @usableFromInline var selecting: any XMLFeedSelecting<Selection>
    /// The values a worker made, being handed out.
    @usableFromInline var built: ChunkValues<Value>.Reader?

    @usableFromInline
    init(_ selecting: any XMLFeedSelecting<Selection>) {
        self.selecting = selecting
    }

    /// What `make` makes of the next selected element that it does not skip (returning `nil`),
    /// or the next value a worker made; `nil` once the document has ended. Lets the parse go at
    /// the end and at an error, `make`'s included.
    ///
    /// Inlinable, with ``XMLFeedSelecting/nextParsed()`` first: most selections are complete on
    /// the tape already, and a loop over them then makes no asynchronous call for them.
    @inlinable
    nonisolated(nonsending) mutating func next(_ make: (Selection) throws -> Value?) async throws -> Value? {
        do {
            while true {
                if built != nil, let value = try built?.next() { return value }
                let selection: Selection
                if let parsed = selecting.nextParsed() {
                    selection = parsed
                } else {
                    switch try await selecting.next(orProduct: ChunkValues<Value>.self) {
                    case .selection(let parsed):
                        selection = parsed
                    case .product(let chunk):
                        built = ChunkValues.Reader(chunk)
                        continue
                    case nil:
                        return nil
                    }
                }
                if let value = try make(selection) { return value }
            }
        } catch {
            selecting.end()
            throw error
        }
    }
}

/// How a sequence made from an ``XMLEvents`` (its `Base`) starts the parser's own selection:
/// kept by the sequence, which is generic over its base and cannot name the events' source. A
/// value rather than a closure: a `Sendable` closure would capture the source's metatype, which
/// is not `Sendable` for a source that is not.
@usableFromInline
protocol XMLFeedSelection<Base, Selection>: Sendable {
    /// The sequence the selection is made from.
    associatedtype Base
    /// What one selected element becomes.
    associatedtype Selection

    /// Starts parsing `base`'s document anew from its source's beginning.
    func start(_ base: Base) -> any XMLFeedSelecting<Selection>
}
