import CLibXML2

/// One libxml2 push parser context and the session its callbacks fill: created with the safe
/// options, fed slice by slice, freed exactly once in `deinit`.
///
/// Not thread-safe and not `Sendable`: the ``ParseDriver`` that owns it is used by one task at
/// a time.
final class LibXML2PushContext {
    private let context: xmlParserCtxtPtr
    private let session: UnsafeMutablePointer<ParserSession>
    private let status: ParseStatus

    #if DEBUG
        /// This context's place in the tests' count of live parsers.
        private let liveParser = LiveParserCount.Registration()
    #endif
    private let maxAttributesPerElement: Int
    /// Whether the first bytes may refuse the document before libxml2 reads it: not for a
    /// Swift string's UTF-8, whose encoding is known.
    private let readsEncodingFromBytes: Bool
    private var startTagScan = StartTagAttributeScan()

    /// Fails only when libxml2 cannot allocate a context.
    ///
    /// - Parameters:
    ///   - tape: Where the callbacks record the events.
    ///   - status: Where the callbacks record that the document failed.
    init?(options: XMLParsingOptions, tape: EventTape, status: ParseStatus) {
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
        readsEncodingFromBytes = !options.ignoresEncodingDeclaration
        let dictionary = context.pointee.dict
        self.status = status
        session = UnsafeMutablePointer<ParserSession>.allocate(capacity: 1)
        session.initialize(
            to: ParserSession(
                recorder: TapeRecorder(tape: tape, options: options, status: status) { address in
                    xmlDictOwns(dictionary, address.assumingMemoryBound(to: xmlChar.self)) == 1
                },
                status: status,
                mainContext: context,
                resolver: options.externalEntityResolver,
                byteOrderMark: nil
            ))
        let recorder = session.pointee.recorder.shared
        recorder.pointee.session = UnsafeMutableRawPointer(session)
        recorder.pointee.main_context = UnsafeMutableRawPointer(context)
        SAXCallbacks.installHooks(on: recorder)
        status.attach(mainContext: context, recorder: recorder)
        context.pointee._private = UnsafeMutableRawPointer(recorder)
        ExternalEntityGate.register(UnsafeMutableRawPointer(recorder))
    }

    deinit {
        status.detach()
        ExternalEntityGate.unregister(UnsafeMutableRawPointer(session.pointee.recorder.shared))
        // The SAX2 start-document handler builds a document to hold the DTD; it is ours to free.
        if let document = context.pointee.myDoc {
            context.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        context.pointee._private = nil
        xmlFreeParserCtxt(context)
        session.pointee.recorder.deallocate()
        session.deinitialize(count: 1)
        session.deallocate()
    }

    /// Whether libxml2 has been given any bytes yet.
    var hasStarted: Bool { session.pointee.byteOrderMark != nil }

    /// Empties the tape for a new call, but for a text run still being gathered.
    func rewindTape() {
        session.pointee.recorder.rewindTape()
    }

    /// What the document's references have added so far, charged to the expansion limits.
    var amplifiedByteCount: Int { session.pointee.recorder.shared.pointee.amplified_bytes }

    /// The names of the general entities the internal subset declared, once libxml2 has read it.
    var internalSubsetEntityNames: [String] {
        guard let subset = context.pointee.myDoc?.pointee.intSubset,
            let entities = subset.pointee.entities
        else { return [] }
        var names: [String] = []
        withUnsafeMutablePointer(to: &names) { names in
            xmlHashScan(
                OpaquePointer(entities),
                { _, data, name in
                    guard let data, let name else { return }
                    data.assumingMemoryBound(to: [String].self).pointee.append(String(cString: name))
                }, names)
        }
        return names
    }

    /// Starts a new step for the amplification allowance.
    func beginStep() {
        session.pointee.recorder.beginStep()
    }

    /// Hands `slice` to `xmlParseChunk`; with `terminate`, then declares the input complete in a
    /// call of its own, so that an error libxml2 raises there is one the end of the input caused
    /// (see ``ParserSession/noteEndOfInput(inputByteCount:afterText:)``).
    func parseChunk(_ slice: UnsafeRawBufferPointer, terminate: Bool) {
        if session.pointee.byteOrderMark == nil {
            let mark = ByteOrderMark(leadingBytes: slice)
            session.pointee.byteOrderMark = mark
            session.pointee.recorder.noteCodeUnits(of: mark)
            if readsEncodingFromBytes, let refusal = mark.refusalBeforeParsing(leadingBytes: slice) {
                status.fail(.encodingMismatch, refusal, at: (line: 1, column: 1))
                return
            }
        }
        session.pointee.noteFirstContentByte(in: slice)
        fedByteCount += slice.count
        if !slice.isEmpty || !terminate {
            feed(slice, terminate: false)
        }
        guard terminate, !status.hasFailed else { return }
        if let unconverted = unconvertedByteCount, unconverted > Self.longestPartialCharacter {
            // Bytes libxml2 could not convert when they came, and says nothing of (US-ASCII):
            // a call without bytes tells them from a conversion its output buffer cut short.
            feed(UnsafeRawBufferPointer(start: nil, count: 0), terminate: false)
            guard !status.hasFailed else { return }
        }
        let afterText = holdsText
        feed(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true)
        session.pointee.noteEndOfInput(inputByteCount: fedByteCount, afterText: afterText)
        failOnUnconvertedEnd()
    }

    /// Fails the document when its last bytes are not a whole character of its encoding and
    /// libxml2 said nothing: it converts a document not in UTF-8 as the bytes come and keeps a
    /// character cut by their end for the next bytes; once the root element has ended, it drops
    /// them at the input's end without a word (a lone `0x81` in Shift_JIS, an odd byte or a lone
    /// high surrogate in UTF-16). Inside the root element the end is already an error.
    private func failOnUnconvertedEnd() {
        guard !status.hasFailed, let conversion = Self.conversion(of: context) else { return }
        let count = Int(xmlBufUse(conversion.raw))
        guard count > 0 else { return }
        let encoding = conversion.encoder.pointee.name.map { String(cString: $0) } ?? "its encoding"
        status.fail(
            .undecodableInput,
            "the input is not valid in its encoding: the document ends inside a character (bytes "
                + "\(Self.firstBytes(of: conversion.raw)) are not a whole character in \(encoding))")
        if var error = status.error {
            error.byteOffset = fedByteCount - count
            status.revise(error)
        }
    }

    /// The most bytes a character of a converted encoding takes (a UTF-16 surrogate pair, a
    /// character of UCS-4 or GB 18030): more unconverted bytes than this are not a character
    /// waiting for the rest of its bytes.
    private static let longestPartialCharacter = 4

    /// For a document libxml2 converts into UTF-8: where the bytes it has converted end, as an
    /// offset into them and as the line and column there. Kept up to date after each call by
    /// counting the bytes that call converted, so that it is known when libxml2 halts on bytes
    /// it cannot convert and frees its input (with the converted bytes it had not parsed).
    private var convertedEnd: (offset: Int, line: Int, column: Int)?

    /// How many of the document's bytes libxml2 holds unconverted; `nil` for a document it
    /// reads as it is (UTF-8).
    private var unconvertedByteCount: Int? {
        Self.conversion(of: context).map { Int(xmlBufUse($0.raw)) }
    }

    /// The encoder of a document libxml2 converts into UTF-8, and the buffer of the document's
    /// bytes it has not converted yet; `nil` for a document it reads as it is.
    private static func conversion(
        of context: xmlParserCtxtPtr
    ) -> (encoder: UnsafeMutablePointer<xmlCharEncodingHandler>, raw: xmlBufPtr)? {
        guard context.pointee.inputNr == 1, let buffer = context.pointee.input?.pointee.buf,
            let encoder = buffer.pointee.encoder, let raw = buffer.pointee.raw
        else { return nil }
        return (encoder, raw)
    }

    /// The first bytes of `raw`, up to four, as an error names them: `0x81 0x20`.
    private static func firstBytes(of raw: xmlBufPtr) -> String {
        guard let content = xmlBufContent(raw) else { return "" }
        return UnsafeBufferPointer(start: content, count: min(Int(xmlBufUse(raw)), longestPartialCharacter))
            .map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// Moves ``convertedEnd`` over the bytes the last call converted, from the parser's
    /// position when it has parsed past the previous end.
    private func noteConvertedEnd() {
        guard context.pointee.instate != XML_PARSER_EOF, context.pointee.inputNr == 1,
            let input = context.pointee.input, input.pointee.buf?.pointee.encoder != nil,
            let cursor = input.pointee.cur, let end = input.pointee.end, cursor <= end
        else { return }
        let cursorOffset = context.decodedOffset
        var mark = (line: Int(input.pointee.line), column: Int(input.pointee.col))
        var from = cursor
        if let previous = convertedEnd, previous.offset >= cursorOffset, previous.offset - cursorOffset <= end - cursor
        {
            mark = (previous.line, previous.column)
            from = cursor + (previous.offset - cursorOffset)
        }
        // libxml2 counts a column per character: a UTF-8 lead byte, not a continuation byte.
        for byte in UnsafeBufferPointer(start: from, count: end - from) {
            if byte == 0x0A {
                mark = (mark.line + 1, 1)
            } else if byte & 0xC0 != 0x80 {
                mark.column += 1
            }
        }
        convertedEnd = (cursorOffset + (end - cursor), mark.line, mark.column)
    }

    /// What the error says of bytes libxml2 cannot convert: the encoding, and the first bytes it
    /// holds unconverted (those it stopped at), up to four.
    static func unconvertibleInputMessage(_ context: xmlParserCtxtPtr) -> String {
        guard let conversion = conversion(of: context) else {
            return "the input is not valid in the document's encoding"
        }
        let encoding = conversion.encoder.pointee.name.map { " (" + String(cString: $0) + ")" } ?? ""
        let bytes = firstBytes(of: conversion.raw)
        return "the input is not valid in the document's encoding\(encoding)"
            + (bytes.isEmpty ? "" : " at bytes " + bytes)
    }

    /// Fails the document where its bytes stop being characters of its encoding, once libxml2
    /// has parsed those before them: libxml2 converts a call's bytes before it parses them, and
    /// reports the failure (or, for US-ASCII, stops converting without a word) while the
    /// parser is still behind, so the error is placed here, after the call, rather than where
    /// the parser was: at the first byte libxml2 could not convert, its byte offset in the
    /// document, its line and column where the converted bytes end. `unconvertedBefore` is how
    /// many bytes libxml2 held unconverted before the call, which fed `fed` more.
    private func failOnUnconvertibleBytes(unconvertedBefore: Int?, fed: Int) {
        let halted = context.pointee.instate == XML_PARSER_EOF
        if !halted { noteConvertedEnd() }
        guard !status.hasFailed, let unconvertedBefore else { return }
        // A halted parser has freed its input, and with it the unconverted bytes: none were
        // converted in this call.
        let unconverted = unconvertedByteCount ?? (unconvertedBefore + fed)
        var message = session.pointee.conversionFailure
        if message == nil, !halted, unconverted > Self.longestPartialCharacter, unconverted == unconvertedBefore + fed {
            message = Self.unconvertibleInputMessage(context)
        }
        guard let message else { return }
        status.fail(.undecodableInput, message)
        guard var error = status.error else { return }
        if let end = convertedEnd { (error.line, error.column) = (end.line, end.column) }
        error.byteOffset = Swift.max(error.byteOffset, fedByteCount - unconverted)
        status.revise(error)
    }

    /// Whether what libxml2 holds unparsed is a run of text (with references) rather than the
    /// start of markup: in content, anything but a `<`.
    private var holdsText: Bool {
        guard context.pointee.instate == XML_PARSER_CONTENT, context.pointee.inputNr == 1,
            let input = context.pointee.input, let cursor = input.pointee.cur, let end = input.pointee.end,
            cursor < end
        else { return false }
        return cursor.pointee != UInt8(ascii: "<")
    }

    /// Bytes handed to libxml2 so far: the input's length, once it has ended.
    private var fedByteCount = 0

    /// One `xmlParseChunk` call, with the package's error handlers installed for it.
    private func feed(_ slice: UnsafeRawBufferPointer, terminate: Bool) {
        let unconvertedBefore = unconvertedByteCount
        let saved = xmlevents_install_error_handlers(SAXCallbacks.structuredError, UnsafeMutableRawPointer(context))
        let result = xmlParseChunk(
            context,
            slice.baseAddress?.assumingMemoryBound(to: CChar.self),
            Int32(slice.count),
            terminate ? 1 : 0
        )
        xmlevents_restore_error_handlers(saved)
        status.resolvePendingPosition()
        failOnUnconvertibleBytes(unconvertedBefore: unconvertedBefore, fed: slice.count)
        if result != 0, !status.hasFailed, context.pointee.wellFormed == 0 || terminate {
            // libxml2 gave up without a structured report (an encoder failure, say).
            status.fail(
                XMLParsingError.Code(rawValue: Int(result)),
                "the parser stopped with libxml2 error \(result)")
        }
    }

    /// How many bytes libxml2's input buffer holds, those it has parsed and not yet dropped
    /// included; 0 while an entity is read.
    var bufferedByteCount: Int {
        guard context.pointee.inputNr == 1, let input = context.pointee.input,
            let base = input.pointee.base, let end = input.pointee.end
        else { return 0 }
        return end - base
    }

    /// How many bytes libxml2 may hold in its buffer at the end of a call before it fails the
    /// document ("Huge input lookup", `XML_MAX_LOOKUP_LIMIT`); `nil` in its huge mode, which
    /// has no such bound.
    var lookaheadLimit: Int? { Self.lookaheadLimit(of: context) }

    /// libxml2's bound on its dictionary of names (element and attribute names, prefixes,
    /// namespace URIs, entity names, targets) in its standard mode (`XML_MAX_DICTIONARY_LIMIT`).
    /// It bounds time as well as memory: libxml2 2.9's hash table stops growing at 16,384
    /// buckets, so that each name looked up past a few tens of thousands of distinct ones walks
    /// a longer chain (1.5 million distinct names took 39 s against 1 s for 280,000), and the
    /// package keeps it. libxml2 keeps the names in blocks, each four times the size of the last
    /// (and at least four times the name), and takes no new block once their sizes add up to more
    /// than the bound: for names of up to 250 bytes the last is the block of 16,384,000 bytes, and
    /// the dictionary holds up to ``dictionaryCapacity`` bytes of distinct names (a null byte
    /// ends each); longer names make larger first blocks and fewer.
    static let dictionaryLimit = Int(XML_MAX_DICTIONARY_LIMIT)

    /// What the dictionary holds at most under ``dictionaryLimit``: the sizes of its blocks
    /// (1,000 bytes, then four times more each) up to the first whose sum passes the bound.
    static let dictionaryCapacity: Int = {
        var (block, total) = (1_000, 0)
        while total <= dictionaryLimit {
            total += block
            block *= 4
        }
        return total
    }()

    /// Whether the context's dictionary of names is full: libxml2 then reports that it is out
    /// of memory.
    static func dictionaryIsFull(_ context: xmlParserCtxtPtr) -> Bool {
        isInStandardMode(context) && xmlDictGetUsage(context.pointee.dict) > dictionaryLimit
    }

    /// What a document whose names fill the dictionary is told.
    static let dictionaryFullMessage =
        "the document's distinct names (element and attribute names, prefixes, namespace URIs) are more than one "
        + "parser keeps with limits up to the standard ones: the dictionary that holds them takes no more room "
        + "once it has \(dictionaryLimit) bytes (about \(dictionaryCapacity / 1_000_000) MB of short names)"

    /// ``lookaheadLimit`` for any of the session's parser contexts.
    static func lookaheadLimit(of context: xmlParserCtxtPtr) -> Int? {
        isInStandardMode(context) ? Int(XML_MAX_LOOKUP_LIMIT) : nil
    }

    /// Whether libxml2 parses with its own bounds (not `XML_PARSE_HUGE`), which the package's
    /// limits up to the standard ones keep.
    private static func isInStandardMode(_ context: xmlParserCtxtPtr) -> Bool {
        context.pointee.options & Int32(XML_PARSE_HUGE.rawValue) == 0
    }

    /// How many bytes of the document libxml2 holds without having parsed them: the rest of a
    /// construct whose end it has not seen yet.
    var heldByteCount: Int {
        guard context.pointee.inputNr == 1, let input = context.pointee.input,
            let cursor = input.pointee.cur, let end = input.pointee.end
        else { return 0 }
        return end - cursor
    }

    /// Refuses a start tag that libxml2 is still holding, before libxml2's quadratic duplicate
    /// check runs on it, once it is long and already has more attributes than allowed (see
    /// ``StartTagAttributeScan``). Runs between whole steps only, so the outcome does not depend
    /// on how the input was split.
    func enforceAttributeLimitOnHeldStartTag() {
        guard !status.hasFailed, context.pointee.instate == XML_PARSER_START_TAG,
            context.pointee.inputNr == 1, let input = context.pointee.input,
            let base = input.pointee.base, let cursor = input.pointee.cur, let end = input.pointee.end,
            end - cursor >= StartTagAttributeScan.heldBytesThreshold
        else { return }
        let tagStart = Int(input.pointee.consumed) + (cursor - base)
        startTagScan.scan(UnsafeRawBufferPointer(start: cursor, count: end - cursor), tagStart: tagStart)
        if startTagScan.attributes > maxAttributesPerElement {
            status.fail(
                .attributeLimitExceeded,
                "an element has more than \(maxAttributesPerElement) attributes; the limit is \(maxAttributesPerElement)"
            )
        }
    }

    /// Halts libxml2 for good, outside its call stack, which frees its input buffers.
    func stop() {
        xmlStopParser(context)
    }

    /// Where the parser has got to in the document: what the recorder records for a start tag.
    var position: (line: Int, column: Int, byteOffset: Int) { context.documentPosition }

    /// How many elements are open: started and not yet ended.
    var openElementCount: Int { session.pointee.recorder.depth }
}
