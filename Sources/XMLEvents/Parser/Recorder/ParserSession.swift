import CLibXML2
internal import CTapeRecorder
import Foundation

/// Everything the libxml2 callbacks reach through `ctxt->_private` (which points to the state
/// the tape recorder shares with its C callbacks, and that to this session): the tape recorder,
/// the document's ``ParseStatus``, and the main parser context (entity expansion runs in
/// short-lived sub-contexts that share this session).
struct ParserSession {
    var recorder: TapeRecorder
    /// Whether the document failed, and how: the callbacks fail it there.
    let status: ParseStatus
    let mainContext: xmlParserCtxtPtr
    let resolver: (@Sendable (XMLExternalEntityRequest) throws -> Data?)?
    /// The byte order mark the input starts with, once the first bytes were fed.
    var byteOrderMark: ByteOrderMark?
    /// The input's first byte that is not a byte order mark's, whitespace or NUL, once one was
    /// fed: what an input without markup starts with, for the error that says so.
    var firstContentByte: UInt8?
    /// The name of the external parsed entity looked up last, until libxml2 asks the loader for
    /// it: a reference in content loads its entity right after the lookup, and is skipped when
    /// nothing is loaded (see ``ExternalEntityGate``). libxml2 keeps the name as long as the DTD.
    var externalEntityBeingLoaded: UnsafePointer<xmlChar>?
    /// What libxml2's encoding layer reported when it met bytes that are not a character of the
    /// document's encoding, until the call in which it did returns: it converts a call's bytes
    /// before parsing them, so the document fails after the events of those before the bad ones
    /// (see ``LibXML2PushContext``).
    var conversionFailure: String?

    /// The session of a (sub-)context of the package's, through its recorder state.
    @inline(__always)
    static func of(_ context: xmlParserCtxtPtr) -> UnsafeMutablePointer<ParserSession>? {
        guard let raw = context.pointee._private,
            let session = raw.assumingMemoryBound(to: xmlevents_recorder.self).pointee.session
        else { return nil }
        return session.assumingMemoryBound(to: ParserSession.self)
    }

    /// Notes the first content byte of `slice`, until one was found.
    mutating func noteFirstContentByte(in slice: UnsafeRawBufferPointer) {
        guard firstContentByte == nil else { return }
        firstContentByte = slice.first { byte in
            !(byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x00 || byte == 0xEF
                || byte == 0xBB || byte == 0xBF || byte == 0xFE || byte == 0xFF)
        }
    }

    /// Classifies the error libxml2 raised once it was told the input had ended, in a call of its
    /// own: an error more input could have avoided is the document's truncation, reported as
    /// ``XMLParsingError/Code/truncated`` with libxml2's message as the detail.
    ///
    /// Whatever libxml2 still held then was one unfinished construct, and an error in it is the
    /// truncation, unless no later byte could mend it (see ``completeConstructCodes``). But for
    /// a run of text (`afterText`): libxml2 holds the text at the end of its input until more
    /// comes or the input ends, and parses it only then; there, only an error at the end of the
    /// input, or inside its last character (which the end may have cut: a UTF-8 character has at
    /// most four bytes), is the truncation. libxml2's reports of an early end (already told
    /// apart) and the package's own limits keep their code.
    func noteEndOfInput(inputByteCount: Int, afterText: Bool) {
        guard var error = status.error, error.code.rawValue < 100_000, error.code != .extraContent,
            error.code != .documentEmpty, !Self.completeConstructCodes.contains(error.code.rawValue),
            !afterText || error.byteOffset >= inputByteCount - 3
        else { return }
        error.message = recorder.describeTruncation(libxml2Message: error.message)
        error.code = .truncated
        status.revise(error)
    }

    /// libxml2's codes for errors in constructs it has read whole, which no later byte could
    /// mend: a character that is not allowed (`XML_ERR_INVALID_CHAR`), an undeclared entity
    /// (`XML_ERR_UNDECLARED_ENTITY`, `XML_WAR_UNDECLARED_ENTITY`), a repeated attribute
    /// (`XML_ERR_ATTRIBUTE_REDEFINED`, `XML_NS_ERR_ATTRIBUTE_REDEFINED`), `]]>` in text
    /// (`XML_ERR_MISPLACED_CDATA_END`), an end tag that does not match
    /// (`XML_ERR_TAG_NAME_MISMATCH`), a `<` in an attribute value (`XML_ERR_LT_IN_ATTRIBUTE`; the
    /// push parser may read such a tag only when the input ends, thinking it unfinished), an
    /// unbound prefix (`XML_NS_ERR_UNDEFINED_NAMESPACE`). Not a malformed character reference or
    /// qualified name: a cut makes those too (`&#x20` and `dc:` at the end of the input).
    static let completeConstructCodes: Set<Int> = [
        Int(XML_ERR_INVALID_CHAR.rawValue), Int(XML_ERR_UNDECLARED_ENTITY.rawValue),
        Int(XML_WAR_UNDECLARED_ENTITY.rawValue), Int(XML_ERR_ATTRIBUTE_REDEFINED.rawValue),
        Int(XML_ERR_MISPLACED_CDATA_END.rawValue), Int(XML_ERR_TAG_NAME_MISMATCH.rawValue),
        Int(XML_ERR_LT_IN_ATTRIBUTE.rawValue), Int(XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue),
        Int(XML_NS_ERR_ATTRIBUTE_REDEFINED.rawValue),
    ]

    /// Stops SAX callbacks and makes libxml2's loops (the parse loop, entity expansion in
    /// content and in attribute values) end at their next check, without freeing anything:
    /// what `xmlHaltParser` does, minus releasing the input that the call stack still reads.
    ///
    /// Inside a DTD the parser is not marked finished: libxml2 2.9.14's `xmlParsePEReference`
    /// frees a parameter entity's input that `xmlPushInput` has already put on the input stack
    /// when the parser turns finished in between (an error while it checks the entity's
    /// content), and then reads the freed input (found by the fuzzer). There the DTD's own loops
    /// end by themselves within the subset libxml2 holds, with no callback and no entity expanded
    /// (the lookups refuse once parsing failed), and the owner halts the parser for good when
    /// `xmlParseChunk` returns.
    static func softHalt(_ context: xmlParserCtxtPtr) {
        context.pointee.wellFormed = 0
        context.pointee.disableSAX = 1
        if context.pointee.inSubset == 0 {
            context.pointee.instate = XML_PARSER_EOF
        }
        context.pointee.errNo = Int32(XML_ERR_USER_STOP.rawValue)
    }
}
