/// What a reader of a tape hands an element's entries to, from its start tag to its end: the
/// builders of ``XMLTapeSelector``'s selections and of the events' cursor.
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
