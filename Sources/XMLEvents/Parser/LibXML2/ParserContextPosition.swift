import CLibXML2

/// Where a libxml2 parser context is in its document, read field by field: the context is a large
/// C struct, and reading it whole (`pointee`) would copy it on every start tag.
extension UnsafeMutablePointer where Pointee == xmlParserCtxt {
    /// The document's own input: the first on the stack while a parameter entity is being read.
    private var documentInput: xmlParserInputPtr? {
        pointee.inputNr > 1 ? pointee.inputTab?[0] : pointee.input
    }

    /// Line, column and byte offset (in the input as given) the parser has reached.
    var documentPosition: (line: Int, column: Int, byteOffset: Int) {
        guard let input = documentInput else { return (0, 0, 0) }
        let line = Int(input.pointee.line)
        let column = Int(input.pointee.col)
        if pointee.inputNr == 1 {
            // Without an encoder the input is the document's own bytes; with one, libxml2
            // converts the position back into the document's encoding.
            if input.pointee.buf?.pointee.encoder == nil {
                return (line, column, UnsafeMutablePointer.decodedOffset(of: input))
            }
            let consumed = Int(xmlByteConsumed(self))
            if consumed >= 0 { return (line, column, consumed) }
        }
        return (line, column, UnsafeMutablePointer.decodedOffset(of: input))
    }

    /// How far into the document, in bytes of its UTF-8 form, the parser has read: cheap, and
    /// independent of how the input was split into chunks.
    var decodedOffset: Int {
        guard let input = documentInput else { return 0 }
        return UnsafeMutablePointer.decodedOffset(of: input)
    }

    private static func decodedOffset(of input: xmlParserInputPtr) -> Int {
        let consumed = Int(input.pointee.consumed)
        guard let cursor = input.pointee.cur, let base = input.pointee.base else { return consumed }
        return consumed + (cursor - base)
    }
}
