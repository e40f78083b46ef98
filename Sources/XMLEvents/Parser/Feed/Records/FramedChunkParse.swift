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
    let chunk: RecordChunk

    /// Parses `chunk` inside `frame`.
    init(_ chunk: RecordChunk, in frame: DocumentFrame, options: XMLParsingOptions) {
        self.chunk = chunk
        let driver = ParseDriver(options: options)
        var segments: [[UInt8]] = []
        if !chunk.isFirst { segments.append(frame.prefix) }
        segments.append(chunk.bytes)
        if !chunk.isLast { segments.append(frame.trailer) }
        let parsed = Self.feed(driver, segments)
        tape = parsed.tape
        error = parsed.error
        end = driver.position
        if error == nil {
            if !chunk.isFirst { tape.removeEntries(throughFirstStartElement: true) }
            if !chunk.isLast { tape.removeTrailingRootEnd() }
        }
    }

    /// Feeds `segments` to `driver` one after the other, in its canonical steps, every step's
    /// events kept on its tape; the last segment ends the input.
    static func feed(_ driver: ParseDriver, _ segments: [[UInt8]]) -> (tape: EventTape, error: XMLParsingError?) {
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            segment.withUnsafeBytes { bytes in
                var remaining = bytes
                repeat {
                    let taken = driver.parseStep(remaining, terminate: isLast, appending: true)
                    remaining = UnsafeRawBufferPointer(rebasing: remaining[taken...])
                } while !remaining.isEmpty && driver.error == nil
            }
            if driver.error != nil { break }
        }
        return (driver.tape, driver.error)
    }
}
