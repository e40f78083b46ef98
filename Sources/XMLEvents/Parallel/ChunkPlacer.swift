/// Places the positions of chunk parses in the document, chunk after chunk in document order.
///
/// A chunk parser counts from the start of its frame's prefix, so its byte offsets and lines are
/// the document's shifted by where the chunk starts; on the chunk's first line its columns are
/// also shifted, by libxml2's column where the chunk starts. That column is not the count of
/// characters since the line's start (libxml2 counts a CDATA section's bytes, a text's
/// characters), so it is taken from the chunk before, whose parser ended after the trailer:
/// hence the order.
struct ChunkPlacer {
    let frame: DocumentFrame
    /// libxml2's column where the next chunk starts, once the chunk before it is placed.
    private var nextColumn = 1

    init(frame: DocumentFrame) {
        self.frame = frame
    }

    /// Rewrites the locations on `parse`'s tape, and its error's, as the document's.
    mutating func place(_ parse: inout FramedChunkParse) {
        let chunk = parse.chunk
        guard !chunk.isFirst else {
            nextColumn = parse.end.column - frame.trailerColumns
            return
        }
        let startColumn = nextColumn
        let shift = Shift(frame: frame, offset: chunk.offset, line: chunk.line, column: startColumn)
        parse.tape.placeLocations { location in
            (location.line, location.column, location.byteOffset) = shift.apply(
                line: location.line, column: location.column, byteOffset: location.byteOffset)
        }
        if var error = parse.error {
            (error.line, error.column, error.byteOffset) = shift.apply(
                line: error.line, column: error.column, byteOffset: error.byteOffset)
            parse.error = error
        }
        let end = shift.apply(
            line: parse.end.line, column: parse.end.column - frame.trailerColumns, byteOffset: parse.end.byteOffset)
        nextColumn = end.column
    }

    /// From a chunk parser's positions to the document's.
    struct Shift {
        let prefixLength: Int
        let prefixEndLine: Int
        let prefixEndColumn: Int
        let offset: Int
        let line: Int
        let column: Int

        init(frame: DocumentFrame, offset: Int, line: Int, column: Int) {
            prefixLength = frame.prefix.count
            prefixEndLine = frame.prefixEndLine
            prefixEndColumn = frame.prefixEndColumn
            self.offset = offset
            self.line = line
            self.column = column
        }

        func apply(line parsedLine: Int, column parsedColumn: Int, byteOffset parsedOffset: Int) -> (
            line: Int, column: Int, byteOffset: Int
        ) {
            let onFirstLine = parsedLine == prefixEndLine
            return (
                line: parsedLine - prefixEndLine + line,
                column: onFirstLine ? parsedColumn - prefixEndColumn + column : parsedColumn,
                byteOffset: parsedOffset - prefixLength + offset
            )
        }
    }
}
