import CLibXML2
import Synchronization

/// One libxml2 push parser context and the session its callbacks fill: created with the safe
/// options, fed chunk by chunk, freed exactly once in `deinit`.
///
/// Not thread-safe and not `Sendable`: ``XMLPushParser`` owns one and uses it only from its own
/// isolation, so the context never escapes the actor.
final class LibXML2PushContext {
    /// What one call to ``parse(_:terminate:)`` produced: the events completed, and the error
    /// that ended the document, if one did (the events all come before it).
    struct Step {
        var events: [XMLEvent]
        /// Where each start element among `events` was reported, in order.
        var startElementLocations: [XMLLocation] = []
        /// The subtrees completed, when the context selects (it then reports no events).
        var subtrees: [XMLSubtree] = []
        var error: XMLParsingError?
    }

    private let context: xmlParserCtxtPtr
    private let session: UnsafeMutablePointer<ParserSession>

    /// Counts the contexts created within a task (and its children) that are still alive, so a
    /// test can prove that each one it caused is freed, whatever runs beside it.
    final class LiveCounter: Sendable {
        let count = Atomic<Int>(0)
    }

    @TaskLocal static var liveCounter: LiveCounter?

    private let liveCounter: LiveCounter?

    private let maxAttributesPerElement: Int
    private let parsesAsBytesArrive: Bool
    private var startTagScan = StartTagAttributeScan()

    /// Fails only when libxml2 cannot allocate a context.
    ///
    /// - Parameter selection: The elements to hand over as subtrees instead of events.
    init?(options: XMLParsingOptions, selection: XMLPath? = nil) {
        LibXML2Runtime.initialize()
        var handler = SAXCallbacks.makeHandler(loadsExternalSubset: options.externalEntityResolver != nil)
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else { return nil }
        var flags = XML_PARSE_NOENT.rawValue | XML_PARSE_DTDATTR.rawValue | XML_PARSE_NONET.rawValue
        if options.limits.needsHugeEngineMode {
            flags |= XML_PARSE_HUGE.rawValue
        }
        if options.ignoresEncodingDeclaration {
            flags |= XML_PARSE_IGNORE_ENC.rawValue
        }
        xmlCtxtUseOptions(context, Int32(flags))
        self.context = context
        maxAttributesPerElement = options.limits.maxAttributesPerElement
        parsesAsBytesArrive = options.parsesAsBytesArrive
        let dictionary = context.pointee.dict
        session = UnsafeMutablePointer<ParserSession>.allocate(capacity: 1)
        session.initialize(
            to: ParserSession(
                builder: EventBuilder(options: options, selection: selection) { address in
                    xmlDictOwns(dictionary, address.assumingMemoryBound(to: xmlChar.self)) == 1
                },
                error: nil,
                mainContext: context,
                resolver: options.externalEntityResolver,
                byteOrderMark: nil
            ))
        context.pointee._private = UnsafeMutableRawPointer(session)
        ExternalEntityGate.register(UnsafeMutableRawPointer(session))
        liveCounter = LibXML2PushContext.liveCounter
        liveCounter?.count.add(1, ordering: .relaxed)
    }

    deinit {
        liveCounter?.count.subtract(1, ordering: .relaxed)
        ExternalEntityGate.unregister(UnsafeMutableRawPointer(session))
        // The SAX2 start-document handler builds a document to hold the DTD; it is ours to free.
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        context.pointee._private = nil
        xmlFreeParserCtxt(context)
        session.deinitialize(count: 1)
        session.deallocate()
    }

    /// Whether the document already ended, well-formed or not.
    private(set) var isFinished = false

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

    /// Bytes of an incomplete step, held until the step is complete or the input ends.
    private var heldBack: [UInt8] = []

    /// Parses `bytes` (possibly empty) and, with `terminate`, declares the input complete.
    func parse(_ bytes: UnsafeRawBufferPointer, terminate: Bool) -> Step {
        if session.pointee.error == nil {
            feedSteps(bytes, terminate: terminate)
        }
        if terminate || session.pointee.error != nil { finishParsing() }
        return takeStep()
    }

    /// Parses the bytes of an incomplete step now, for a source that failed: the events of what
    /// did arrive are handed on before the source's error. (Not a canonical step, which no
    /// longer matters: the document will not be completed.)
    func flush() -> Step {
        if session.pointee.error == nil, !heldBack.isEmpty || !heldHeader.isEmpty {
            heldBack.withUnsafeBytes { parseSlice($0, terminate: false, mayHold: false) }
            heldBack.removeAll()
        }
        return takeStep()
    }

    private func takeStep() -> Step {
        let taken = session.pointee.builder.takeEvents()
        return Step(
            events: taken.events, startElementLocations: taken.startElementLocations, subtrees: taken.subtrees,
            error: session.pointee.error)
    }

    private func feedSteps(_ bytes: UnsafeRawBufferPointer, terminate: Bool) {
        let stepSize = LibXML2PushContext.stepSize
        var remaining = bytes[...]
        if !heldBack.isEmpty {
            let taken = remaining.prefix(stepSize - heldBack.count)
            heldBack.append(contentsOf: taken)
            remaining = remaining.dropFirst(taken.count)
            if heldBack.count == stepSize {
                heldBack.withUnsafeBytes { parseSlice($0, terminate: false) }
                heldBack.removeAll(keepingCapacity: true)
                enforceAttributeLimitOnHeldStartTag()
            }
        }
        while remaining.count >= stepSize, session.pointee.error == nil {
            parseSlice(UnsafeRawBufferPointer(rebasing: remaining.prefix(stepSize)), terminate: false)
            remaining = remaining.dropFirst(stepSize)
            enforceAttributeLimitOnHeldStartTag()
        }
        guard session.pointee.error == nil else { return }
        heldBack.append(contentsOf: remaining)
        if terminate {
            heldBack.withUnsafeBytes { parseSlice($0, terminate: true) }
            heldBack.removeAll()
        } else if parsesAsBytesArrive, !heldBack.isEmpty, hasStarted || heldBack.count >= 4 {
            // The first slice waits for 4 bytes, which the byte order mark and libxml2's own
            // encoding detection need; after it, nothing waits.
            heldBack.withUnsafeBytes { parseSlice($0, terminate: false) }
            heldBack.removeAll(keepingCapacity: true)
            enforceAttributeLimitOnHeldStartTag()
        }
    }

    /// Whether libxml2 has been given any bytes yet.
    private var hasStarted: Bool { session.pointee.byteOrderMark != nil }

    /// Follows the prolog, and the bytes of an unfinished document type declaration header it
    /// holds back (see ``DoctypeHeaderScan``).
    private var doctypeScan = DoctypeHeaderScan()
    private var heldHeader: [UInt8] = []

    /// Hands `slice` to libxml2, unless it ends inside the document type declaration's header:
    /// then it is held until the header is complete, the input ends, or `mayHold` is false.
    /// The bytes held depend on the document alone, never on the chunks, so this keeps the steps
    /// canonical.
    private func parseSlice(_ slice: UnsafeRawBufferPointer, terminate: Bool, mayHold: Bool = true) {
        guard !doctypeScan.isDone || !heldHeader.isEmpty else {
            return handToLibXML2(slice, terminate: terminate)
        }
        doctypeScan.scan(slice)
        if doctypeScan.endsInsideHeader, mayHold, !terminate {
            heldHeader.append(contentsOf: slice)
            return
        }
        guard !heldHeader.isEmpty else { return handToLibXML2(slice, terminate: terminate) }
        heldHeader.append(contentsOf: slice)
        let header = heldHeader
        heldHeader = []
        header.withUnsafeBytes { handToLibXML2($0, terminate: terminate) }
    }

    private func handToLibXML2(_ slice: UnsafeRawBufferPointer, terminate: Bool) {
        if session.pointee.byteOrderMark == nil {
            session.pointee.byteOrderMark = ByteOrderMark(leadingBytes: slice)
        }
        let saved = xmlevents_install_error_handlers(SAXCallbacks.structuredError, UnsafeMutableRawPointer(context))
        let status = xmlParseChunk(
            context,
            slice.baseAddress?.assumingMemoryBound(to: CChar.self),
            Int32(slice.count),
            terminate ? 1 : 0
        )
        xmlevents_restore_error_handlers(saved)
        session.pointee.resolvePendingPosition()
        if status != 0, session.pointee.error == nil, context.pointee.wellFormed == 0 || terminate {
            // libxml2 gave up without a structured report (an encoder failure, say).
            session.pointee.fail(
                XMLParsingError.Code(rawValue: Int(status)),
                "The parser stopped with libxml2 error \(status)")
        }
    }

    /// Refuses a start tag that libxml2 is still holding, before libxml2's quadratic duplicate
    /// check runs on it, once it is long and already has more attributes than allowed (see
    /// ``StartTagAttributeScan``). Runs between whole steps only, so the outcome does not depend
    /// on how the input was split.
    private func enforceAttributeLimitOnHeldStartTag() {
        guard session.pointee.error == nil, context.pointee.instate == XML_PARSER_START_TAG,
            context.pointee.inputNr == 1, let input = context.pointee.input,
            let base = input.pointee.base, let cursor = input.pointee.cur, let end = input.pointee.end,
            end - cursor >= StartTagAttributeScan.heldBytesThreshold
        else { return }
        let tagStart = Int(input.pointee.consumed) + (cursor - base)
        startTagScan.scan(UnsafeRawBufferPointer(start: cursor, count: end - cursor), tagStart: tagStart)
        if startTagScan.attributes > maxAttributesPerElement {
            session.pointee.fail(
                .attributeLimitExceeded,
                "Element has more than \(maxAttributesPerElement) attributes; the limit is \(maxAttributesPerElement)")
        }
    }

    private func finishParsing() {
        guard !isFinished else { return }
        isFinished = true
        // Outside libxml2's call stack now, so halting (which frees the input buffers) is safe.
        xmlStopParser(context)
    }
}
