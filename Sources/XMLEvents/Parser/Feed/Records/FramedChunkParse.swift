/// A chunk of records parsed by a parser of its own, inside the document's frame: the events of
/// the chunk alone on a tape of their own, placed in the document afterwards.
struct FramedChunkParse {
    /// The chunk's events, without the frame's: the prefix's (the document's start, the
    /// prolog, the root start element) for a chunk that does not start the document, the
    /// trailer's (the root's end element, the document's end) for one that does not end it.
    let tape: EventTape
    /// The error that ended the parse, in the chunk parser's positions until placed.
    var error: XMLParsingError?
    /// Where the chunk parser ended: after the trailer, or after the document.
    let end: (line: Int, column: Int, byteOffset: Int)
    /// How many elements were open when the parse ended.
    let openElements: Int
    let chunk: RecordChunk
    /// The column the tape's locations were placed at on the chunk's first line, when the
    /// worker placed them (for `work`); `nil` while they are the chunk parser's.
    var placedColumn: Int?

    /// Parses `chunk` inside `frame` onto `tape` (empty); when the parse succeeds and there is
    /// `work`, places the locations at the chunk's foreseen column and has `work` build the
    /// tape's product.
    ///
    /// The parse keeps the chunk's place, not its bytes: the reader's stage holds those until
    /// the parse is handed out, and then uses their storage again.
    init(
        _ chunk: RecordChunk, in frame: DocumentFrame, options: XMLParsingOptions, work: ChunkWork? = nil,
        tape: EventTape = EventTape()
    ) {
        var place = chunk
        place.bytes = []
        self.chunk = place
        let driver = ParseDriver(options: options, tape: tape)
        var segments: [[UInt8]] = []
        if !chunk.isFirst { segments.append(frame.prefix) }
        segments.append(chunk.bytes)
        if !chunk.isLast { segments.append(frame.trailer) }
        // The prefix's events are dropped: rewinding the tape when the chunk's bytes start costs
        // nothing, where removing them afterwards would move the whole tape. The driver holds
        // bytes until a step is whole, so the prefix is parsed first, alone (as the frame's
        // check parsed it); unless libxml2 has still not reported the root's start, the tape
        // is rewound.
        var root: XMLName?
        let parsed = Self.feed(driver, segments) { index in
            guard index == 1, !chunk.isFirst else { return false }
            driver.flush(appending: true)
            root = driver.tape.lastEntryStartElementName
            return root != nil
        }
        self.tape = parsed.tape
        error = parsed.error
        end = driver.position
        openElements = driver.openElementCount
        guard error == nil else { return }
        if !chunk.isFirst, root == nil {
            root = tape.firstStartElementName
            tape.removeEntries(throughFirstStartElement: true)
        }
        if !chunk.isLast { tape.removeTrailingRootEnd() }
        if let work, let root, !chunk.isFirst {
            let shift = ChunkPlacer.Shift(frame: frame, offset: chunk.offset, line: chunk.line, column: chunk.column)
            tape.placeLocations { location in
                (location.line, location.column, location.byteOffset) = shift.apply(
                    line: location.line, column: location.column, byteOffset: location.byteOffset)
            }
            placedColumn = chunk.column
            tape.product = work.build(tape, root)
        }
    }

    /// Feeds `segments` to `driver` one after the other, in its canonical steps, every step's
    /// events kept on its tape, but those before the segment for which `rewinds` (given the
    /// segment's index, before it is fed) says so; the last segment ends the input.
    static func feed(
        _ driver: ParseDriver, _ segments: [[UInt8]], rewinding rewinds: (Int) -> Bool = { _ in false }
    ) -> (tape: EventTape, error: XMLParsingError?) {
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            var appending = !rewinds(index)
            segment.withUnsafeBytes { bytes in
                var remaining = bytes
                repeat {
                    let taken = driver.parseStep(remaining, terminate: isLast, appending: appending)
                    appending = true
                    remaining = UnsafeRawBufferPointer(rebasing: remaining[taken...])
                } while !remaining.isEmpty && driver.error == nil
            }
            if driver.error != nil { break }
        }
        return (driver.tape, driver.error)
    }
}
