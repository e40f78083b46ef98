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
    /// Where the single parser's step that crosses the next chunk's start ends, as the parser
    /// before it planned it, when it told: where the next chunk's parser is to end its first
    /// step (see ``ParseDriver/alignSteps(toDocumentOffset:nextStepEnd:)``).
    private(set) var nextStepEnd: Int?

    /// - Parameters:
    ///   - frame: The document's frame.
    ///   - column: libxml2's column where the first chunk to place starts (1 when that chunk
    ///     starts the document).
    ///   - nextStepEnd: Where the first chunk's parser is to end its first step, as the single
    ///     parser before it planned.
    init(frame: DocumentFrame, column: Int = 1, nextStepEnd: Int? = nil) {
        self.frame = frame
        nextColumn = column - 1
        self.nextStepEnd = nextStepEnd
    }

    /// Whether `parse` made its first step end where the single parser's does, as far as the
    /// parse before it tells: when not, text runs in its first steps may be cut in other pieces
    /// than the single parser's, and located otherwise.
    func stepsAgree(with parse: FramedChunkParse) -> Bool {
        guard let expected = nextStepEnd, !parse.chunk.isFirst else { return true }
        return parse.firstStepEnd == expected
    }

    /// The shift of a chunk that starts at `offset`, on `line`, after the chunks placed so far.
    func shift(offset: Int, line: Int) -> Shift {
        Shift(frame: frame, offset: offset, line: line, column: nextColumn)
    }

    /// Rewrites the locations on `parse`'s tape, and its error's, as the document's.
    mutating func place(_ parse: inout FramedChunkParse) {
        let chunk = parse.chunk
        nextStepEnd = parse.nextStepEnd
        guard !chunk.isFirst else {
            nextColumn = parse.end.column - frame.trailerColumns
            return
        }
        let shift = shift(offset: chunk.offset, line: chunk.line)
        if let placedColumn = parse.placedColumn {
            // Placed by the worker at the foreseen column: right unless libxml2 counted the
            // line's start otherwise. Then the first line's columns move, and the product built
            // from the wrong ones goes: the reader reads the events.
            if placedColumn != nextColumn {
                let delta = nextColumn - placedColumn
                parse.tape.product = nil
                parse.tape.placeLocations { location in
                    if location.line == chunk.line { location.column += delta }
                }
            }
        } else {
            parse.tape.placeLocations { location in
                (location.line, location.column, location.byteOffset) = shift.apply(
                    line: location.line, column: location.column, byteOffset: location.byteOffset)
            }
        }
        if let error = parse.error { parse.error = shift.apply(to: error, openElements: parse.openElements) }
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

        /// `error`, at the document's position, when the parser that reported it had
        /// `openElements` elements open.
        ///
        /// libxml2 names the line where an element starts in three messages, of an element not
        /// closed (also quoted in a truncated document's message) or closed by another's end tag
        /// (where the innermost open element is named) and of a start tag not finished (the one
        /// being read): a line the chunk parser counted, placed too unless the element is the
        /// root, whose start tag is the document's own.
        func apply(to error: XMLParsingError, openElements: Int) -> XMLParsingError {
            var placed = error
            (placed.line, placed.column, placed.byteOffset) = apply(
                line: error.line, column: error.column, byteOffset: error.byteOffset)
            let namesTheRoot: Bool
            switch error.code {
            case .tagNameMismatch, .truncated, Self.tagNotFinished: namesTheRoot = openElements <= 1
            case .greaterThanRequired: namesTheRoot = openElements == 0
            default: return placed
            }
            guard !namesTheRoot else { return placed }
            placed.message = Self.replacingLine(in: error.message) { $0 - prefixEndLine + line }
            return placed
        }

        /// libxml2's `XML_ERR_TAG_NOT_FINISHED`: "Premature end of data in tag … line …".
        static let tagNotFinished = XMLParsingError.Code(rawValue: 77)

        /// `message` with the number after its first `line ` replaced by `place` of it.
        static func replacingLine(in message: String, _ place: (Int) -> Int) -> String {
            guard let word = message.range(of: "line ") else { return message }
            let digits = message[word.upperBound...].prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits) else { return message }
            return message.replacingCharacters(
                in: word.upperBound..<digits.endIndex, with: String(place(number)))
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
