internal import CTapeRecorder

/// Finds, as a document's bytes stream past, where each child of the root element ends: the
/// places where the document can be cut into chunks of whole records, each parsed by a parser of
/// its own inside the document's prolog and root start tag.
///
/// It reads the structure XML gives every document, not the markup's meaning: it knows where
/// markup starts (`<`), where a comment, a CDATA section, a processing instruction, a document
/// type declaration or a tag ends, that `<` and `>` inside quoted attribute values and inside
/// those constructs are not markup, and how deep the elements nest. It does not check that the
/// document is well-formed: the parsers do that. Whatever it gets wrong about a malformed
/// document shows as a parser's error in the chunk it cut (see ``Boundary``).
///
/// The scan is incremental (``scan(_:)`` takes the bytes in pieces of any size, its state carried
/// from one to the next) and cheap: text, tags and quoted values are read from bitmaps of 64
/// bytes at a time, comments, CDATA sections and processing instructions skipped sixteen bytes at
/// a time to the byte that can end them.
struct RecordSplitter {
    /// A place just after a child of the root element ends, where a chunk of whole records can
    /// end and the next begin.
    struct Boundary: Equatable {
        /// The offset of the byte after the child's last `>`.
        var offset: Int
        /// The 1-based line that byte is on, as libxml2 counts lines: one more than the `\n`
        /// bytes before it (a `\r\n` ends one line; a lone `\r`, which XML reads as a line end,
        /// ends none in libxml2's count, whose positions are the ones reported).
        var line: Int
    }

    /// Why a document is not cut into records.
    enum Refusal: Equatable {
        /// The document type declaration's internal subset declares attribute defaults or a
        /// parameter entity, or refers to one: what they add to elements and where they are
        /// charged to the expansion limits is left to the single parser.
        case internalSubsetDeclarations
        /// The root element is empty (`<root/>`): there are no records.
        case emptyRoot
    }

    /// Where the scan is: what the next byte means.
    private enum Mode: Equatable {
        /// Character data, or white space in the prolog or after the root: until `<`.
        case text
        /// Just after `<`.
        case markupStart
        /// After `<!`, matching a comment's `--`, `[CDATA[` or `DOCTYPE`: how many bytes of
        /// `<!` matched so far, and of which.
        case declarationStart(matched: Int)
        case comment(dashes: Int)
        case cdata(brackets: Int)
        case processingInstruction(questionMark: Bool)
        /// In a start tag, outside quotes; `slash`: the last byte was `/` (an empty-element tag
        /// if `>` follows).
        case startTag(slash: Bool)
        case quoted(UInt8)
        case endTag
        /// In the document type declaration; `subsetDepth` is 1 inside `[ … ]`.
        case doctype(subsetDepth: Int, quote: UInt8?)
        /// A markup declaration inside the internal subset (`<!ENTITY …>`, `<!-- … -->`, …):
        /// `matched` bytes of `<!` or `<!--` matched, `kind` once known.
        case subsetMarkup(matched: Int, kind: SubsetMarkup)
    }

    private enum SubsetMarkup: Equatable {
        case undecided
        case comment(dashes: Int)
        case processingInstruction(questionMark: Bool)
        case declaration(quote: UInt8?)
    }

    private var mode = Mode.text
    /// Open elements: 1 inside the root.
    private var depth = 0
    /// The bytes scanned before the piece at hand.
    private var scanned = 0
    /// The `\n` bytes counted before `counted`.
    private var lineEnds = 0
    private var counted = 0
    /// Bytes of the keyword being matched after `<!` in the internal subset (`ENTITY`, `ATTLIST`).
    private var keyword: [UInt8] = []

    /// The offset of the root start tag's `<`, once seen.
    private(set) var rootStart: Int?
    /// The offset of the byte after the root start tag's `>`, once seen: the prolog and the root
    /// start tag, as written, are the bytes before it.
    private(set) var rootStartTagEnd: Int?
    /// The offset of the byte after the root end tag's `>`, once seen.
    private(set) var rootEnd: Int?
    /// Why the document is not to be cut, once known.
    private(set) var refusal: Refusal?
    /// Whether the internal subset declares general entities: a chunk's parser reads their
    /// declarations in the frame, but the document is cut only if no reference to one can
    /// approach the expansion limits (see ``DocumentFrame``).
    private(set) var declaresEntities = false

    /// The offsets of the boundaries found by the last call to ``scan(_:)``, in document order:
    /// the bytes after the children of the root that ended in the piece it scanned.
    private(set) var boundaryOffsets: [Int] = []
    /// The last of them, with its line: where a chunk of whole records can end.
    private(set) var lastBoundary: Boundary?

    /// Scans the next bytes of the document, after those of the earlier calls;
    /// ``boundaryOffsets`` and ``lastBoundary`` then tell the boundaries that fall in them.
    ///
    /// The markup that records are made of (tags and their quoted values) is read from four
    /// bitmaps of each 64 bytes (`<`, `>`, `"`, `'`): the scan jumps from one byte that can
    /// change its state to the next. Comments, CDATA sections, processing instructions and the
    /// document type declaration, rarer, are read as before, a byte or a run at a time.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        boundaryOffsets.removeAll(keepingCapacity: true)
        lastBoundary = nil
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let count = bytes.count
        var block = Block()
        var index = 0
        while index < count {
            switch mode {
            case .text:
                if depth > 0, rootEnd == nil {
                    let after = wholeTags(from: index, in: base, count: count)
                    if after > index {
                        index = after
                        continue
                    }
                }
                index = block.next(.markupStart, from: index, in: base, count: count)
                guard index < count else { break }
                index += 1
                guard index < count else {
                    mode = .markupStart
                    break
                }
                let byte = base[index]
                if byte == 0x2F {  // '/'
                    index = endTag(from: index + 1, block: &block, in: base, count: count)
                } else if byte == 0x21 || byte == 0x3F || depth == 0 {
                    // A declaration, a PI, or markup outside the root: the byte-wise path.
                    mode = .markupStart
                } else {
                    index = startTag(slash: false, from: index + 1, block: &block, in: base, count: count)
                }
            case .markupStart:
                let byte = base[index]
                switch byte {
                case 0x2F:  // '/'
                    mode = .endTag
                case 0x21:  // '!'
                    mode = .declarationStart(matched: 0)
                case 0x3F:  // '?'
                    mode = .processingInstruction(questionMark: false)
                default:
                    if depth == 0, rootStart == nil { rootStart = scanned + index - 1 }
                    mode = .startTag(slash: false)
                }
                index += 1
            case .declarationStart(let matched):
                index = declarationStart(matched: matched, base[index], at: index)
            case .comment(var dashes):
                // Ends at `-->`: skip to the next `-`.
                if dashes == 0 {
                    index = Self.firstIndex(of: 0x2D, in: base, from: index, to: count)
                    if index == count { break }
                }
                let byte = base[index]
                if byte == 0x2D {
                    dashes = Swift.min(dashes + 1, 2)
                } else if byte == 0x3E, dashes == 2 {
                    mode = .text
                    index += 1
                    continue
                } else {
                    dashes = 0
                }
                mode = .comment(dashes: dashes)
                index += 1
            case .cdata(var brackets):
                if brackets == 0 {
                    index = Self.firstIndex(of: 0x5D, in: base, from: index, to: count)
                    if index == count { break }
                }
                let byte = base[index]
                if byte == 0x5D {
                    brackets = Swift.min(brackets + 1, 2)
                } else if byte == 0x3E, brackets == 2 {
                    mode = .text
                    index += 1
                    continue
                } else {
                    brackets = 0
                }
                mode = .cdata(brackets: brackets)
                index += 1
            case .processingInstruction(let questionMark):
                if !questionMark {
                    index = Self.firstIndex(of: 0x3F, in: base, from: index, to: count)
                    if index == count { break }
                }
                let byte = base[index]
                if byte == 0x3E, questionMark {
                    mode = .text
                } else {
                    mode = .processingInstruction(questionMark: byte == 0x3F)
                }
                index += 1
            case .startTag(let slash):
                index = startTag(slash: slash, from: index, block: &block, in: base, count: count)
            case .quoted(let quote):
                index = block.next(quote == 0x22 ? .doubleQuote : .singleQuote, from: index, in: base, count: count)
                if index < count {
                    index = startTag(slash: false, from: index + 1, block: &block, in: base, count: count)
                }
            case .endTag:
                index = endTag(from: index, block: &block, in: base, count: count)
            case .doctype(let subsetDepth, let quote):
                index = doctype(subsetDepth: subsetDepth, quote: quote, base[index], at: index)
            case .subsetMarkup(let matched, let kind):
                index = subsetMarkup(matched: matched, kind: kind, base[index], at: index)
            }
        }
        if let last = boundaryOffsets.last {
            countLineEnds(base, from: counted - scanned, to: last - scanned)
            lastBoundary = Boundary(offset: last, line: lineEnds + 1)
        }
        if counted < scanned + count { countLineEnds(base, from: counted - scanned, to: count) }
        scanned += count
    }

    /// Reads, inside the root and from `index` in character data, the tags that are plain, 64
    /// bytes at a time from their bitmaps: in each window of 64 bytes from where the last ended,
    /// the tags that end in it, as long as each `<` is closed by the next `>` before any other `<`
    /// or `>` (so no value holds a `>`, and no `>` stands in character data) and none is a
    /// comment, a CDATA section, a processing instruction or the root's end tag. Returns the
    /// index after the last tag read, in character data, or `index` when there is none (the
    /// byte-wise path then reads the next tag).
    ///
    /// Records are mostly such tags, and this reads one in a few instructions where the
    /// byte-wise path costs tens of nanoseconds: the splitter runs on the reader's thread,
    /// beside the workers, so what it costs is taken from the parsing.
    @inline(__always)
    private mutating func wholeTags(from index: Int, in base: UnsafePointer<UInt8>, count: Int) -> Int {
        var depth = self.depth
        var after = index
        windows: while after &+ 64 <= count {
            let start = after
            let bits = xmlevents_structural_bits_of(base + start)
            guard bits.greater_than != 0 else { break }
            // The tags wholly in the window end at its last `>`.
            let last = 63 - bits.greater_than.leadingZeroBitCount
            var opening = bits.less_than & (last == 63 ? ~0 : (1 &<< UInt64(last + 1)) &- 1)
            var closing = bits.greater_than
            // Each `<` must be followed by a `>` before the next `<`: their marks alternate, `<`
            // first, so the parity of the marks up to each `<` is odd and up to each `>` even.
            var parity = opening | closing
            parity ^= parity &<< 1
            parity ^= parity &<< 2
            parity ^= parity &<< 4
            parity ^= parity &<< 8
            parity ^= parity &<< 16
            parity ^= parity &<< 32
            guard opening != 0, opening & ~parity == 0, closing & parity == 0 else { break }
            while opening != 0 {
                let open = start &+ opening.trailingZeroBitCount
                let close = start &+ closing.trailingZeroBitCount
                switch base[open &+ 1] {
                case 0x2F:  // '/': an end tag; the root's is left to the byte-wise path.
                    guard depth > 1 else { break windows }
                    depth &-= 1
                    if depth == 1 { boundaryOffsets.append(scanned &+ close &+ 1) }
                case 0x21, 0x3F:  // '!' or '?'
                    break windows
                default:
                    if base[close &- 1] == 0x2F {
                        // An empty element.
                        if depth == 1 { boundaryOffsets.append(scanned &+ close &+ 1) }
                    } else {
                        depth &+= 1
                    }
                }
                after = close &+ 1
                opening &= opening &- 1
                closing &= closing &- 1
            }
        }
        self.depth = depth
        return after
    }

    /// Reads a start tag from `index`, after its `<` and whatever of it was read before
    /// (`slash`: whether the byte before `index` is a `/`), through its quoted values, to its
    /// `>`; the index after the part read.
    @inline(__always)
    private mutating func startTag(
        slash: Bool, from index: Int, block: inout Block, in base: UnsafePointer<UInt8>, count: Int
    ) -> Int {
        var index = index
        var slash = slash
        // Most tags hold no `>` in a value: then the first `>` with no single quote and an even
        // number of double quotes before it ends the tag, found from the bitmaps alone. Looked
        // for once: when that fails, the rest of the tag is read value by value, for looking
        // again from each value would read the rest of a long tag once per attribute (a
        // megabyte tag of 100,000 attributes in one piece took 15 s).
        let end = block.nextTagEnd(from: index, in: base, count: count)
        if end.index < count, end.singleQuotes == 0, end.doubleQuotes & 1 == 0 {
            return startTagEnded(at: end.index, slash: end.index > index ? base[end.index - 1] == 0x2F : slash)
        }
        while true {
            // Otherwise from one byte that matters to the next: `>`, a quote, the closing quote.
            let found = block.next(.inTag, from: index, in: base, count: count)
            if found > index { slash = base[found - 1] == 0x2F }
            guard found < count else {
                mode = .startTag(slash: slash)
                return count
            }
            let byte = base[found]
            if byte == 0x3E { return startTagEnded(at: found, slash: slash) }
            // A quoted value: to its closing quote.
            let closing = block.next(
                byte == 0x22 ? .doubleQuote : .singleQuote, from: found + 1, in: base, count: count)
            guard closing < count else {
                mode = .quoted(byte)
                return count
            }
            index = closing + 1
            slash = false
        }
    }

    /// A start tag ends with the `>` at `index` (`slash`: after a `/`); the index after it.
    @inline(__always)
    private mutating func startTagEnded(at index: Int, slash: Bool) -> Int {
        if slash {
            // An empty element: it starts and ends here.
            if depth == 0 { refuseEmptyRoot(at: index) } else { elementEnded(at: index) }
        } else {
            depth += 1
            if depth == 1 { rootStartTagEnd = scanned + index + 1 }
        }
        mode = .text
        return index + 1
    }

    /// Reads an end tag from `index`, after its `</`, to its `>`; the index after the part read.
    @inline(__always)
    private mutating func endTag(from index: Int, block: inout Block, in base: UnsafePointer<UInt8>, count: Int)
        -> Int
    {
        let found = block.next(.tagEnd, from: index, in: base, count: count)
        guard found < count else {
            mode = .endTag
            return count
        }
        depth -= 1
        elementEnded(at: found)
        mode = .text
        return found + 1
    }

    /// The bytes that can change the scan's state, one bitmap each, for 64 bytes of the piece.
    private struct Block {
        /// The piece's index of the block's first byte.
        var start = -64
        var lessThan: UInt64 = 0
        var greaterThan: UInt64 = 0
        var doubleQuote: UInt64 = 0
        var singleQuote: UInt64 = 0

        enum Wanted {
            case markupStart, tagEnd, inTag, doubleQuote, singleQuote
        }

        /// The first index from `index` before `count` of a byte that `wanted` names, or `count`.
        @inline(__always)
        mutating func next(_ wanted: Wanted, from index: Int, in base: UnsafePointer<UInt8>, count: Int) -> Int {
            var index = index
            while index < count {
                // Another block, ahead or (after a look ahead for a tag's end) behind.
                if UInt(bitPattern: index &- start) >= 64 { load(at: index & ~63, in: base, count: count) }
                let bits: UInt64
                switch wanted {
                case .markupStart: bits = lessThan
                case .tagEnd: bits = greaterThan
                case .inTag: bits = greaterThan | doubleQuote | singleQuote
                case .doubleQuote: bits = doubleQuote
                case .singleQuote: bits = singleQuote
                }
                let ahead = bits & (~0 &<< UInt64(index - start))
                if ahead != 0 { return start + ahead.trailingZeroBitCount }
                index = start + 64
            }
            return count
        }

        /// The first `>` from `index` (or `count`), and how many quotes of each kind are
        /// before it from `index` on.
        @inline(__always)
        mutating func nextTagEnd(
            from index: Int, in base: UnsafePointer<UInt8>, count: Int
        ) -> (index: Int, doubleQuotes: Int, singleQuotes: Int) {
            var index = index
            var doubleQuotes = 0
            var singleQuotes = 0
            while index < count {
                // Another block, ahead or (after a look ahead for a tag's end) behind.
                if UInt(bitPattern: index &- start) >= 64 { load(at: index & ~63, in: base, count: count) }
                var from: UInt64 = ~0 &<< UInt64(index - start)
                let ahead = greaterThan & from
                if ahead != 0 {
                    // The bits from `index` up to the `>`.
                    from &= (ahead & (0 &- ahead)) &- 1
                    doubleQuotes &+= (doubleQuote & from).nonzeroBitCount
                    singleQuotes &+= (singleQuote & from).nonzeroBitCount
                    return (start + ahead.trailingZeroBitCount, doubleQuotes, singleQuotes)
                }
                doubleQuotes &+= (doubleQuote & from).nonzeroBitCount
                singleQuotes &+= (singleQuote & from).nonzeroBitCount
                index = start + 64
            }
            return (count, doubleQuotes, singleQuotes)
        }

        @inline(__always)
        private mutating func load(at start: Int, in base: UnsafePointer<UInt8>, count: Int) {
            self.start = start
            lessThan = 0
            greaterThan = 0
            doubleQuote = 0
            singleQuote = 0
            if start + 64 <= count {
                let bits = xmlevents_structural_bits_of(base + start)
                lessThan = bits.less_than
                greaterThan = bits.greater_than
                doubleQuote = bits.double_quote
                singleQuote = bits.single_quote
            } else {
                for index in start..<count {
                    let bit: UInt64 = 1 &<< UInt64(index - start)
                    switch base[index] {
                    case 0x3C: lessThan |= bit
                    case 0x3E: greaterThan |= bit
                    case 0x22: doubleQuote |= bit
                    case 0x27: singleQuote |= bit
                    default: break
                    }
                }
            }
        }
    }

    /// An element's end tag (or empty-element tag) ends with the `>` at `index` of the piece;
    /// `depth` is already the depth after it.
    @inline(__always)
    private mutating func elementEnded(at index: Int) {
        if depth == 1, rootEnd == nil {
            boundaryOffsets.append(scanned + index + 1)
        } else if depth == 0, rootEnd == nil {
            rootEnd = scanned + index + 1
        }
    }

    private mutating func refuseEmptyRoot(at index: Int) {
        rootStartTagEnd = scanned + index + 1
        rootEnd = rootStartTagEnd
        if refusal == nil { refusal = .emptyRoot }
    }

    private static let commentOpening: [UInt8] = [0x2D, 0x2D]
    private static let cdataOpening = Array("[CDATA[".utf8)
    private static let doctypeOpening = Array("DOCTYPE".utf8)
    private static let entityKeyword = Array("ENTITY".utf8)
    private static let attributeListKeyword = Array("ATTLIST".utf8)

    private mutating func declarationStart(matched: Int, _ byte: UInt8, at index: Int) -> Int {
        // `--` opens a comment, `[CDATA[` a CDATA section, `DOCTYPE` the declaration; their
        // first bytes differ, so the first byte picks one and the rest must follow it.
        let opening: [UInt8]
        if matched == 0 {
            switch byte {
            case 0x2D: opening = Self.commentOpening
            case 0x5B: opening = Self.cdataOpening
            case 0x44: opening = Self.doctypeOpening
            default:
                // Not markup the scan knows: a parser will report it; scan on as text.
                mode = .text
                return index
            }
        } else {
            opening = openingInProgress
        }
        guard opening[matched] == byte else {
            mode = .text
            return index
        }
        if matched + 1 < opening.count {
            openingInProgress = opening
            mode = .declarationStart(matched: matched + 1)
        } else if opening == Self.commentOpening {
            mode = .comment(dashes: 0)
        } else if opening == Self.cdataOpening {
            mode = .cdata(brackets: 0)
        } else {
            mode = .doctype(subsetDepth: 0, quote: nil)
        }
        return index + 1
    }

    /// The opening being matched after `<!`.
    private var openingInProgress: [UInt8] = []

    private mutating func doctype(subsetDepth: Int, quote: UInt8?, _ byte: UInt8, at index: Int) -> Int {
        if let quote {
            if byte == quote { mode = .doctype(subsetDepth: subsetDepth, quote: nil) }
            return index + 1
        }
        switch byte {
        case 0x22, 0x27:
            mode = .doctype(subsetDepth: subsetDepth, quote: byte)
        case 0x5B where subsetDepth == 0:  // '['
            mode = .doctype(subsetDepth: 1, quote: nil)
        case 0x5D where subsetDepth == 1:  // ']'
            mode = .doctype(subsetDepth: 0, quote: nil)
        case 0x3C where subsetDepth == 1:  // '<' of a markup declaration, comment or PI
            mode = .subsetMarkup(matched: 1, kind: .undecided)
            keyword.removeAll(keepingCapacity: true)
        case 0x25 where subsetDepth == 1:  // '%': a parameter entity reference
            refusal = .internalSubsetDeclarations
        case 0x3E where subsetDepth == 0:
            mode = .text
        default:
            break
        }
        return index + 1
    }

    private mutating func subsetMarkup(matched: Int, kind: SubsetMarkup, _ byte: UInt8, at index: Int) -> Int {
        switch kind {
        case .undecided:
            if matched == 1 {
                if byte == 0x3F {
                    mode = .subsetMarkup(matched: 2, kind: .processingInstruction(questionMark: false))
                } else if byte == 0x21 {
                    mode = .subsetMarkup(matched: 2, kind: .undecided)
                } else {
                    // Not a declaration: the parser will say so.
                    mode = .doctype(subsetDepth: 1, quote: nil)
                }
            } else if matched == 2, byte == 0x2D {
                mode = .subsetMarkup(matched: 3, kind: .undecided)
            } else if matched == 3 {
                mode = .subsetMarkup(matched: 4, kind: byte == 0x2D ? .comment(dashes: 0) : .declaration(quote: nil))
            } else {
                // `<!NAME …`: which declaration it is shows in its keyword.
                keyword.append(byte)
                mode = .subsetMarkup(matched: matched + 1, kind: .declaration(quote: nil))
            }
        case .comment(var dashes):
            if byte == 0x2D {
                dashes = Swift.min(dashes + 1, 2)
            } else if byte == 0x3E, dashes == 2 {
                mode = .doctype(subsetDepth: 1, quote: nil)
                return index + 1
            } else {
                dashes = 0
            }
            mode = .subsetMarkup(matched: matched, kind: .comment(dashes: dashes))
        case .processingInstruction(let questionMark):
            if byte == 0x3E, questionMark {
                mode = .doctype(subsetDepth: 1, quote: nil)
            } else {
                mode = .subsetMarkup(matched: matched, kind: .processingInstruction(questionMark: byte == 0x3F))
            }
        case .declaration(let quote):
            if keyword.count < 7 { keyword.append(byte) }
            if keyword.starts(with: Self.attributeListKeyword) {
                refusal = .internalSubsetDeclarations
            } else if keyword.starts(with: Self.entityKeyword) {
                declaresEntities = true
            }
            if let quote {
                if byte == quote { mode = .subsetMarkup(matched: matched, kind: .declaration(quote: nil)) }
            } else if byte == 0x22 || byte == 0x27 {
                mode = .subsetMarkup(matched: matched, kind: .declaration(quote: byte))
            } else if byte == 0x3E {
                mode = .doctype(subsetDepth: 1, quote: nil)
            } else if byte == 0x25 {
                refusal = .internalSubsetDeclarations
            }
        }
        return index + 1
    }

    /// Counts the line ends from `start` up to `end` of the piece at `base`.
    private mutating func countLineEnds(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        if start < end { lineEnds += xmlevents_count_line_feeds(base + start, end - start) }
        counted = scanned + end
    }

    /// One bit per lane of `mask`, lane 0 the lowest.
    @inline(__always)
    private static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        // A local constant: a static one would be checked for its initialization at each call.
        let laneBits = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let lanes = unsafeBitCast(mask, to: SIMD16<UInt8>.self) & laneBits
        return UInt32(lanes.lowHalf.wrappedSum()) | UInt32(lanes.highHalf.wrappedSum()) << 8
    }

    /// The first index from `start` before `end` of a byte equal to `target`, or `end`.
    @inline(__always)
    private static func firstIndex(of target: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int)
        -> Int
    {
        var index = start
        let wanted = SIMD16<UInt8>(repeating: target)
        while index + 16 <= end {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let matches = bits(block .== wanted)
            if matches != 0 { return index + matches.trailingZeroBitCount }
            index += 16
        }
        while index < end, base[index] != target { index += 1 }
        return index
    }
}
