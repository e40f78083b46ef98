/// Watches the first bytes of a document that the single parser is parsing, to tell whether and
/// where the rest can be parsed in chunks of records on other cores (see ``RecordsParse``).
///
/// It scans the bytes as they pass (``RecordSplitter``), keeps the prolog and root start tag,
/// and once ``switchThreshold`` bytes have passed, names a boundary in the chunk at hand where
/// the single parser stops: a document that ends before then, that declares attribute defaults
/// or parameter entities in its internal subset, or general entities a reference to which could
/// approach the expansion limits, whose prolog is unusually long or whose frame does not parse
/// alone stays with the single parser, as does one with no boundary soon after.
@usableFromInline
struct RecordLookout {
    /// How many bytes the single parser parses before the switch: smaller documents gain nothing
    /// from more cores.
    static let switchThreshold = 1 << 20
    /// A prolog and root start tag longer than this keep the single parser (each chunk parser
    /// would parse them again).
    static let maximumPrefixLength = 64 << 10
    /// With no boundary this far past the threshold, the document is not made of records.
    static let boundaryWindow = 8 << 20

    /// What to do with the chunk at hand.
    enum Decision {
        /// Parse it with the single parser, and show the lookout the next.
        case watch
        /// Parse it with the single parser; the lookout has no more to say.
        case stay
        /// Parse its bytes up to `cut` with the single parser, then end the single parse at that
        /// boundary and parse the rest in chunks; the lookout's splitter has scanned the chunk's
        /// first `scanned` bytes.
        case switchAt(cut: Int, scanned: Int, frame: DocumentFrame, boundary: RecordSplitter.Boundary)
    }

    private var splitter = RecordSplitter()
    private var prefix: [UInt8] = []
    private var seen = 0
    private let options: XMLParsingOptions
    /// The frame of the chunks that a single parse took over from for a long record: they take
    /// over again at the first boundary after it.
    private var rejoinFrame: DocumentFrame?

    init(options: XMLParsingOptions) {
        self.options = options
    }

    /// Watches the bytes after those a single parse took over from the chunks of records with,
    /// for a record too long for a chunk (see ``RecordsParse``): `splitter` has scanned the
    /// document up to `offset`, and the chunks, in `frame`, take over again where the next
    /// record ends.
    init(rejoining splitter: RecordSplitter, at offset: Int, frame: DocumentFrame, options: XMLParsingOptions) {
        self.options = options
        self.splitter = splitter
        seen = offset
        rejoinFrame = frame
    }

    /// Whether `options` allow a document to be parsed in chunks at all.
    static func allows(_ options: XMLParsingOptions) -> Bool {
        options.parallelism.workerCount > 1 && !options.parsesAsBytesArrive && options.externalEntityResolver == nil
    }

    /// Looks at the next chunk, `bytes`, a slice of ``RecordsParse/sliceByteCount`` at a time:
    /// the switch comes at the first boundary it may, so that a source's chunk of megabytes is
    /// not left to the single parser.
    mutating func look(at bytes: UnsafeRawBufferPointer) -> Decision {
        var sliceStart = 0
        repeat {
            let sliceEnd = Swift.min(bytes.count, sliceStart + RecordsParse.sliceByteCount)
            let decision = look(atSlice: UnsafeRawBufferPointer(rebasing: bytes[sliceStart..<sliceEnd]))
            switch decision {
            case .watch where sliceEnd < bytes.count:
                sliceStart = sliceEnd
            case .switchAt(let cut, let scanned, let frame, let boundary):
                return .switchAt(cut: cut + sliceStart, scanned: scanned + sliceStart, frame: frame, boundary: boundary)
            case .watch, .stay:
                return decision
            }
        } while true
    }

    /// Looks at the next slice of a chunk; a switch's `cut` and `scanned` count from the slice's
    /// start.
    private mutating func look(atSlice bytes: UnsafeRawBufferPointer) -> Decision {
        splitter.scan(bytes)
        let start = seen
        seen += bytes.count
        if let frame = rejoinFrame {
            if splitter.refusal != nil { return .stay }
            guard let boundary = splitter.lastBoundary else { return .watch }
            return .switchAt(cut: boundary.offset - start, scanned: bytes.count, frame: frame, boundary: boundary)
        }
        if splitter.rootStartTagEnd == nil || prefix.count < (splitter.rootStartTagEnd ?? 0) {
            let wanted = (splitter.rootStartTagEnd ?? .max) - start
            prefix.append(contentsOf: bytes.prefix(Swift.max(0, wanted)))
            if prefix.count > Self.maximumPrefixLength { return .stay }
        }
        if splitter.refusal != nil { return .stay }
        guard seen >= Self.switchThreshold else { return .watch }
        guard let rootStartTagEnd = splitter.rootStartTagEnd, prefix.count == rootStartTagEnd else { return .stay }
        // The last boundary in this chunk that is not the root's end: the single parser stops
        // there, and the chunks start.
        guard let boundary = splitter.lastBoundary else {
            return seen - bytes.count > Self.switchThreshold + Self.boundaryWindow ? .stay : .watch
        }
        guard Self.isUTF8(prefix, options: options),
            let frame = DocumentFrame(prefix: prefix, declaresEntities: splitter.declaresEntities, options: options)
        else { return .stay }
        return .switchAt(cut: boundary.offset - start, scanned: bytes.count, frame: frame, boundary: boundary)
    }

    /// The splitter, to go on scanning from where the lookout stopped.
    var handedOverSplitter: RecordSplitter { splitter }

    /// Whether the document is UTF-8 (or ASCII): the bytes a chunk parser gets are read as the
    /// prefix says, and only UTF-8 is read the same from any boundary on.
    static func isUTF8(_ prefix: [UInt8], options: XMLParsingOptions) -> Bool {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
        guard let first = prefix.first,
            first == UInt8(ascii: "<") || first == 0x20 || first == 0x09 || first == 0x0A
                || first == 0x0D
        else { return false }
        if options.ignoresEncodingDeclaration { return true }
        // The XML declaration's encoding, if it names one.
        guard prefix.starts(with: Array("<?xml".utf8)), let end = prefix.firstIndex(of: UInt8(ascii: ">")) else {
            return true
        }
        let declaration = String(decoding: prefix[..<end], as: UTF8.self).lowercased()
        guard let range = declaration.range(of: "encoding") else { return true }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first else { return false }
        let name = rest.dropFirst().prefix { $0 != quote }
        return ["utf-8", "utf8", "us-ascii", "ascii"].contains(String(name))
    }
}
