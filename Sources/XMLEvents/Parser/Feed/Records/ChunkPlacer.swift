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
    /// libxml2's column of the last character before the next chunk, once the chunk before it is
    /// placed: a chunk parser's first character follows the frame's prefix, one column after
    /// the prefix's last (``DocumentFrame/prefixEndColumn``), and the chunk's in the document
    /// one column after this.
    private var nextColumn: Int

    /// - Parameters:
    ///   - frame: The document's frame.
    ///   - column: libxml2's column where the first chunk to place starts (1 when that chunk
    ///     starts the document).
    init(frame: DocumentFrame, column: Int = 1) {
        self.frame = frame
        nextColumn = column - 1
    }

    /// The shift of a chunk that starts at `offset`, on `line`, after the chunks placed so far.
    func shift(offset: Int, line: Int) -> Shift {
        Shift(frame: frame, offset: offset, line: line, column: nextColumn)
    }

    /// Rewrites the locations on `parse`'s tape, and its error's, as the document's.
    mutating func place(_ parse: inout FramedChunkParse) {
        let chunk = parse.chunk
        guard !chunk.isFirst else {
            nextColumn = parse.end.column - frame.trailerColumns
            return
        }
        let shift = shift(offset: chunk.offset, line: chunk.line)
        parse.tape.placeLocations { location in
            (location.line, location.column, location.byteOffset) = shift.apply(
                line: location.line, column: location.column, byteOffset: location.byteOffset)
        }
        if let error = parse.error { parse.error = shift.apply(to: error) }
        let end = shift.apply(
            line: parse.end.line, column: parse.end.column - frame.trailerColumns, byteOffset: parse.end.byteOffset)
        nextColumn = end.column
    }

    /// From a chunk parser's positions to the document's.
    struct Shift: Sendable {
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

        /// `error`, at the document's position.
        func apply(to error: XMLParsingError) -> XMLParsingError {
            var placed = error
            (placed.line, placed.column, placed.byteOffset) = apply(
                line: error.line, column: error.column, byteOffset: error.byteOffset)
            return placed
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
