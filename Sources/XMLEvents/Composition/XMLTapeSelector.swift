/// Which elements an ``XMLPath`` selects on the parser's ``EventTape``, each selected element
/// handed to a builder entry by entry: ``XMLEvents``' own selection, for which nothing outside a
/// selected element becomes an event, a string or an array at all.
///
/// Outside a selected element only the path stack moves. Inside one, every entry goes to the
/// builder and the path is not consulted, so an element nested in a selected element is part of
/// the outer selection and is not selected on its own (as ``XMLSubtreeSelector`` does for
/// events).
struct XMLTapeSelector<Builder: XMLTapeSelectionBuilder> {
    private var matcher: XMLPathMatcher
    private var builder: Builder

    init(_ path: XMLPath, builder: Builder) {
        matcher = XMLPathMatcher(path)
        self.builder = builder
    }

    /// Reads `tape` from `cursor` until a selected element ends; returns what the builder made
    /// of it, or `nil` once every entry was read.
    mutating func next(in tape: EventTape, cursor: inout EventTape.Cursor) -> Builder.Selection? {
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

/// What an ``XMLTapeSelector`` hands a selected element's entries to.
protocol XMLTapeSelectionBuilder {
    /// What one selected element becomes.
    associatedtype Selection

    /// Whether a selected element is open: the entries that follow belong to it.
    var isBuilding: Bool { get }

    /// A selected element starts; `rows` are its rows of the tape's tables.
    mutating func startSelection(_ entry: EventTape.Entry, rows: EventTape.StartTagRows, in tape: EventTape)

    /// Reads the entries of `tape` from `cursor` into the open selected element until it ends,
    /// and returns it; `nil` when every entry was read before its end.
    mutating func continueSelection(in tape: EventTape, cursor: inout EventTape.Cursor) -> Selection?
}
