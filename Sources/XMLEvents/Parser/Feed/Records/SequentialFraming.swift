/// What a single parse that goes on from a chunk's start, inside the document's frame, does to
/// each step's tape: drops the frame's events (the document's start, the prolog, the root start
/// element), and places the positions in the document (``ChunkPlacer/Shift``).
@usableFromInline
struct SequentialFraming {
    let shift: ChunkPlacer.Shift
    /// Whether the root start element of the frame is still to come.
    private var inPrefix = true
    /// The location rows of the tape already placed, when steps are appended to it.
    private var placedLocations = 0
    private var placedEventLocations = 0

    init(shift: ChunkPlacer.Shift) {
        self.shift = shift
    }

    /// Frames the events the last step put on `tape`; `appending` when it kept the events
    /// of the steps before.
    mutating func frame(_ tape: EventTape, appending: Bool) {
        if !appending {
            placedLocations = 0
            placedEventLocations = 0
        }
        if inPrefix {
            // Every row on the tape is the prefix's until the root start element is dropped.
            inPrefix = !tape.removeEntries(throughFirstStartElement: true)
            if inPrefix { tape.removeAll(keepingBytesFrom: .max) }
            placedLocations = 0
            placedEventLocations = 0
        }
        let shift = shift
        tape.placeLocations(from: placedLocations, eventLocationsFrom: placedEventLocations) { location in
            (location.line, location.column, location.byteOffset) = shift.apply(
                line: location.line, column: location.column, byteOffset: location.byteOffset)
        }
        placedLocations = tape.columns.pointee.locations.count
        placedEventLocations = tape.columns.pointee.eventLocations.count
    }

    /// `error` at the document's position.
    func place(_ error: XMLParsingError?) -> XMLParsingError? {
        error.map { shift.apply(to: $0) }
    }
}
