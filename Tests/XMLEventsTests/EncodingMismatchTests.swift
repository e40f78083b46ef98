import Foundation
import Testing
import XMLEvents

/// XML 1.0 (4.3.3, Appendix F): a document's encoding declaration must agree with what its
/// first bytes show, a byte order mark or, without one, the code units of `<?`. libxml2 2.9.14
/// trusts its own detection and ignores a declaration that contradicts it; the package rejects
/// the contradiction with ``XMLParsingError/Code/encodingMismatch`` at the end of the XML
/// declaration, with either limit set.
@Suite struct EncodingMismatchTests {
    static let body = "<doc a=\"\u{E9}\">x\u{E9}y</doc>"
    static let modes: [XMLParsingOptions] = [.default, .huge]

    /// The UTF-16 code units of `text`, without a byte order mark unless one is given.
    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool = false) -> Data {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return Data(bytes)
    }

    static func declaration(_ encoding: String) -> String {
        "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>"
    }

    /// Expects the document to end right after its start-of-document event with the mismatch,
    /// at the given line, column and byte offset, whatever the chunks.
    static func expectMismatch(
        _ data: Data, options: XMLParsingOptions, version: String? = "1.0", declared: String?, column: Int,
        byteOffset: Int, message: String, liveChunkSize: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let outcome = await parse(data, options: options)
        let expected = XMLParsingError(
            code: .encodingMismatch, message: message, line: 1, column: column, byteOffset: byteOffset)
        #expect(outcome.error == expected, sourceLocation: sourceLocation)
        let start = XMLEvent.startDocument(version: version, encoding: declared, standalone: nil)
        #expect(outcome.events == [start], sourceLocation: sourceLocation)
        for chunks in [Chunking.fixed(data, size: 1), Chunking.fixed(data, size: 3)] {
            #expect(await parse(chunks: chunks, options: options) == outcome, sourceLocation: sourceLocation)
        }
        var live = options
        live.parsesAsBytesArrive = true
        #expect(
            await parse(chunks: Chunking.fixed(data, size: liveChunkSize), options: live) == outcome,
            sourceLocation: sourceLocation
        )
    }

    /// The held-out case: `<\0?\0` without a mark, declaring UTF-8. Expat rejects it too.
    @Test(arguments: modes)
    func utf16WithoutAMarkDeclaringUTF8IsAnError(options: XMLParsingOptions) async {
        for bigEndian in [false, true] {
            for declared in ["UTF-8", "utf-8", "UTF8"] {
                let document = Self.declaration(declared) + Self.body
                // The declaration is all ASCII: one code unit, two bytes, per character.
                let column = Self.declaration(declared).count + 1
                await Self.expectMismatch(
                    Self.utf16(document, bigEndian: bigEndian), options: options, declared: declared,
                    column: column, byteOffset: 2 * (column - 1),
                    message: "the document has no byte order mark and its first bytes are 16-bit "
                        + "\(bigEndian ? "big" : "little")-endian code units, but it declares encoding '\(declared)'")
            }
        }
    }

    @Test(arguments: modes)
    func utf16WithoutAMarkDeclaringASingleByteEncodingIsAnError(options: XMLParsingOptions) async {
        for bigEndian in [false, true] {
            for declared in ["ISO-8859-1", "US-ASCII", "windows-1252", "Shift_JIS", "UTF-32"] {
                let column = Self.declaration(declared).count + 1
                await Self.expectMismatch(
                    Self.utf16(Self.declaration(declared) + Self.body, bigEndian: bigEndian), options: options,
                    declared: declared, column: column, byteOffset: 2 * (column - 1),
                    message: "the document has no byte order mark and its first bytes are 16-bit "
                        + "\(bigEndian ? "big" : "little")-endian code units, but it declares encoding '\(declared)'")
            }
        }
    }

    /// `UTF-16LE` in big-endian code units, or the other way round, with or without a mark.
    @Test(arguments: modes)
    func utf16InTheOtherByteOrderIsAnError(options: XMLParsingOptions) async {
        for bigEndian in [false, true] {
            let declared = bigEndian ? "UTF-16LE" : "UTF-16BE"
            let column = Self.declaration(declared).count + 1
            let order = bigEndian ? "big" : "little"
            let document = Self.declaration(declared) + Self.body
            await Self.expectMismatch(
                Self.utf16(document, bigEndian: bigEndian), options: options, declared: declared,
                column: column, byteOffset: 2 * (column - 1),
                message: "the document has no byte order mark and its first bytes are 16-bit \(order)-endian code "
                    + "units, but it declares encoding '\(declared)'")
            await Self.expectMismatch(
                Self.utf16(document, bigEndian: bigEndian, byteOrderMark: true), options: options, declared: declared,
                column: column, byteOffset: 2 + 2 * (column - 1),
                message: "the document starts with a UTF-16 (\(order)-endian) byte order mark but declares "
                    + "encoding '\(declared)'")
        }
    }

    /// Without a mark and without an encoding declaration, a document must be UTF-8 (4.3.3);
    /// `<?` in 16-bit code units is not.
    @Test(arguments: modes)
    func utf16WithoutAMarkOrAnEncodingDeclarationIsAnError(options: XMLParsingOptions) async {
        for bigEndian in [false, true] {
            let order = bigEndian ? "big" : "little"
            let message =
                "the document looks like UTF-16 (\(order)-endian) without its byte order mark: its first bytes are "
                + "16-bit \(order)-endian code units, and a document with neither a byte order mark nor an encoding "
                + "declaration must be UTF-8"
            await Self.expectMismatch(
                Self.utf16("<?xml version=\"1.0\"?>" + Self.body, bigEndian: bigEndian), options: options,
                declared: nil, column: 22, byteOffset: 42, message: message)
            // No XML declaration at all: a processing instruction comes first.
            await Self.expectMismatch(
                Self.utf16("<?pi data?>" + Self.body, bigEndian: bigEndian), options: options, version: nil,
                declared: nil, column: 1, byteOffset: 0, message: message)
            // Nor any `<?`: the root element comes first. Refused before libxml2 reads a byte
            // (which, reading them as UTF-8, would stop at the first zero byte with "Char 0x0
            // out of allowed range" or as if the input had ended).
            let data = Self.utf16(Self.body, bigEndian: bigEndian)
            let expected = XMLParsingError(code: .encodingMismatch, message: message, line: 1, column: 1, byteOffset: 0)
            for chunkSize in [1, 3, 4096] {
                let outcome = await parse(chunks: Chunking.fixed(data, size: chunkSize), options: options)
                #expect(outcome.error == expected)
                #expect(outcome.events.isEmpty)
            }
        }
    }

    /// UCS-4 big-endian without a mark is the one 32-bit form libxml2 2.9.14 decodes.
    @Test(arguments: modes)
    func ucs4WithoutAMarkDeclaringUTF8IsAnError(options: XMLParsingOptions) async throws {
        let document = Self.declaration("UTF-8") + Self.body
        let data = try #require(document.data(using: .utf32BigEndian))
        await Self.expectMismatch(
            data, options: options, declared: "UTF-8", column: 39, byteOffset: 4 * 38,
            message: "the document has no byte order mark and its first bytes are 32-bit big-endian code units, "
                + "but it declares encoding 'UTF-8'",
            // Parsed as the bytes arrive, libxml2 2.9.14 cannot read UCS-4 cut inside a character.
            liveChunkSize: 4)
        let declared = try #require((Self.declaration("UCS-4") + Self.body).data(using: .utf32BigEndian))
        let outcome = await parse(declared, options: options)
        #expect(outcome.error == nil, "\(outcome)")
        #expect(outcome.events.contains(.text("x\u{E9}y")))
    }

    /// The mark's own contradictions keep their error, now with the byte offset counted in the
    /// document's bytes even where libxml2 has switched to the declared decoder.
    @Test(arguments: modes)
    func aByteOrderMarkContradictingTheDeclarationIsAnError(options: XMLParsingOptions) async {
        for (declared, bigEndian) in [("UTF-8", false), ("ISO-8859-1", true), ("US-ASCII", false)] {
            let column = Self.declaration(declared).count + 1
            await Self.expectMismatch(
                Self.utf16(Self.declaration(declared) + Self.body, bigEndian: bigEndian, byteOrderMark: true),
                options: options, declared: declared, column: column, byteOffset: 2 + 2 * (column - 1),
                message: "the document starts with a UTF-16 (\(bigEndian ? "big" : "little")-endian) byte order "
                    + "mark but declares encoding '\(declared)'")
        }
        await Self.expectMismatch(
            Data([0xEF, 0xBB, 0xBF]) + Data((Self.declaration("ISO-8859-1") + Self.body).utf8), options: options,
            declared: "ISO-8859-1", column: 44, byteOffset: 3 + 43,
            message: "the document starts with a UTF-8 byte order mark but declares encoding 'ISO-8859-1'")
    }

    /// What agrees is still read: UTF-16 with or without its mark, declared as UTF-16 or in its
    /// own byte order; UTF-8 as UTF-8; ISO-8859-1 as itself.
    @Test(arguments: modes)
    func declarationsThatAgreeAreRead(options: XMLParsingOptions) async throws {
        var documents: [(String, Data)] = []
        for bigEndian in [false, true] {
            let order = bigEndian ? "UTF-16BE" : "UTF-16LE"
            for declared in ["UTF-16", "utf-16", order] {
                let text = Self.declaration(declared) + Self.body
                documents.append(("\(declared), \(order), no mark", Self.utf16(text, bigEndian: bigEndian)))
                documents.append(
                    ("\(declared), \(order), mark", Self.utf16(text, bigEndian: bigEndian, byteOrderMark: true)))
            }
            documents.append(
                ("no declaration, \(order), mark", Self.utf16(Self.body, bigEndian: bigEndian, byteOrderMark: true)))
        }
        documents.append(("UTF-8", Data((Self.declaration("UTF-8") + Self.body).utf8)))
        documents.append(
            ("UTF-8, mark", Data([0xEF, 0xBB, 0xBF]) + Data((Self.declaration("UTF-8") + Self.body).utf8)))
        documents.append(("UTF-8, no declaration", Data(Self.body.utf8)))
        documents.append(
            ("ISO-8859-1", try #require((Self.declaration("ISO-8859-1") + Self.body).data(using: .isoLatin1))))
        for (name, data) in documents {
            let outcome = await parse(data, options: options)
            #expect(outcome.error == nil, "\(name): \(outcome)")
            #expect(outcome.events.contains(.text("x\u{E9}y")), "\(name): \(outcome)")
        }
    }
}
