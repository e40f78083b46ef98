/// A run of a document's bytes that holds whole children of the root element (with the text,
/// comments and processing instructions between them), cut at ``RecordSplitter`` boundaries;
/// the first chunk starts with the document, the last ends with it.
struct RecordChunk: Sendable {
    /// The bytes.
    var bytes: [UInt8]
    /// Where they start in the document, and on which line (libxml2's count).
    var offset: Int
    var line: Int
    /// The column of the last character before them, as foreseen from the bytes before them in
    /// the count of ``ChunkPlacer``.
    var column = 0
    /// Whether the chunk starts the document (its prolog and root start tag included) or ends
    /// it (the root's end tag and what follows included).
    var isFirst: Bool
    var isLast: Bool

    /// The column at the end of `bytes`, in the count of ``ChunkPlacer``, when it was `column`
    /// at their start and is `lineStartColumn` at a line's start: one more per character since
    /// the last line feed. libxml2 counts a CDATA section's bytes instead, so a chunk whose first
    /// line ends in one is foreseen wrongly, which ``ChunkPlacer`` finds out.
    static func column(after bytes: ArraySlice<UInt8>, from column: Int, lineStartColumn: Int) -> Int {
        let lineStart = bytes.lastIndex(of: 0x0A).map { bytes.index(after: $0) }
        var characters = 0
        for byte in bytes[(lineStart ?? bytes.startIndex)...] where byte & 0xC0 != 0x80 { characters &+= 1 }
        return (lineStart == nil ? column : lineStartColumn) + characters
    }
}
