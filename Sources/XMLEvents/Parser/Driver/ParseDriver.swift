/// The one parse driver: it cuts the document into canonical steps, hands them to libxml2, and
/// records what the callbacks report on an ``EventTape``; its ``ParseStatus`` is the one record
/// of whether the document is still being parsed, has ended, or failed, and where.
///
/// Every way of reading a document runs on it — the owned events of `for try await`, subtree
/// selection and decoding, a user's ``XMLVisitor``, ``XMLPushParser`` — so they share every
/// guarantee: the same events whatever the chunks, whole text, the limits, the error positions.
///
/// Not thread-safe and not `Sendable`: one task at a time owns a driver.
@usableFromInline
final class ParseDriver {
    /// Whether the document is being parsed, has ended, or failed: the driver ends it, and the
    /// callbacks fail it while a step is parsed.
    private let status = ParseStatus()
    /// The events of the last call.
    @usableFromInline let tape: EventTape
    private let context: LibXML2PushContext?
    private let parsesAsBytesArrive: Bool

    /// libxml2 is always fed whole steps of this many bytes, cut at fixed offsets of the
    /// document, whatever chunks the bytes arrived in.
    ///
    /// libxml2's push parser is not fully independent of chunk boundaries: a construct that
    /// looks complete too early (a `>` inside a quoted system literal, say) is parsed against the
    /// end of the data at hand, so the error it reports, and where, can depend on where a chunk
    /// ended. Feeding it the same calls for the same document makes its output identical by
    /// construction. The price is latency: events wait until the step holding them is complete
    /// (or the input ends), at most one step's bytes. With
    /// ``XMLParsingOptions/parsesAsBytesArrive`` the bytes of an incomplete step are parsed at
    /// the end of each chunk instead, and the next chunk starts a new run of steps.
    static let stepSize = 4096

    /// The size of the next step: ``stepSize``, or, while libxml2 holds an unfinished construct
    /// longer than that (a huge CDATA section, comment, processing instruction or start tag), as
    /// many bytes as it holds, in whole steps.
    ///
    /// libxml2 2.9's push parser looks for the end of an unfinished construct from the
    /// construct's start at every call that may have brought it (and at every call once it holds
    /// 10 MB), so a construct of *n* bytes fed in fixed steps costs O(*n*²). Steps that grow with
    /// what libxml2 holds make every rescan pay for as many new bytes as it reads again: the
    /// steps double while the construct lasts, O(log *n*) calls in all, O(*n*) work. How much
    /// libxml2 holds after a step depends on the document alone, so the steps stay canonical.
    @exclusivity(unchecked) private var nextStepSize = ParseDriver.stepSize

    /// The document's offset where the last step ended: 0 before the first, and for a parser
    /// of part of the document, where ``alignSteps(toDocumentOffset:nextStepEnd:)`` placed it.
    @exclusivity(unchecked) private var stepEnd = 0

    /// The document's offset where the next step is to end: a parser of the part of the document
    /// after it that ends its first step there makes the same libxml2 calls as this one.
    var nextStepEnd: Int { stepEnd + nextStepSize }

    // The step state below is touched a few times per step. A driver is used by one task at a
    // time and none of its methods reenters another, so no two accesses can overlap: the
    // run-time exclusivity checks are left out.

    /// Bytes of an incomplete step, held until the step is complete or the input ends.
    @exclusivity(unchecked) private var heldBack: [UInt8] = []

    /// The bytes of one code unit of the document's encoding, as its first bytes tell (see
    /// ``ByteOrderMark/codeUnitByteCount``), once bytes are parsed as they arrive; 0 before.
    ///
    /// Parsing as bytes arrive hands libxml2 whole code units only, and keeps the bytes of an
    /// unfinished one for the next chunk. libxml2 2.9 converts every chunk it is handed as if
    /// the input ended there, and the converter it takes for a UCS-4 document until the
    /// declaration is read (`ISO-10646-UCS-4`, which only ICU knows, in a libxml2 built with it
    /// as Debian's is) then drops the bytes of a code unit cut at the chunk's end: a document
    /// would fail, or not, by where its chunks ended. Fixed steps need no such care: their
    /// length is a multiple of any code unit.
    @exclusivity(unchecked) private var codeUnitByteCount = 0

    /// Follows the prolog, and the bytes of an unfinished document type declaration header it
    /// holds back (see ``DoctypeHeaderScan``).
    @exclusivity(unchecked) private var doctypeScan = DoctypeHeaderScan()
    @exclusivity(unchecked) private var heldHeader: [UInt8] = []

    /// - Parameter options: How to parse.
    @usableFromInline
    convenience init(options: XMLParsingOptions) {
        self.init(options: options, tape: EventTape())
    }

    /// - Parameters:
    ///   - options: How to parse.
    ///   - tape: Where to record the events, empty: one its reader is done with, for a chunk of
    ///     records' parser.
    init(options: XMLParsingOptions, tape: EventTape) {
        self.tape = tape
        parsesAsBytesArrive = options.parsesAsBytesArrive
        context = LibXML2PushContext(options: options, tape: tape, status: status)
        if context == nil {
            status.refuse(
                XMLParsingError(
                    code: .internalError, message: "libxml2 could not create a parser context",
                    line: 0, column: 0, byteOffset: 0))
        }
    }

    /// What the document's references have added so far, charged to the expansion limits.
    var amplifiedByteCount: Int { context?.amplifiedByteCount ?? 0 }

    /// The names of the general entities the document's internal subset declared, once read.
    var internalSubsetEntityNames: [String] { context?.internalSubsetEntityNames ?? [] }

    /// The error that ended the document, if one did.
    @usableFromInline
    var error: XMLParsingError? { status.error }

    /// Where libxml2 has got to in the input: the line, column and byte offset it reports, as for
    /// a start tag. After the input's end, the position just past it.
    var position: (line: Int, column: Int, byteOffset: Int) {
        context?.position ?? (line: 0, column: 0, byteOffset: 0)
    }

    /// How many elements are open: those an error about an unclosed or mismatched element may
    /// name the innermost of.
    var openElementCount: Int { context?.openElementCount ?? 0 }

    /// Parses the next step of the document from the start of `bytes` and returns how many of
    /// them it took; the events the step completed are recorded on ``tape``, which is emptied
    /// first (its reader is done with what it held), or, when `appending`, kept (a batch of steps
    /// read at once). Call it again with the bytes after those it took until it has taken all;
    /// with `terminate`, the last call declares the input complete.
    ///
    /// A step is ``stepSize`` bytes at a fixed offset of the document: bytes that do not complete
    /// one are held (and taken) until later bytes do, the input ends, or — with
    /// ``XMLParsingOptions/parsesAsBytesArrive`` — at once, since these are the last bytes at
    /// hand. The reader reads the tape after every step, while the step's events are still in
    /// the processor's cache.
    ///
    /// Parsing after the document failed records nothing (the error stays); after it finished,
    /// it fails with ``XMLParsingError/Code/parserFinished``.
    @usableFromInline
    func parseStep(_ bytes: UnsafeRawBufferPointer, terminate: Bool, appending: Bool = false) -> Int {
        guard let context else { return bytes.count }
        switch status.state {
        case .failed:
            if !appending { tape.removeAll(keepingBytesFrom: .max) }
            return bytes.count
        case .finished:
            if !appending { tape.removeAll(keepingBytesFrom: .max) }
            status.refuse(
                XMLParsingError(
                    code: .parserFinished, message: "the document was already finished",
                    line: 0, column: 0, byteOffset: 0))
            return bytes.count
        case .parsing:
            break
        }
        if !appending { context.rewindTape() }
        context.beginStep()
        let taken = takeStep(bytes, terminate: terminate, context: context)
        if status.hasFailed {
            context.stop()
        } else if terminate, taken == bytes.count {
            status.finish()
            context.stop()
        }
        return taken
    }

    /// Parses all of `bytes` step by step, handing the tape to `read` after each step.
    func parse(
        _ bytes: UnsafeRawBufferPointer, terminate: Bool, reading read: (EventTape) throws(XMLParsingError) -> Void
    ) throws(XMLParsingError) {
        var remaining = bytes
        repeat {
            let taken = parseStep(remaining, terminate: terminate)
            remaining = UnsafeRawBufferPointer(rebasing: remaining[taken...])
            try read(tape)
            if let error { throw error }
        } while !remaining.isEmpty
    }

    /// Parses the held bytes of an incomplete step now, for a source that failed: the events of
    /// what did arrive are recorded on ``tape`` before the source's error is reported. (Not a
    /// canonical step, which no longer matters: the document will not be completed.) When
    /// `appending`, the tape keeps what it holds, as in ``parseStep(_:terminate:appending:)``.
    @usableFromInline
    func flush(appending: Bool = false) {
        guard let context, case .parsing = status.state else {
            if !appending { tape.removeAll(keepingBytesFrom: .max) }
            return
        }
        if !appending { context.rewindTape() }
        context.beginStep()
        if !heldBack.isEmpty || !heldHeader.isEmpty {
            heldBack.withUnsafeBytes { parseSlice($0, terminate: false, mayHold: false, context: context) }
            heldBack.removeAll()
        }
        if status.hasFailed { context.stop() }
    }

    /// Ends the document as cut short (``XMLParsingError/Code/truncated``, with `message`) where
    /// the parse has got to, for a compressed stream whose input ended before the stream did:
    /// the held bytes are parsed first, as in ``flush(appending:)``, and a parse error among them
    /// is the one reported.
    @usableFromInline
    func failCutShort(_ message: String, appending: Bool) {
        flush(appending: appending)
        guard let context, case .parsing = status.state else { return }
        status.fail(.truncated, message)
        context.stop()
    }

    /// Ends the next step where the document's single parser ends its: at `nextStepEnd`, that
    /// parser's ``nextStepEnd`` where this one starts, when it is known; otherwise at the next
    /// multiple of ``stepSize`` bytes from the document's start. `offset` is the document's
    /// offset of the next byte fed (negative when a frame's prefix that is no part of the
    /// document comes first). Called before any byte is held.
    ///
    /// A parser that reads part of a document (a chunk of records, or the rest of it after a
    /// chunk) then makes its libxml2 calls end where the document's single parser's do: after
    /// the first, the steps depend on the bytes alone. That matters beyond the errors: libxml2
    /// reports a text run its call's bytes cut in pieces that end where those bytes end, and a
    /// run is located after its first piece. The single parser's step may have grown past the
    /// next multiple (libxml2 held a long comment, say, when it was planned), hence the end it
    /// planned, when the parser of the part before tells it.
    func alignSteps(toDocumentOffset offset: Int, nextStepEnd: Int? = nil) {
        let stepSize = ParseDriver.stepSize
        stepEnd = offset
        if let nextStepEnd, nextStepEnd > offset {
            nextStepSize = nextStepEnd - offset
        } else {
            nextStepSize = stepSize - (offset % stepSize + stepSize) % stepSize
        }
    }

    /// Parses one step from the start of `bytes`, or holds them; returns how many it took.
    private func takeStep(_ bytes: UnsafeRawBufferPointer, terminate: Bool, context: LibXML2PushContext) -> Int {
        let stepSize = nextStepSize
        // A terminating call keeps its last step for libxml2's terminating parse.
        if heldBack.isEmpty, bytes.count > stepSize || (bytes.count == stepSize && !terminate) {
            stepEnd &+= stepSize
            parseStep(UnsafeRawBufferPointer(rebasing: bytes[..<stepSize]), context: context)
            return stepSize
        }
        let taken = Swift.min(bytes.count, stepSize - heldBack.count)
        heldBack.append(contentsOf: bytes[..<taken])
        let isLast = taken == bytes.count
        if heldBack.count == stepSize, !(terminate && isLast) {
            stepEnd &+= stepSize
            heldBack.withUnsafeBytes { parseStep($0, context: context) }
            heldBack.removeAll(keepingCapacity: heldBack.count <= ParseDriver.stepSize)
        } else if terminate, isLast {
            heldBack.withUnsafeBytes { parseSlice($0, terminate: true, context: context) }
            heldBack.removeAll()
        } else if parsesAsBytesArrive, isLast, !heldBack.isEmpty, context.hasStarted || heldBack.count >= 4 {
            // The first slice waits for 4 bytes, which the byte order mark and libxml2's own
            // encoding detection need; after it, nothing waits but an unfinished code unit.
            if codeUnitByteCount == 0 {
                codeUnitByteCount = heldBack.withUnsafeBytes { ByteOrderMark(leadingBytes: $0).codeUnitByteCount }
            }
            let ready = heldBack.count - heldBack.count % codeUnitByteCount
            if ready == heldBack.count {
                heldBack.withUnsafeBytes { parseStep($0, context: context) }
                heldBack.removeAll(keepingCapacity: true)
            } else if ready > 0 {
                heldBack.withUnsafeBytes { parseStep(UnsafeRawBufferPointer(rebasing: $0[..<ready]), context: context) }
                heldBack.removeFirst(ready)
            }
        }
        return taken
    }

    /// Parses a step that does not end the input, then checks what libxml2 holds of it.
    private func parseStep(_ slice: UnsafeRawBufferPointer, context: LibXML2PushContext) {
        parseSlice(slice, terminate: false, context: context)
        context.enforceAttributeLimitOnHeldStartTag()
        planNextStep(context)
    }

    /// Sizes the next step after what libxml2 holds unparsed (see ``nextStepSize``).
    ///
    /// In its standard mode libxml2 fails a call after which its buffer holds more than its
    /// lookahead limit of parsed and unparsed bytes, and it drops what it has parsed only between
    /// calls. A step grown after a construct of several megabytes holds the bytes after the
    /// construct's end too, which libxml2 parses in the same call: the step is kept within the
    /// room the buffer has left, so that a construct shorter than the limit is never refused
    /// for what follows it.
    private func planNextStep(_ context: LibXML2PushContext) {
        let held = context.heldByteCount
        let stepSize = ParseDriver.stepSize
        guard held > stepSize else {
            nextStepSize = stepSize
            return
        }
        var grown = (held + stepSize - 1) / stepSize * stepSize
        if let limit = context.lookaheadLimit {
            let room = (limit - context.bufferedByteCount) / stepSize * stepSize
            grown = Swift.min(grown, Swift.max(stepSize, room))
        }
        nextStepSize = grown
    }

    /// Hands `slice` to libxml2, unless it ends inside the document type declaration's header:
    /// then it is held until the header is complete, the input ends, or `mayHold` is false.
    /// The bytes held depend on the document alone, never on the chunks, so this keeps the steps
    /// canonical.
    private func parseSlice(
        _ slice: UnsafeRawBufferPointer, terminate: Bool, mayHold: Bool = true, context: LibXML2PushContext
    ) {
        guard !doctypeScan.isDone || !heldHeader.isEmpty else {
            return context.parseChunk(slice, terminate: terminate)
        }
        doctypeScan.scan(slice)
        if doctypeScan.endsInsideHeader, mayHold, !terminate {
            heldHeader.append(contentsOf: slice)
            return
        }
        guard !heldHeader.isEmpty else { return context.parseChunk(slice, terminate: terminate) }
        heldHeader.append(contentsOf: slice)
        let header = heldHeader
        heldHeader = []
        header.withUnsafeBytes { context.parseChunk($0, terminate: terminate) }
    }
}
