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
    /// The root element's name, when the locations were placed: what the chunk's work is given.
    private var placedRoot: XMLName?
    /// The document's offset where the parser's first step after the prefix ended.
    private(set) var firstStepEnd: Int?
    /// The document's offset where the single parser's step after the chunk's bytes ends, as
    /// this parser planned it once it had taken them: where the next chunk's first step is to
    /// end (see ``ParseDriver/alignSteps(toDocumentOffset:nextStepEnd:)``).
    private(set) var nextStepEnd: Int?

    /// Parses `chunk` inside `frame` onto `tape` (empty); when the parse succeeds and there is
    /// `work`, places the locations at the chunk's foreseen column and has `work` build the
    /// tape's product. The first step after the prefix ends at `firstStepEnd`, when the chunk
    /// before has told it, or where the document's steps of ``ParseDriver/stepSize`` end.
    ///
    /// The parse gives its thread back whenever a ``ParseTimeSlice`` is over, as a single parse
    /// does: a chunk is milliseconds of work, and several documents parsed at once would
    /// otherwise hold the pool's threads from timers and other tasks for the length of their
    /// chunks in flight. It keeps the chunk's place, not its bytes: the reader's stage holds
    /// those until the parse is handed out, and then uses their storage again.
    static func parse(
        _ chunk: RecordChunk, in frame: DocumentFrame, options: XMLParsingOptions, work: ChunkWork? = nil,
        tape: EventTape = EventTape(), firstStepEnd: Int? = nil
    ) async -> FramedChunkParse {
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
        var steps: (first: Int?, next: Int?) = (nil, nil)
        let chunkIndex = chunk.isFirst ? 0 : 1
        let rewinds = { (index: Int) -> Bool in
            if index == chunkIndex + 1 { steps.next = driver.nextStepEnd }
            guard index == 1, !chunk.isFirst else { return false }
            driver.flush(appending: true)
            driver.alignSteps(toDocumentOffset: chunk.offset, nextStepEnd: firstStepEnd)
            steps.first = driver.nextStepEnd
            root = driver.tape.lastEntryStartElementName
            return root != nil
        }
        var progress = FeedProgress()
        var slice = ParseTimeSlice()
        while !feed(driver, segments, progress: &progress, rewinding: rewinds, until: { slice.isOver() }) {
            await slice.yieldIfOver()
        }
        var parse = FramedChunkParse(chunk, parsedBy: driver, root: root, in: frame, placing: work != nil)
        (parse.firstStepEnd, parse.nextStepEnd) = steps
        if let work, let root = parse.placedRoot {
            parse.tape.product = await work.build(parse.tape, root, &slice)
        }
        return parse
    }

    /// The parse of `chunk` that `driver` made, whose root element (when the chunk does not
    /// start the document) is `root` if the prefix alone reported it; when `placing`, and the
    /// parse succeeded, with the locations placed at the chunk's foreseen column.
    private init(
        _ chunk: RecordChunk, parsedBy driver: ParseDriver, root: XMLName?, in frame: DocumentFrame, placing: Bool
    ) {
        var place = chunk
        place.bytes = []
        self.chunk = place
        tape = driver.tape
        error = driver.error
        end = driver.position
        openElements = driver.openElementCount
        guard error == nil else { return }
        var root = root
        if !chunk.isFirst, root == nil {
            root = tape.firstStartElementName
            tape.removeEntries(throughFirstStartElement: true)
        }
        if !chunk.isLast { tape.removeTrailingRootEnd() }
        if placing, let root, !chunk.isFirst {
            let shift = ChunkPlacer.Shift(frame: frame, offset: chunk.offset, line: chunk.line, column: chunk.column)
            tape.placeLocations { location in
                (location.line, location.column, location.byteOffset) = shift.apply(
                    line: location.line, column: location.column, byteOffset: location.byteOffset)
            }
            placedColumn = chunk.column
            placedRoot = root
        }
    }

    /// How far ``feed(_:_:progress:rewinding:until:)`` has fed its segments.
    struct FeedProgress {
        var segment = 0
        var offset = 0
        var startsSegment = true
    }

    /// Feeds `segments` to `driver` one after the other, in its canonical steps, every step's
    /// events kept on its tape, but those before the segment for which `rewinds` (given the
    /// segment's index, before it is fed) says so; the last segment ends the input.
    static func feed(
        _ driver: ParseDriver, _ segments: [[UInt8]], rewinding rewinds: (Int) -> Bool = { _ in false }
    ) -> (tape: EventTape, error: XMLParsingError?) {
        var progress = FeedProgress()
        _ = feed(driver, segments, progress: &progress, rewinding: rewinds, until: { false })
        return (driver.tape, driver.error)
    }

    /// Feeds `segments` from `progress` on, as ``feed(_:_:rewinding:)`` does, until they are
    /// fed or the driver fails (`true`), or until `isOver`, asked after each step that leaves
    /// bytes to feed, says to stop for now (`false`).
    static func feed(
        _ driver: ParseDriver, _ segments: [[UInt8]], progress: inout FeedProgress, rewinding rewinds: (Int) -> Bool,
        until isOver: () -> Bool
    ) -> Bool {
        while progress.segment < segments.count {
            let index = progress.segment
            let segment = segments[index]
            let isLast = index == segments.count - 1
            var appending = true
            if progress.startsSegment {
                appending = !rewinds(index)
                progress.startsSegment = false
            }
            repeat {
                let offset = progress.offset
                let taken = segment.withUnsafeBytes { bytes in
                    driver.parseStep(
                        UnsafeRawBufferPointer(rebasing: bytes[offset...]), terminate: isLast, appending: appending)
                }
                appending = true
                progress.offset += taken
                if driver.error != nil { return true }
                if progress.offset < segment.count, isOver() { return false }
            } while progress.offset < segment.count
            progress = FeedProgress(segment: index + 1)
        }
        return true
    }
}
