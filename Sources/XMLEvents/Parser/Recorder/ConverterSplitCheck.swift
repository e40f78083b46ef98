import CLibXML2

/// Refuses a document whose declared encoding libxml2 converts in a way that depends on where
/// the pieces of input it is handed end: the text would then depend on how the bytes arrived.
///
/// libxml2 2.9.14 converts an encoding it does not implement itself with iconv, or, for a name
/// iconv does not know, with ICU (in a libxml2 built with it, as Debian's is). It hands the ICU
/// converter every piece of input as if the input ended there (`xmlParserInputBufferPush`
/// flushes), and ICU then resets the converter: a stateful encoding (`HZ`, ICU's ISO-2022 and
/// UTF-7 names, `SCSU`, `BOCU-1`, stateful EBCDIC) loses its shift state and decodes the rest of
/// the piece wrongly, without an error; ICU's UTF-8 family (`CESU-8`, `windows-65001`) loses a
/// sequence cut by the piece's end; and its multi-byte tables keep a cut sequence but not one of
/// their extension mappings (`csBig5`'s `€`, `A3 E1`, and `windows-932`'s `①`, `87 40`, cut after
/// the first byte, fail). The pieces are the package's fixed steps, or with
/// ``XMLParsingOptions/parsesAsBytesArrive`` the chunks as they arrive. iconv keeps its state
/// and a cut sequence, and its names cover the same encodings (`Big5`, `CP932`, `EUC-KR`).
///
/// So an encoding that libxml2 converts with ICU is read only when it is a single-byte one,
/// where no piece can end inside a character or a state: every character of ``sample`` that it
/// has is written as one byte. ICU has over a thousand names, and which of them iconv lacks
/// depends on the C library, so the converter itself is asked, once per document whose encoding
/// goes to ICU.
enum ConverterSplitCheck {
    /// Characters of many scripts (Latin-1, Cyrillic, Greek, Hebrew, Arabic, Thai, Devanagari,
    /// Chinese, Japanese kana, Korean, the euro sign, one outside the BMP): a multi-byte or
    /// stateful encoding writes at least one of those it has as more than one byte.
    private static let sample: [String] = [
        "\u{E9}", "\u{416}", "\u{3B1}", "\u{5D0}", "\u{627}", "\u{E01}", "\u{915}", "\u{4E2D}", "\u{65E5}",
        "\u{30AB}", "\u{D55C}", "\u{20AC}", "\u{2460}", "\u{1F600}",
    ]

    /// Why the document cannot be read, or `nil`: libxml2 converts it with ICU (neither with a
    /// converter of its own nor iconv) and the encoding is not a single-byte one. Only for bytes
    /// in a single-byte code unit form (``ByteOrderMark`` shows no 16- or 32-bit code units):
    /// the 16- and 32-bit forms get whole code units (see ``ParseDriver``).
    static func refusal(for context: xmlParserCtxtPtr, mark: ByteOrderMark) -> String? {
        guard mark.codeUnitByteCount == 1, let handler = context.pointee.input?.pointee.buf?.pointee.encoder,
            handler.pointee.input == nil, handler.pointee.iconv_in == nil, let name = handler.pointee.name
        else { return nil }
        // The probe's conversion errors are expected: they must not reach the document's handler.
        let saved = xmlevents_install_error_handlers(ignoreError, nil)
        defer { xmlevents_restore_error_handlers(saved) }
        guard !isSingleByte(name) else { return nil }
        return "the encoding '\(String(cString: name))' is not supported: libxml2 converts it with ICU, which "
            + "it resets at the end of every piece of input, so the text of this multi-byte or stateful "
            + "encoding would depend on where the pieces end; declare the name iconv knows it by (such as "
            + "Big5, CP932, EUC-KR, GB18030) or convert the document to UTF-8"
    }

    /// Whether every character of ``sample`` that the encoding `name` has is one byte in it,
    /// and it has at least one.
    private static func isSingleByte(_ name: UnsafePointer<CChar>) -> Bool {
        var found = false
        for character in sample {
            let utf8 = Array(character.utf8)
            guard let encoded = convert(utf8, name: name, encoding: true),
                // libxml2 writes a character the encoding lacks as a character reference.
                convert(encoded, name: name, encoding: false) == utf8
            else { continue }
            guard encoded.count == 1 else { return false }
            found = true
        }
        return found
    }

    private static let ignoreError: xmlStructuredErrorFunc = { _, _ in }

    /// `bytes` converted by a fresh converter for `name`, to the encoding or from it; `nil` when
    /// it fails.
    private static func convert(_ bytes: [UInt8], name: UnsafePointer<CChar>, encoding: Bool) -> [UInt8]? {
        guard let handler = xmlFindCharEncodingHandler(name) else { return nil }
        defer { xmlCharEncCloseFunc(handler) }
        var result: Int32 = 0
        let converted = withBuffers(bytes) { input, output in
            result = encoding ? xmlCharEncOutFunc(handler, output, input) : xmlCharEncInFunc(handler, output, input)
        }
        return result < 0 || converted.isEmpty ? nil : converted
    }

    /// Runs `body` with an input buffer holding `bytes` and an empty output buffer, and returns
    /// what the output buffer holds after it.
    private static func withBuffers(_ bytes: [UInt8], _ body: (xmlBufferPtr, xmlBufferPtr) -> Void) -> [UInt8] {
        guard let input = xmlBufferCreate() else { return [] }
        defer { xmlBufferFree(input) }
        guard let output = xmlBufferCreate() else { return [] }
        defer { xmlBufferFree(output) }
        bytes.withUnsafeBufferPointer { _ = xmlBufferAdd(input, $0.baseAddress, Int32($0.count)) }
        body(input, output)
        guard let content = xmlBufferContent(output) else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(output))))
    }
}
