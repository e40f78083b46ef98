import Foundation

/// Which elements an ``XMLPath`` selects on the tapes of an ``EventTapeFeed``, each selected
/// element handed to a builder entry by entry: ``XMLEvents``' own selection, for which nothing
/// outside a selected element becomes an event, a string or an array at all.
///
/// Outside a selected element only the path stack moves. Inside one, every entry goes to the
/// builder and the path is not consulted, so an element nested in a selected element is part of
/// the outer selection and is not selected on its own (as ``XMLSubtreeSelector`` does for
/// events).
///
/// On an actor, the steps are parsed off it a batch at a time, and the selections built on it
/// (a record type's `Decodable` conformance may be isolated to the actor).
struct XMLTapeSelector<Source: AsyncIteratorProtocol, Builder: XMLTapeSelectionBuilder>
where Source.Element: ContiguousBytes {
    private var feed: EventTapeFeed<Source>
    private var cursor = EventTape.Cursor()
    private var matcher: XMLPathMatcher
    private var builder: Builder

    init(_ path: XMLPath, feed: EventTapeFeed<Source>, builder: Builder) {
        self.feed = feed
        matcher = XMLPathMatcher(path)
        self.builder = builder
    }

    /// The next selection, or `nil` at the end of the document.
    ///
    /// - Throws: The document's and the source's errors, after every selection completed before
    ///   them.
    nonisolated(nonsending) mutating func next() async throws -> Builder.Selection? {
        while true {
            if let selection = nextParsed() { return selection }
            guard try await feed.advance(readingOn: #isolation) else { return nil }
            cursor = EventTape.Cursor()
        }
    }

    /// The next selection when the events parsed so far complete it; `nil` when more must be
    /// parsed first (``next()``). Spares an asynchronous call for most selections.
    mutating func nextParsed() -> Builder.Selection? {
        let tape = feed.tape
        while true {
            if builder.isBuilding {
                guard let selection = builder.continueSelection(in: tape, cursor: &cursor) else { return nil }
                // The selected element's own entry leaves the path stack with it.
                matcher.leave()
                return selection
            }
            guard cursor.index < tape.count else { return nil }
            let entry = tape.columns.pointee.entries[cursor.index]
            cursor.index &+= 1
            switch entry.kind {
            case .startElement:
                let rows = cursor.takeStartTag(entry)
                if matcher.enter(entry.name.name) { builder.startSelection(entry, rows: rows, in: tape) }
            case .endElement:
                matcher.leave()
            case .text, .cdata, .comment, .processingInstruction, .startDocument, .doctype, .endDocument:
                break
            }
        }
    }
}

#if HTTP
    extension XMLTapeSelector where Source == XMLByteSource.Iterator {
        /// The head of the source's HTTP response (see `EventTapeFeed.response()`).
        mutating func response() async throws -> XMLHTTPResponse? {
            try await feed.response()
        }
    }
#endif
