import CLibXML2
internal import CTapeRecorder

/// Where a libxml2 parser context is in its document, read field by field: the context is a large
/// C struct, and reading it whole (`pointee`) would copy it on every start tag.
extension UnsafeMutablePointer where Pointee == xmlParserCtxt {
    /// Line, column and byte offset (in the input as given) the parser has reached: what the C
    /// recorder records for every start tag, read the same way.
    var documentPosition: (line: Int, column: Int, byteOffset: Int) {
        var location = xmlevents_location()
        xmlevents_document_position(UnsafeMutableRawPointer(self), &location)
        return (location.line, location.column, location.byte_offset)
    }

    /// How far into the document, in bytes of its UTF-8 form, the parser has read: cheap, and
    /// independent of how the input was split into chunks.
    var decodedOffset: Int {
        xmlevents_document_decoded_offset(UnsafeMutableRawPointer(self))
    }
}
