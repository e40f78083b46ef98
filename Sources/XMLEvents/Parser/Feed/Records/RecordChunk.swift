/// A run of a document's bytes that holds whole children of the root element (with the text,
/// comments and processing instructions between them), cut at ``RecordSplitter`` boundaries;
/// the first chunk starts with the document, the last ends with it.
struct RecordChunk: Sendable {
    /// The bytes.
    var bytes: [UInt8]
    /// Where they start in the document, and on which line (libxml2's count).
    var offset: Int
    var line: Int
    /// Whether the chunk starts the document (its prolog and root start tag included) or ends
    /// it (the root's end tag and what follows included).
    var isFirst: Bool
    var isLast: Bool
}
