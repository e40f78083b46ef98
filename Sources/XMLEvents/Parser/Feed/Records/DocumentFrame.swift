/// What every chunk of records is parsed inside: the document's prolog and root start tag as
/// written (so that the XML declaration, the document type declaration and the root's namespace
/// declarations apply), and after the records the root's end tag; with the facts about that
/// frame that place a chunk's positions in the document.
///
/// A chunk's parser reports positions in its own input, the frame's prefix followed by the
/// chunk; the document's are those shifted by where the chunk starts, as ``place(_:at:)`` does.
struct DocumentFrame: Sendable {
    /// The document's bytes before its first record: the prolog and the root start tag.
    let prefix: [UInt8]
    /// The root's end tag, written after a chunk that does not end the document.
    let trailer: [UInt8]
    /// The line the prefix ends on, in libxml2's count.
    let prefixEndLine: Int
    /// libxml2's column just after the prefix: where the root start element is reported.
    let prefixEndColumn: Int
    /// How many columns libxml2 counts for the trailer.
    let trailerColumns: Int
    /// The column before a line's first character as ``ChunkPlacer`` counts (the column of the
    /// last character before a chunk): libxml2 reports a start element at its `>`, one column
    /// short of where it has read to, so 0.
    var lineStartColumn: Int {
        1 - (trailerColumns - trailer.count { $0 & 0xC0 != 0x80 })
    }

    /// The frame of a document whose prolog and root start tag are `prefix`, or `nil` when a
    /// parse of the prefix closed by the root's end tag does not give exactly the frame's events
    /// (a prefix the splitter misread, or that fails on its own).
    ///
    /// When the prefix declares general entities (`declaresEntities`), the frame exists only if
    /// no reference to one can break the expansion limits (see ``referencesStayWithinLimits``).
    init?(prefix: [UInt8], declaresEntities: Bool = false, options: XMLParsingOptions) {
        guard let name = DocumentFrame.rootName(in: prefix) else { return nil }
        self.prefix = prefix
        trailer = Array("</".utf8) + name + [UInt8(ascii: ">")]
        // The prefix closed at once: its root start element's location is the column after the
        // prefix, and the end of the input the column after the trailer.
        let driver = ParseDriver(options: options)
        let empty = FramedChunkParse.feed(driver, [prefix, trailer])
        guard empty.error == nil, let rootStart = empty.tape.locationOfFirstStartElement else { return nil }
        if declaresEntities {
            guard
                Self.referencesStayWithinLimits(
                    entities: driver.internalSubsetEntityNames, prefix: prefix, trailer: trailer,
                    charged: driver.amplifiedByteCount, options: options)
            else { return nil }
        }
        prefixEndLine = rootStart.line
        prefixEndColumn = rootStart.column
        let end = driver.position
        guard end.line == rootStart.line else { return nil }
        trailerColumns = end.column - rootStart.column
    }

    /// The qualified name of the root start tag at the end of `prefix`, as written.
    static func rootName(in prefix: [UInt8]) -> [UInt8]? {
        guard let open = prefix.lastIndex(of: UInt8(ascii: "<")) else { return nil }
        var end = open + 1
        while end < prefix.count {
            let byte = prefix[end]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2F || byte == 0x3E { break }
            end += 1
        }
        guard end > open + 1 else { return nil }
        return Array(prefix[(open + 1)..<end])
    }
}
