import CLibXML2
internal import CTapeRecorder

/// The libxml2 SAX2 handler: the C recorder's callbacks for start tags, end tags and character
/// data (`CTapeRecorder`), and C callbacks here for the rest, which forward to the
/// ``ParserSession`` behind the recorder state that `ctxt->_private` points to; and the hooks
/// through which the C recorder asks the session.
///
/// The parser context is created with `user_data == NULL`, so every callback's `ctx` is the
/// (sub-)context itself; libxml2's default SAX2 handlers, kept for DTD bookkeeping, rely on that.
/// Entity sub-contexts copy `_private`, so they reach the same session.
enum SAXCallbacks {
    /// A handler for one parser; `loadsExternalSubset` keeps libxml2's external-subset loader
    /// (only when the user installed a resolver).
    static func makeHandler(loadsExternalSubset: Bool) -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        xmlevents_clear_variadic_error_handlers(&handler)
        handler.startDocument = startDocument
        handler.endDocument = endDocument
        handler.internalSubset = internalSubset
        if !loadsExternalSubset { handler.externalSubset = nil }
        xmlevents_recorder_install_callbacks(&handler)
        handler.cdataBlock = cdataBlock
        handler.comment = comment
        handler.processingInstruction = processingInstruction
        handler.getEntity = getEntity
        handler.getParameterEntity = getParameterEntity
        handler.reference = reference
        handler.serror = structuredError
        return handler
    }

    /// The session behind a callback's context, unless parsing already failed.
    @inline(__always)
    private static func session(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<ParserSession>? {
        guard let ctx, let session = ParserSession.of(ctx.assumingMemoryBound(to: xmlParserCtxt.self)) else {
            return nil
        }
        return session.pointee.status.hasFailed ? nil : session
    }

    /// The session a C recorder hook was given.
    @inline(__always)
    private static func hooked(_ session: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<ParserSession>? {
        session?.assumingMemoryBound(to: ParserSession.self)
    }

    /// Points the C recorder's hooks at this file's.
    static func installHooks(on recorder: UnsafeMutablePointer<xmlevents_recorder>) {
        recorder.pointee.resolve_name = resolveName
        recorder.pointee.report_violation = reportViolation
        recorder.pointee.owned_name_opened = ownedNameOpened
        recorder.pointee.owned_name_closed = ownedNameClosed
    }

    private static let resolveName:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<UInt8>, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?,
            UnsafeMutablePointer<Bool>
        ) -> UInt = { raw, localName, prefix, uri, cacheable in
            // A name over the limit has failed the document (the recorder reports it).
            hooked(raw)?.pointee.recorder.resolveName(
                localName: localName, prefix: prefix, namespaceURI: uri, cacheable: &cacheable.pointee)?.bits ?? 0
        }

    private static let reportViolation: @convention(c) (UnsafeMutableRawPointer?, xmlevents_violation, Int) -> Void = {
        raw, violation, value in
        hooked(raw)?.pointee.recorder.noteViolation(violation, value: value)
    }

    private static let ownedNameOpened: @convention(c) (UnsafeMutableRawPointer?, UInt) -> Void = { raw, bits in
        hooked(raw)?.pointee.recorder.ownedNameOpened(TapeName(bits: bits))
    }

    private static let ownedNameClosed: @convention(c) (UnsafeMutableRawPointer?) -> Void = { raw in
        hooked(raw)?.pointee.recorder.ownedNameClosed()
    }

    @inline(__always)
    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static let startDocument: startDocumentSAXFunc = { ctx in
        xmlSAX2StartDocument(ctx)
        guard let ctx, let session = session(ctx) else { return }
        let context = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard context == session.pointee.mainContext else { return }
        // libxml2 reports version "1.0" whether or not the document has an XML declaration.
        // Parsing one sets the input's standalone field (to -2 when the declaration omits it),
        // which otherwise keeps its initial -1.
        let declared = context.pointee.input.map { $0.pointee.standalone != -1 } ?? false
        guard declared else {
            session.pointee.recorder.startDocument(version: nil, encoding: nil, standalone: nil)
            return checkEncoding(declared: nil, session, context)
        }
        let standalone = context.pointee.standalone
        // The declared name: libxml2 keeps it on the input when a byte order mark already chose
        // the encoding, and on the context otherwise.
        let encoding = string(context.pointee.input?.pointee.encoding) ?? string(context.pointee.encoding)
        session.pointee.recorder.startDocument(
            version: string(context.pointee.version),
            encoding: encoding,
            standalone: standalone == 1 ? true : standalone == 0 ? false : nil
        )
        checkEncoding(declared: encoding, session, context)
    }

    /// libxml2 2.9 trusts the byte order mark, or without one its guess from the first bytes,
    /// and ignores a declaration that contradicts it; XML 1.0 (4.3.3) makes that an error. An
    /// encoding whose converter decodes differently in pieces is refused (see
    /// ``ConverterSplitCheck``).
    private static func checkEncoding(
        declared: String?, _ session: UnsafeMutablePointer<ParserSession>, _ context: xmlParserCtxtPtr
    ) {
        guard let mark = session.pointee.byteOrderMark else { return }
        let status = session.pointee.status
        guard let contradiction = mark.contradiction(withDeclared: declared) else {
            guard let refusal = ConverterSplitCheck.refusal(for: context, mark: mark) else { return }
            status.fail(.unsupportedEncoding, refusal)
            // At the declaration's end. libxml2's byte count restarts when it swaps decoders;
            // the column does not, and on the declaration's line (all of it, but for a line
            // break between its attributes) each character is one byte in these encodings.
            if var error = status.error, error.line == 1 {
                error.byteOffset = error.column - 1
                status.revise(error)
            }
            return
        }
        status.fail(.encodingMismatch, contradiction)
        if var error = status.error, let offset = mark.byteOffset(afterASCIICharacters: context.decodedOffset) {
            error.byteOffset = offset
            status.revise(error)
        }
    }

    private static let endDocument: endDocumentSAXFunc = { ctx in
        guard let ctx, let session = session(ctx),
            ctx.assumingMemoryBound(to: xmlParserCtxt.self) == session.pointee.mainContext
        else { return }
        session.pointee.recorder.endDocument()
    }

    private static let internalSubset: internalSubsetSAXFunc = { ctx, name, publicID, systemID in
        // The default handler creates the DTD that entity and attribute declarations go into.
        xmlSAX2InternalSubset(ctx, name, publicID, systemID)
        guard let session = session(ctx) else { return }
        session.pointee.recorder.doctype(
            name: string(name) ?? "", publicID: string(publicID), systemID: string(systemID))
    }

    private static let cdataBlock: cdataBlockSAXFunc = { ctx, bytes, length in
        guard let ctx, let session = session(ctx), let bytes else { return }
        // Push mode hands over a long CDATA section in pieces read straight from the input
        // buffer; a piece that starts where the last one ended belongs to the same section.
        var offset: Int?
        let context = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        if length > 0, context == session.pointee.mainContext, context.pointee.inputNr == 1,
            let input = context.pointee.input, let base = input.pointee.base, let end = input.pointee.end,
            bytes >= base, bytes < end
        {
            offset = Int(input.pointee.consumed) + (bytes - base)
        }
        session.pointee.recorder.cdata(UnsafeBufferPointer(start: bytes, count: Int(length)), offset: offset)
    }

    private static let comment: commentSAXFunc = { ctx, text in
        // Comments inside the DTD belong to the doctype, not to the document's content.
        guard let ctx, let session = session(ctx), let text,
            ctx.assumingMemoryBound(to: xmlParserCtxt.self).pointee.inSubset == 0
        else { return }
        session.pointee.recorder.comment(text)
    }

    private static let processingInstruction: processingInstructionSAXFunc = { ctx, target, data in
        guard let ctx, let session = session(ctx), let target,
            ctx.assumingMemoryBound(to: xmlParserCtxt.self).pointee.inSubset == 0
        else { return }
        session.pointee.recorder.processingInstruction(target: target, data: data)
    }

    /// Every entity reference, in content and in attribute values, looks its entity up here
    /// first: the place to count replacement text before libxml2 expands it.
    private static let getEntity: getEntitySAXFunc = { ctx, name in
        account(xmlSAX2GetEntity, ctx, name)
    }

    private static let getParameterEntity: getParameterEntitySAXFunc = { ctx, name in
        account(xmlSAX2GetParameterEntity, ctx, name)
    }

    /// Looks an entity up with libxml2's default handler and charges its replacement text to the
    /// expansion budget; refuses (returns `nil`) once parsing failed or the budget is spent.
    private static func account(
        _ lookUp: (UnsafeMutableRawPointer?, UnsafePointer<xmlChar>?) -> xmlEntityPtr?,
        _ ctx: UnsafeMutableRawPointer?,
        _ name: UnsafePointer<xmlChar>?
    ) -> xmlEntityPtr? {
        guard let ctx, let session = ParserSession.of(ctx.assumingMemoryBound(to: xmlParserCtxt.self)) else {
            return lookUp(ctx, name)
        }
        let context = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
        guard !session.pointee.status.hasFailed else { return refuse(context) }
        guard let entity = lookUp(ctx, name), entity.pointee.etype != XML_INTERNAL_PREDEFINED_ENTITY else {
            return lookUp(ctx, name)
        }
        session.pointee.recorder.noteEntityExpansion(name: string(name) ?? "", length: Int(entity.pointee.length))
        // Over the allowance, the recorder has failed the document.
        guard !session.pointee.status.hasFailed else { return refuse(context) }
        if entity.pointee.etype == XML_EXTERNAL_GENERAL_PARSED_ENTITY {
            session.pointee.externalEntityBeingLoaded = entity.pointee.name
        }
        return entity
    }

    /// libxml2 reports an entity reference here (entities are replaced, so only this one) when
    /// the entity is not declared but its declaration may be in an external subset or parameter
    /// entity that was not read: in content it is skipped, and recorded so. In an attribute
    /// value it is dropped from the value, which ``structuredError`` has already refused.
    ///
    /// Right after this call libxml2 2.9 checks its expansion heuristics, which treat an
    /// undeclared entity as a loop once the context has counted 10,000 entity references (every
    /// reference in an attribute value counts, `&amp;` too): a big document whose entities are
    /// declared in an external subset would fail there as a loop it does not have. The warning
    /// that check reads is cleared here, once the reference is recorded; the expansion budget the
    /// package keeps itself (``XMLParsingLimits/maxEntityExpansionRatio``) still bounds every
    /// entity that is replaced.
    private static let reference: referenceSAXFunc = { ctx, name in
        guard let ctx, let name, let session = session(ctx),
            ctx.assumingMemoryBound(to: xmlParserCtxt.self).pointee.instate != XML_PARSER_ATTRIBUTE_VALUE
        else { return }
        session.pointee.recorder.skippedEntity(name, because: .undeclared)
        xmlCtxtResetLastError(ctx)
    }

    /// Makes a (sub-)context give up on the reference. Returning `nil` is not enough: libxml2
    /// retries a failed lookup with its own default handler, so the context is halted too, which
    /// ends the expansion loops at their next check.
    private static func refuse(_ context: xmlParserCtxtPtr) -> xmlEntityPtr? {
        ParserSession.softHalt(context)
        return nil
    }

    /// libxml2's structured error report, for the parser context (through `serror`) and, while a
    /// chunk is parsed, for context-free reports such as encoding failures (as the thread's
    /// structured handler, with the main context as `userData`).
    static let structuredError: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error, let session = session(userData),
            isFatal(error.pointee) || isUndeclaredEntityInAttributeValue(error.pointee)
        else { return }
        let report = error.pointee
        var (code, message) = LibXML2Wording.words(
            for: LibXML2Wording.Report(
                code: Int(report.code), message: report.message.map { String(cString: $0) } ?? "",
                str1: report.str1.map { String(cString: $0) }, str2: report.str2.map { String(cString: $0) },
                str3: report.str3.map { String(cString: $0) }, int1: Int(report.int1)))
        // The encoding layer's report of bytes it cannot convert, and the input buffer's that
        // follows it: placed once the call returns. The bytes are named from the buffer, which
        // holds them from the first it could not convert on (libxml2's own report names four
        // bytes, some past the end of those it holds).
        if report.ctxt == nil, code == .undecodableInput || report.code == Int32(XML_IO_ENCODER.rawValue) {
            if session.pointee.conversionFailure == nil {
                session.pointee.conversionFailure = LibXML2PushContext.unconvertibleInputMessage(
                    session.pointee.mainContext)
            }
            return
        }
        if isUndeclaredEntityInAttributeValue(report) {
            (code, message) = (.skippedEntity, describeSkipInAttributeValue(report))
        } else if report.code == Int32(XML_ERR_NO_MEMORY.rawValue),
            LibXML2PushContext.dictionaryIsFull(session.pointee.mainContext)
        {
            (code, message) = (.distinctNamesLimitExceeded, LibXML2PushContext.dictionaryFullMessage)
        } else if code == .extraContent || code == .documentEmpty {
            (code, message) = session.pointee.recorder.describeEarlyEnd(
                libxml2Message: message, firstContentByte: session.pointee.firstContentByte)
        } else if let size = sizeRefusal(code, session.pointee.mainContext) {
            (code, message) = session.pointee.recorder.describeSizeRefusal(size, libxml2Message: message)
        }
        let raisedByMain =
            report.ctxt.map { UnsafeMutableRawPointer($0) } == UnsafeMutableRawPointer(session.pointee.mainContext)
        let line = Int(report.line)
        let position = raisedByMain && line > 0 ? (line: line, column: Int(report.int2)) : nil
        // A report without a parser context comes from the encoding layer, possibly in the middle
        // of an input-buffer refill: the input's position cannot be read until libxml2 returns.
        session.pointee.status.fail(code, message, at: position, inputIsStable: report.ctxt != nil)
    }

    /// Which of libxml2's own size checks in its standard mode a report is, if one: a name
    /// longer than its 50,000 bytes (`XML_ERR_NAME_TOO_LONG`), or a construct it reads whole (a
    /// comment, a processing instruction, a CDATA section, a start tag with its attribute values)
    /// that took it more than 10,000,000 bytes ahead of where it is, or past the start of its
    /// buffer: reported under the construct's code, or as an internal error ("Huge input
    /// lookup"). The package's limits are within these in that mode, so such a name or construct
    /// breaks them too.
    private static func sizeRefusal(_ code: XMLParsingError.Code, _ context: xmlParserCtxtPtr)
        -> TapeRecorder.SizeRefusal?
    {
        guard let lookAhead = LibXML2PushContext.lookaheadLimit(of: context) else { return nil }
        if code.rawValue == Int(XML_ERR_NAME_TOO_LONG.rawValue) { return .name }
        guard heldWholeCodes.contains(code.rawValue), context.pointee.inputNr == 1, let input = context.pointee.input,
            let base = input.pointee.base, let cursor = input.pointee.cur, let end = input.pointee.end
        else { return nil }
        return end - cursor > lookAhead || cursor - base > lookAhead ? .construct : nil
    }

    /// The codes libxml2 reports a construct it reads whole under when it is too long for its
    /// standard mode: its own, or an internal error.
    private static let heldWholeCodes: Set<Int> = [
        Int(XML_ERR_INTERNAL_ERROR.rawValue), Int(XML_ERR_ATTRIBUTE_NOT_FINISHED.rawValue),
        Int(XML_ERR_COMMENT_NOT_FINISHED.rawValue), Int(XML_ERR_PI_NOT_FINISHED.rawValue),
        Int(XML_ERR_CDATA_NOT_FINISHED.rawValue),
    ]

    /// Whether a report is libxml2's warning that an entity referenced in an attribute value (an
    /// attribute's own, or a default in an `<!ATTLIST>`) is not declared, in a document whose
    /// external subset or parameter entities were not read: libxml2 leaves it out of the value,
    /// where no event can report it in its place.
    private static func isUndeclaredEntityInAttributeValue(_ report: xmlError) -> Bool {
        report.code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue) && report.level == XML_ERR_ERROR
            && report.domain == Int32(XML_FROM_PARSER.rawValue)
            && report.ctxt.map { $0.assumingMemoryBound(to: xmlParserCtxt.self).pointee.instate }
                == XML_PARSER_ATTRIBUTE_VALUE
    }

    /// The error for an entity left out of an attribute value.
    private static func describeSkipInAttributeValue(_ report: xmlError) -> String {
        let name = report.str1.map { String(cString: $0) } ?? "?"
        return "the entity '\(name)' in an attribute value was not replaced: \(TapeRecorder.undeclaredReason); "
            + "a value cannot hold a reference that is not replaced"
    }

    /// Whether a report ends the document. Fatal errors do, and so do namespace errors (a
    /// namespace-aware parser must reject an unbound prefix). libxml2's other non-fatal errors do
    /// not: validity findings, an undeclared entity in a document whose external subset was not
    /// read (XML 1.0 leaves that to validation), and a system identifier that is not a URI
    /// (erratum E26 made that legal).
    private static func isFatal(_ report: xmlError) -> Bool {
        let level = report.level.rawValue
        if level >= XML_ERR_FATAL.rawValue { return true }
        guard level == XML_ERR_ERROR.rawValue else { return false }
        switch Int(report.domain) {
        case Int(XML_FROM_NAMESPACE.rawValue):
            return true
        case Int(XML_FROM_VALID.rawValue), Int(XML_FROM_DTD.rawValue):
            return false
        default:
            let code = report.code
            return code != Int32(XML_WAR_UNDECLARED_ENTITY.rawValue) && code != Int32(XML_ERR_INVALID_URI.rawValue)
        }
    }
}
