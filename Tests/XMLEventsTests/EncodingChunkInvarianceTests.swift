import Foundation
import Testing
import XMLEvents

/// Guarantees 1 and 4 together: a document in any encoding libxml2 supports, with or without a
/// byte order mark and declaration, gives the same outcome however its bytes arrive — in chunks
/// of 1 to 7 bytes, which cut every code unit and multi-byte sequence at every offset, or whole.
/// By default the events and the error (with its position) are identical; parsing as bytes
/// arrive, a document accepted whole gives the same events, and one refused whole is refused.
@Suite struct EncodingChunkInvarianceTests {
    /// What a sample must give, whole.
    enum Expectation: Sendable {
        /// The events of this UTF-8 document, after the start of the document (which differs by
        /// declaration).
        case content(of: String)
        /// An error.
        case refused
    }

    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: Data
        var expectation: Expectation
        var testDescription: String { name }
    }

    static let chunkSizes = Array(1...7) + [65_536]

    /// Characters of one, two, three and four bytes in UTF-8, one outside the BMP (a surrogate
    /// pair in UTF-16), in an attribute, text and an empty element.
    static let body = "<doc a=\"\u{E9}t\u{E9}\">Gr\u{FC}\u{DF}e \u{20AC} \u{1F600} \u{65E5}\u{672C}<e/>tail</doc>"

    /// ``body`` without the character outside the BMP.
    static let basicBody = body.replacingOccurrences(of: "\u{1F600}", with: "\u{263A}")

    /// The byte orders of UCS-4, as the positions of a big-endian code unit's bytes.
    enum Order: String, CaseIterable, Sendable {
        case bigEndian = "1234"
        case littleEndian = "4321"
        case unusual2143 = "2143"
        case unusual3412 = "3412"

        func encode(_ text: String) -> Data {
            let positions = rawValue.compactMap { $0.wholeNumberValue.map { $0 - 1 } }
            var bytes = Data()
            for scalar in text.unicodeScalars {
                let unit = withUnsafeBytes(of: scalar.value.bigEndian) { Array($0) }
                bytes.append(contentsOf: positions.map { unit[$0] })
            }
            return bytes
        }
    }

    static func declaration(_ encoding: String) -> String {
        "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n"
    }

    static func utf16(_ text: String, bigEndian: Bool) -> Data {
        var bytes = Data()
        for unit in text.utf16 {
            bytes.append(
                contentsOf: bigEndian
                    ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)])
        }
        return bytes
    }

    static let unicodeSamples: [Sample] = {
        let content = Expectation.content(of: body)
        var samples = [
            Sample(name: "UTF-8", bytes: Data(body.utf8), expectation: content),
            Sample(name: "UTF-8, declared", bytes: Data((declaration("UTF-8") + body).utf8), expectation: content),
            Sample(
                name: "UTF-8 with BOM, declared",
                bytes: Data([0xEF, 0xBB, 0xBF]) + Data((declaration("UTF-8") + body).utf8),
                expectation: content),
        ]
        for bigEndian in [false, true] {
            let order = bigEndian ? "BE" : "LE"
            let mark: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            samples += [
                Sample(
                    name: "UTF-16\(order) with BOM", bytes: Data(mark) + utf16(body, bigEndian: bigEndian),
                    expectation: content),
                Sample(
                    name: "UTF-16\(order) with BOM, declared UTF-16",
                    bytes: Data(mark) + utf16(declaration("UTF-16") + body, bigEndian: bigEndian), expectation: content),
                Sample(
                    name: "UTF-16\(order) without BOM, declared UTF-16\(order)",
                    bytes: utf16(declaration("UTF-16\(order)") + body, bigEndian: bigEndian), expectation: content),
                // UCS-2 has no surrogates: the character outside the BMP is left out.
                Sample(
                    name: "UTF-16\(order) without BOM, declared UCS-2\(order)",
                    bytes: utf16(declaration("UCS-2\(order)") + basicBody, bigEndian: bigEndian),
                    expectation: .content(of: basicBody)),
                // No declaration and no mark: refused (it must be UTF-8).
                Sample(
                    name: "UTF-16\(order) without BOM or declaration", bytes: utf16(body, bigEndian: bigEndian),
                    expectation: .refused),
            ]
        }
        // Only ICU knows this name: a converter that drops a code unit cut at a chunk's end.
        samples.append(
            Sample(
                name: "UTF-16BE without BOM, declared ISO-10646-UCS-2",
                bytes: utf16(declaration("ISO-10646-UCS-2") + basicBody, bigEndian: true),
                expectation: .content(of: basicBody)))
        // The issue's document: UCS-4 big-endian, declared as such, accepted whole.
        for declared in ["UCS-4", "ISO-10646-UCS-4", "UCS-4BE", "UTF-32BE"] {
            samples.append(
                Sample(
                    name: "UCS-4 big-endian, declared \(declared)",
                    bytes: Order.bigEndian.encode(declaration(declared) + body), expectation: content))
        }
        let long = "<log>" + String(repeating: body, count: 80) + "</log>"
        let longBytes = Order.bigEndian.encode(declaration("UCS-4") + long)
        samples.append(
            Sample(
                name: "UCS-4 big-endian, \(longBytes.count) bytes: several steps", bytes: longBytes,
                expectation: .content(of: long)))
        // libxml2 2.9.14 reads UCS-4 before the declaration with `ISO-10646-UCS-4`, big-endian
        // whatever the byte order, knows no mark for it, and has no converter for the unusual
        // orders; glibc reads `UTF-32` without a mark as little-endian: all of these are
        // refused, whole as in pieces.
        samples.append(
            Sample(
                name: "UCS-4 big-endian, declared UTF-32",
                bytes: Order.bigEndian.encode(declaration("UTF-32") + body), expectation: .refused))
        for declared in ["UCS-4", "UCS-4LE", "UTF-32LE"] {
            samples.append(
                Sample(
                    name: "UCS-4 little-endian, declared \(declared)",
                    bytes: Order.littleEndian.encode(declaration(declared) + body), expectation: .refused))
        }
        samples += [
            Sample(
                name: "UCS-4 big-endian with BOM, declared UCS-4",
                bytes: Order.bigEndian.encode("\u{FEFF}" + declaration("UCS-4") + body), expectation: .refused),
            Sample(
                name: "UCS-4 little-endian with BOM, declared UCS-4",
                bytes: Order.littleEndian.encode("\u{FEFF}" + declaration("UCS-4") + body), expectation: .refused),
            Sample(
                name: "UCS-4 big-endian without declaration", bytes: Order.bigEndian.encode(body), expectation: .refused
            ),
            Sample(
                name: "UCS-4 order 2143, declared UCS-4", bytes: Order.unusual2143.encode(declaration("UCS-4") + body),
                expectation: .refused),
            Sample(
                name: "UCS-4 order 3412, declared UCS-4", bytes: Order.unusual3412.encode(declaration("UCS-4") + body),
                expectation: .refused),
        ]
        return samples
    }()

    /// `text` written as `bytes` in the encoding `declared`, inside an element.
    static func legacy(_ declared: String, _ text: String, _ bytes: [UInt8]) -> Sample {
        let head = declaration(declared) + "<doc a=\"1\">x "
        return Sample(
            name: declared, bytes: Data(head.utf8) + Data(bytes) + Data(" y<e/></doc>".utf8),
            expectation: .content(of: "<doc a=\"1\">x \(text) y<e/></doc>"))
    }

    static let legacySamples: [Sample] =
        [
            legacy("ISO-8859-1", "\u{E9}t\u{E9}", [0xE9, 0x74, 0xE9]),
            legacy("ISO-8859-2", "\u{141}\u{F3}d\u{17A}", [0xA3, 0xF3, 0x64, 0xBC]),
            legacy("ISO-8859-5", "\u{436}\u{437}\u{438}", [0xD6, 0xD7, 0xD8]),
            legacy("ISO-8859-7", "\u{3B1}\u{3B2}\u{3B3}", [0xE1, 0xE2, 0xE3]),
            legacy("ISO-8859-15", "\u{20AC}", [0xA4]),
            legacy("windows-1252", "\u{20AC}\u{201C}", [0x80, 0x93]),
            legacy("KOI8-R", "\u{436}\u{437}\u{438}", [0xD6, 0xDA, 0xC9]),
            legacy("US-ASCII", "plain", Array("plain".utf8)),
            legacy("Shift_JIS", "\u{65E5}\u{672C}\u{8A9E}", [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]),
            legacy("EUC-JP", "\u{65E5}\u{672C}\u{8A9E}", [0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC]),
            legacy(
                "ISO-2022-JP", "\u{65E5}\u{672C}\u{8A9E}",
                [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x38, 0x6C, 0x1B, 0x28, 0x42]),
            ebcdic,
            // The rest of the single-byte ISO-8859 parts, and other encodings iconv converts.
            legacy("ISO-8859-3", "\u{126}\u{11D}", [0xA1, 0xF8]),
            legacy("ISO-8859-4", "\u{100}\u{138}", [0xC0, 0xA2]),
            legacy("ISO-8859-6", "\u{645}\u{631}", [0xE5, 0xD1]),
            legacy("ISO-8859-8", "\u{5E9}\u{5DC}", [0xF9, 0xEC]),
            legacy("ISO-8859-9", "\u{130}\u{15F}", [0xDD, 0xFE]),
            legacy("ISO-8859-10", "\u{14A}\u{14B}", [0xAF, 0xBF]),
            legacy("ISO-8859-11", "\u{E2A}\u{E27}", [0xCA, 0xC7]),
            legacy("ISO-8859-13", "\u{10C}\u{17E}", [0xC8, 0xFE]),
            legacy("ISO-8859-14", "\u{1E02}\u{1E81}", [0xA1, 0xB8]),
            legacy("ISO-8859-16", "\u{218}\u{21B}", [0xAA, 0xFE]),
            legacy("windows-1251", "\u{416}\u{438}", [0xC6, 0xE8]),
            legacy("EUC-KR", "\u{D55C}\u{AD6D}", [0xC7, 0xD1, 0xB1, 0xB9]),
            legacy("GBK", "\u{4E2D}\u{6587}", [0xD6, 0xD0, 0xCE, 0xC4]),
            legacy("GB18030", "\u{4E2D}\u{20AC}\u{1F600}", [0xD6, 0xD0, 0xA2, 0xE3, 0x94, 0x39, 0xFC, 0x36]),
            legacy("Big5", "\u{7E41}\u{9AD4}", [0xC1, 0x63, 0xC5, 0xE9]),
            legacy("UTF-7", "\u{20AC}\u{1F600}", [0x2B, 0x49, 0x4B, 0x7A, 0x59, 0x50, 0x64, 0x34, 0x41, 0x2D]),
            // A single-byte encoding whose name only ICU knows: no piece can end inside a character.
            legacy("macroman", "Gr\u{FC}\u{DF}e", [0x47, 0x72, 0x9F, 0xA7, 0x65]),
        ] + resetByICU.map { Sample(name: $0.name, bytes: $0.bytes, expectation: .refused) }

    /// Documents in multi-byte or stateful encodings whose names only ICU knows, which libxml2
    /// 2.9 resets at the end of every piece of input it converts. Whole, each gave the right
    /// text; in pieces, wrong text (HZ, ISO-2022-JP-1, UTF-7) or an error (a sequence cut:
    /// CESU-8, windows-65001, and an extension mapping of ICU's tables: csBig5's euro sign,
    /// windows-932's circled digit). Each is refused; KS_C_5601-1987 decoded these characters
    /// in pieces too, and is refused with the other multi-byte ICU names.
    static let resetByICU: [Sample] = [
        legacy("HZ", "\u{4E2D}\u{6587}", [0x7E, 0x7B, 0x56, 0x50, 0x4E, 0x44, 0x7E, 0x7D]),
        legacy("HZ-GB-2312", "\u{4E2D}\u{6587}", [0x7E, 0x7B, 0x56, 0x50, 0x4E, 0x44, 0x7E, 0x7D]),
        legacy("ISO-2022-JP-1", "\u{65E5}\u{672C}", [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42]),
        legacy("windows-65000", "\u{20AC}\u{1F600}", [0x2B, 0x49, 0x4B, 0x7A, 0x59, 0x50, 0x64, 0x34, 0x41, 0x2D]),
        legacy("CESU-8", "\u{E9}\u{1F600}", [0xC3, 0xA9, 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]),
        legacy("windows-65001", "\u{20AC}\u{1F600}", [0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80]),
        legacy("csBig5", "\u{20AC}\u{7E41}", [0xA3, 0xE1, 0xC1, 0x63]),
        legacy("windows-932", "\u{65E5}\u{672C}\u{2460}", [0x93, 0xFA, 0x96, 0x7B, 0x87, 0x40]),
        legacy("KS_C_5601-1987", "\u{D55C}\u{AD6D}\u{C5B4}", [0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE]),
    ]

    /// Code page 037 for the printable ASCII characters, from the space on.
    static let codePage037: [UInt8] = [
        0x40, 0x5A, 0x7F, 0x7B, 0x5B, 0x6C, 0x50, 0x7D, 0x4D, 0x5D, 0x5C, 0x4E, 0x6B, 0x60, 0x4B, 0x61, 0xF0, 0xF1,
        0xF2,
        0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0x7A, 0x5E, 0x4C, 0x7E, 0x6E, 0x6F, 0x7C, 0xC1, 0xC2, 0xC3, 0xC4,
        0xC5,
        0xC6, 0xC7, 0xC8, 0xC9, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6,
        0xE7,
        0xE8, 0xE9, 0xBA, 0xE0, 0xBB, 0xB0, 0x6D, 0x79, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x91,
        0x92,
        0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xC0, 0x4F, 0xD0,
        0xA1,
    ]

    /// EBCDIC, which libxml2 recognizes by `<?xm` in its first four bytes.
    static let ebcdic: Sample = {
        let text = declaration("IBM037") + "<doc a=\"1\">EBCDIC text</doc>"
        let bytes = text.utf8.map { $0 == 0x0A ? 0x25 : codePage037[Int($0) - 0x20] }
        return Sample(
            name: "IBM037 (EBCDIC)", bytes: Data(bytes), expectation: .content(of: "<doc a=\"1\">EBCDIC text</doc>"))
    }()

    /// Expects `bytes` in chunks of every size to give `whole`, fed in steps and, unless
    /// `asBytesArrive` is false (then only an error is expected), as they arrive.
    static func expectEveryChunkSize(of bytes: Data, toGive whole: ParseOutcome, asBytesArrive: Bool = true) async {
        let live = XMLParsingOptions(parsesAsBytesArrive: true)
        for size in chunkSizes {
            let chunks = Chunking.fixed(bytes, size: size)
            let split = await parse(chunks: chunks)
            #expect(split == whole, "\(size)-byte chunks:\n\(split)\n--- differs from one chunk ---\n\(whole)")
            let arriving = await parse(chunks: chunks, options: live)
            if asBytesArrive {
                #expect(
                    arriving == whole, "\(size)-byte chunks as they arrive:\n\(arriving)\n--- one chunk ---\n\(whole)")
            } else {
                #expect(arriving.error != nil, "\(size)-byte chunks as they arrive:\n\(arriving)")
            }
        }
    }

    @Test(arguments: unicodeSamples + legacySamples)
    func sameOutcomeAtEveryChunkSize(_ sample: Sample) async {
        let whole = await parse(sample.bytes)
        switch sample.expectation {
        case .content(let text):
            #expect(whole.error == nil, "\(whole)")
            #expect(whole.events.dropFirst() == (await parse(text)).events.dropFirst(), "\(whole)")
        case .refused:
            #expect(whole.error != nil, "\(whole)")
        }
        await Self.expectEveryChunkSize(of: sample.bytes, toGive: whole, asBytesArrive: whole.error == nil)
    }

    /// An encoding whose converter decodes differently in pieces is refused up front, whole and
    /// at every chunk size, with the same error: the encoding is not supported, by name.
    @Test(arguments: resetByICU)
    func anEncodingICUResetsIsRefusedByName(_ sample: Sample) async {
        let whole = await parse(sample.bytes)
        #expect(whole.error?.code == .unsupportedEncoding, "\(whole)")
        #expect(whole.error?.message.contains("'\(sample.name)'") == true, "\(whole)")
        // At the end of the XML declaration.
        #expect(whole.error?.byteOffset == Self.declaration(sample.name).utf8.count - 1, "\(whole)")
        await Self.expectEveryChunkSize(of: sample.bytes, toGive: whole)
    }

    /// A document that ends inside a character: the error, where the character starts, after
    /// the events before it.
    struct CutEnd: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: Data
        var code: XMLParsingError.Code
        /// The byte offset of the error, when it is the cut character's.
        var byteOffset: Int?
        var testDescription: String { name }
    }

    static let cutEnds: [CutEnd] = {
        let utf16Root = utf16("<r/>\n", bigEndian: false)
        let cutEuro: [UInt8] = [0xE2, 0x82]
        return [
            // libxml2 itself reports UTF-8 bytes: after the root, as content; inside, as the end.
            CutEnd(
                name: "UTF-8 after the root", bytes: Data("<r/>\n".utf8) + Data(cutEuro), code: .extraContent,
                byteOffset: 5),
            CutEnd(name: "UTF-8 in the root's text", bytes: Data("<r>a".utf8) + Data(cutEuro), code: .truncated),
            CutEnd(
                name: "UTF-8 in a comment after the root", bytes: Data("<r/><!-- a".utf8) + Data(cutEuro),
                code: .truncated),
            CutEnd(
                name: "UTF-8 in a PI after the root", bytes: Data("<r/><?p a".utf8) + Data(cutEuro), code: .truncated),
            // A converted encoding keeps a cut character for bytes that never come: after the
            // root element, nothing else notices.
            CutEnd(
                name: "UTF-16LE, an odd byte after the root", bytes: Data([0xFF, 0xFE]) + utf16Root + Data([0x41]),
                code: .undecodableInput, byteOffset: 12),
            CutEnd(
                name: "UTF-16LE, a lone high surrogate after the root",
                bytes: Data([0xFF, 0xFE]) + utf16Root + Data([0x3D, 0xD8]), code: .undecodableInput, byteOffset: 12),
            CutEnd(
                name: "UTF-16BE, a high surrogate and a byte after the root",
                bytes: Data([0xFE, 0xFF]) + utf16("<r/>\n", bigEndian: true) + Data([0xD8, 0x3D, 0xDE]),
                code: .undecodableInput, byteOffset: 12),
            CutEnd(
                name: "UTF-16LE declared, no mark, an odd byte after the root",
                bytes: utf16(declaration("UTF-16LE") + "<r/>", bigEndian: false) + Data([0x3D]),
                code: .undecodableInput, byteOffset: 92),
            CutEnd(
                name: "UTF-16LE in the root's text",
                bytes: Data([0xFF, 0xFE]) + utf16("<r>a", bigEndian: false)
                    + Data([0x3D, 0xD8]), code: .truncated),
            CutEnd(
                name: "UTF-16LE in a comment after the root",
                bytes: Data([0xFF, 0xFE]) + utf16("<r/><!-- a", bigEndian: false) + Data([0x3D, 0xD8]),
                code: .truncated),
            CutEnd(
                name: "Shift_JIS, a lone lead byte after the root",
                bytes: Data((declaration("Shift_JIS") + "<r/>\n").utf8) + Data([0x81]), code: .undecodableInput,
                byteOffset: 48),
            CutEnd(
                name: "EUC-JP, a lone lead byte after the root",
                bytes: Data((declaration("EUC-JP") + "<r/>").utf8) + Data([0xC6]), code: .undecodableInput,
                byteOffset: 44),
        ]
    }()

    @Test(arguments: cutEnds)
    func aCharacterCutByTheEndIsAnError(_ cut: CutEnd) async throws {
        let whole = await parse(cut.bytes)
        let error = try #require(whole.error, "\(whole)")
        #expect(error.code == cut.code, "\(whole)")
        if let offset = cut.byteOffset { #expect(error.byteOffset == offset, "\(whole)") }
        #expect(whole.events.contains { if case .startElement = $0 { true } else { false } }, "\(whole)")
        await Self.expectEveryChunkSize(of: cut.bytes, toGive: whole)
    }
}

/// Bytes that are not characters of the document's encoding, inside a document of several
/// steps: the error names where they are, after the events of everything before them, whatever
/// the chunks.
@Suite struct UndecodableBytesTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        /// The document's text before the bad bytes, and after them.
        var before: String
        var after: String
        var encode: @Sendable (String) -> Data
        var bad: [UInt8]
        /// A byte order mark.
        var mark: [UInt8] = []
        var testDescription: String { name }

        var bytes: Data { Data(mark) + encode(before) + Data(bad) + encode(after) }
    }

    /// Records up to the `count`th, whose text then starts; `padding` characters of text in
    /// the first record move the bad bytes by that much.
    static func text(_ encoding: String?, records count: Int, padding: Int = 0) -> String {
        let head = encoding.map { EncodingChunkInvarianceTests.declaration($0) } ?? ""
        let body = (0..<count).map {
            "<rec n=\"\($0)\">text \($0)\(String(repeating: "x", count: $0 == 0 ? padding : 0))</rec>\n"
        }
        return head + "<root>\n" + body.joined() + "<rec n=\"\(count)\">ab"
    }

    static let after = "cd</rec>\n<rec n=\"last\"/></root>\n"

    static func ascii(_ text: String) -> Data { Data(text.utf8) }
    static func utf16LE(_ text: String) -> Data { EncodingChunkInvarianceTests.utf16(text, bigEndian: false) }

    static let samples: [Sample] = {
        var samples: [Sample] = []
        for records in [3, 400] {
            samples += [
                Sample(
                    name: "UTF-16LE, a lone high surrogate, \(records) records", before: text(nil, records: records),
                    after: after, encode: { utf16LE($0) }, bad: [0x3D, 0xD8], mark: [0xFF, 0xFE]),
                Sample(
                    name: "Shift_JIS, a lead byte without its trail, \(records) records",
                    before: text("Shift_JIS", records: records), after: after, encode: { ascii($0) }, bad: [0x81, 0x20]),
                Sample(
                    name: "EUC-JP, a lead byte without its trail, \(records) records",
                    before: text("EUC-JP", records: records), after: after, encode: { ascii($0) }, bad: [0xA4, 0x20]),
                Sample(
                    name: "US-ASCII, a UTF-8 character, \(records) records",
                    before: text("US-ASCII", records: records), after: after, encode: { ascii($0) }, bad: [0xC3, 0xA9]),
            ]
        }
        // The bad bytes first in a step of the parse (at 8,192 bytes), which libxml2 halts on
        // before parsing anything, and at the document's end.
        let unpadded = text("US-ASCII", records: 400).utf8.count
        let padding = 8_192 * ((unpadded + 8_191) / 8_192) - unpadded
        samples += [
            Sample(
                name: "US-ASCII, at a step's start", before: text("US-ASCII", records: 400, padding: padding),
                after: after, encode: { ascii($0) }, bad: [0xC3, 0xA9]),
            Sample(
                name: "Shift_JIS, at a step's start", before: text("Shift_JIS", records: 400, padding: padding - 1),
                after: after, encode: { ascii($0) }, bad: [0x81, 0x20]),
            Sample(
                name: "US-ASCII, at the end", before: text("US-ASCII", records: 400), after: "</rec></root>",
                encode: { ascii($0) }, bad: [0xC3, 0xA9]),
        ]
        return samples
    }()

    @Test(arguments: samples)
    func theErrorIsWhereTheBytesAreAfterTheEventsBeforeThem(_ sample: Sample) async throws {
        let whole = await parse(sample.bytes)
        let error = try #require(whole.error, "\(whole)")
        #expect(error.code == .undecodableInput, "\(error)")
        #expect(error.byteOffset == sample.mark.count + sample.encode(sample.before).count, "\(error)")
        let lines = sample.before.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(error.line == lines.count, "\(error)")
        #expect(error.column == (lines.last?.unicodeScalars.count ?? 0) + 1, "\(error)")
        // Every record before the bad bytes, and the start of theirs with its text.
        let records = whole.events.filter {
            if case .startElement(let name, _, _) = $0 { name.localName == "rec" } else { false }
        }
        #expect(records.count == sample.before.components(separatedBy: "<rec ").count - 1, "\(whole)")
        // Fed in steps, the same outcome; fed as the bytes arrive, the error names the bytes
        // that had arrived (up to four), and is otherwise the same.
        await EncodingChunkInvarianceTests.expectEveryChunkSize(of: sample.bytes, toGive: whole, asBytesArrive: false)
        for size in EncodingChunkInvarianceTests.chunkSizes {
            let arriving = await parse(
                chunks: Chunking.fixed(sample.bytes, size: size), options: XMLParsingOptions(parsesAsBytesArrive: true))
            #expect(arriving.events == whole.events, "\(size)-byte chunks")
            let failure = try #require(arriving.error, "\(size)-byte chunks")
            #expect(failure.code == error.code && failure.byteOffset == error.byteOffset, "\(size): \(failure)")
            #expect(failure.line == error.line && failure.column == error.column, "\(size): \(failure)")
            #expect(error.message.hasPrefix(failure.message), "\(size): \(failure)")
        }
    }
}
