/// What a reader has the worker that parsed a chunk of records build from the chunk's events,
/// so that the reader's own thread only hands the values out: the decoded records of
/// `decode(_:matching:)` and `decode(matching:_:)`, a visitor's per chunk.
///
/// The worker runs it on the chunk's tape, with the chunk's events only (the last chunk's include
/// the root's end) and their locations the document's, given the root element's name, and puts
/// what it returns on the tape as its ``EventTape/product``. It gives its thread back whenever the
/// parse's ``ParseTimeSlice``, which it is given, is over, as the parse does: building a chunk's
/// values takes longer than parsing it. It returns `nil` when the reader
/// must read the events itself: when the root element is selected, for one, since a selection
/// would then span every chunk.
///
/// The product is only used when the column the worker placed the chunk's first line at proves
/// right (see ``ChunkPlacer``); otherwise the events are read as any others, and give the same
/// values.
@usableFromInline
struct ChunkWork: Sendable {
    /// Builds the product of a chunk's tape, given the root's name and the parse's time slice.
    @usableFromInline typealias Build =
        @Sendable (_ tape: EventTape, _ root: XMLName, _ slice: inout ParseTimeSlice) async -> (
            any Sendable
        )?

    let build: Build

    @usableFromInline
    init(build: @escaping Build) {
        self.build = build
    }
}

/// The values a worker built from a chunk of records, and the error that ended them.
@usableFromInline
struct ChunkValues<Value> {
    @usableFromInline var values: [Value] = []
    @usableFromInline var error: (any Error)?

    @usableFromInline
    init(values: [Value] = [], error: (any Error)? = nil) {
        self.values = values
        self.error = error
    }

    /// Hands the values out one at a time, then the error.
    @usableFromInline
    struct Reader {
        private var values: IndexingIterator<[Value]>
        private var error: (any Error)?

        @usableFromInline
        init(_ chunk: ChunkValues) {
            values = chunk.values.makeIterator()
            error = chunk.error
        }

        /// The next value; `nil` once they are all handed out.
        ///
        /// - Throws: The error that ended them, once, after them.
        @usableFromInline
        mutating func next() throws -> Value? {
            if let value = values.next() { return value }
            if let error {
                self.error = nil
                throw error
            }
            return nil
        }
    }
}

extension ChunkValues: Sendable where Value: Sendable {}
