import CLibXML2

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
        var error: XMLParsingError?
    }

    private let context: xmlParserCtxtPtr
    private let session: UnsafeMutablePointer<ParserSession>

    /// Fails only when libxml2 cannot allocate a context.
    init?(options: XMLParsingOptions) {
        LibXML2Runtime.initialize()
        var handler = SAXCallbacks.makeHandler(loadsExternalSubset: options.externalEntityResolver != nil)
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else { return nil }
        var flags = XML_PARSE_NOENT.rawValue | XML_PARSE_DTDATTR.rawValue | XML_PARSE_NONET.rawValue
        if options.limits.needsHugeEngineMode {
            flags |= XML_PARSE_HUGE.rawValue
        }
        xmlCtxtUseOptions(context, Int32(flags))
        self.context = context
        let dictionary = context.pointee.dict
        session = UnsafeMutablePointer<ParserSession>.allocate(capacity: 1)
        session.initialize(
            to: ParserSession(
                builder: EventBuilder(options: options) { address in
                    xmlDictOwns(dictionary, address.assumingMemoryBound(to: xmlChar.self)) == 1
                },
                error: nil,
                mainContext: context,
                resolver: options.externalEntityResolver
            ))
        context.pointee._private = UnsafeMutableRawPointer(session)
        ExternalEntityGate.register(UnsafeMutableRawPointer(session))
    }

    deinit {
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

    /// Parses `bytes` (possibly empty) and, with `terminate`, declares the input complete.
    func parse(_ bytes: UnsafeRawBufferPointer, terminate: Bool) -> Step {
        if let error = session.pointee.error { return Step(events: [], error: error) }
        var remaining = bytes
        repeat {
            // xmlParseChunk takes an Int32 length; long inputs go in slices.
            let slice = UnsafeRawBufferPointer(rebasing: remaining.prefix(LibXML2PushContext.maxSlice))
            remaining = UnsafeRawBufferPointer(rebasing: remaining.dropFirst(slice.count))
            let isLast = remaining.isEmpty
            parseSlice(slice, terminate: terminate && isLast)
        } while !remaining.isEmpty && session.pointee.error == nil
        if terminate || session.pointee.error != nil { finishParsing() }
        return Step(events: session.pointee.builder.takeEvents(), error: session.pointee.error)
    }

    private static let maxSlice = 1 << 20

    private func parseSlice(_ slice: UnsafeRawBufferPointer, terminate: Bool) {
        let saved = xmlevents_install_error_handlers(SAXCallbacks.structuredError, UnsafeMutableRawPointer(context))
        let status = xmlParseChunk(
            context,
            slice.baseAddress?.assumingMemoryBound(to: CChar.self),
            Int32(slice.count),
            terminate ? 1 : 0
        )
        xmlevents_restore_error_handlers(saved)
        if status != 0, session.pointee.error == nil, context.pointee.wellFormed == 0 || terminate {
            // libxml2 gave up without a structured report (an encoder failure, say).
            session.pointee.fail(
                XMLParsingError.Code(rawValue: Int(status)),
                "The parser stopped with libxml2 error \(status)")
        }
    }

    private func finishParsing() {
        guard !isFinished else { return }
        isFinished = true
        // Outside libxml2's call stack now, so halting (which frees the input buffers) is safe.
        xmlStopParser(context)
    }
}
