import Foundation
import Testing
import XMLEvents

/// Guarantee 4: documents in any encoding libxml2 supports come out as Swift strings.
@Suite struct EncodingTests {
    static let body = "<doc a=\"\u{E9}t\u{E9}\">Gr\u{FC}\u{DF}e \u{A9} \u{E0} bient\u{F4}t</doc>"

    /// The events of the UTF-8 original, without the start-of-document event (which differs by
    /// declaration).
    private func contentEvents(_ outcome: ParseOutcome) -> [XMLEvent] {
        Array(outcome.events.dropFirst())
    }

    private func reference() async -> [XMLEvent] {
        contentEvents(await parse(Self.body))
    }

    private func encode(_ text: String, _ encoding: String.Encoding, byteOrderMark: [UInt8] = []) throws -> Data {
        Data(byteOrderMark) + (try #require(text.data(using: encoding)))
    }

    @Test func utf8WithByteOrderMark() async throws {
        let outcome = await parse(Data([0xEF, 0xBB, 0xBF]) + Data(Self.body.utf8))
        #expect(outcome.error == nil)
        #expect(contentEvents(outcome) == (await reference()))
    }

    @Test func utf16WithByteOrderMark() async throws {
        let expected = await reference()
        for (encoding, mark) in [
            (String.Encoding.utf16LittleEndian, [UInt8]([0xFF, 0xFE])), (.utf16BigEndian, [0xFE, 0xFF]),
        ] {
            let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + Self.body
            let outcome = await parse(try encode(declared, encoding, byteOrderMark: mark))
            #expect(outcome.error == nil, "\(encoding): \(outcome)")
            #expect(contentEvents(outcome) == expected)
            let undeclared = await parse(try encode(Self.body, encoding, byteOrderMark: mark))
            #expect(contentEvents(undeclared) == expected, "\(encoding) without declaration")
        }
    }

    @Test func utf16WithoutByteOrderMarkButDeclared() async throws {
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-16LE\"?>" + Self.body
        let outcome = await parse(try encode(declared, .utf16LittleEndian))
        #expect(outcome.error == nil, "\(outcome)")
        #expect(contentEvents(outcome) == (await reference()))
    }

    @Test func singleByteEncodings() async throws {
        let expected = await reference()
        for (name, encoding) in [("ISO-8859-1", String.Encoding.isoLatin1), ("windows-1252", .windowsCP1252)] {
            let declared = "<?xml version=\"1.0\" encoding=\"\(name)\"?>" + Self.body
            let outcome = await parse(try encode(declared, encoding))
            #expect(outcome.error == nil, "\(name): \(outcome)")
            #expect(contentEvents(outcome) == expected, "\(name)")
            #expect(outcome.events.first == .startDocument(version: "1.0", encoding: name, standalone: nil))
        }
    }

    @Test func multiByteLegacyEncodings() async throws {
        let text = "<doc>\u{65E5}\u{672C}\u{8A9E}</doc>"
        let expected = contentEvents(await parse(text))
        let shiftJIS = try encode("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>" + text, .shiftJIS)
        // Foundation on Linux cannot encode EUC-JP; these are the three characters' EUC-JP bytes.
        let eucJP =
            Data("<?xml version=\"1.0\" encoding=\"EUC-JP\"?><doc>".utf8) + Data([0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC])
            + Data("</doc>".utf8)
        for (name, data) in [("Shift_JIS", shiftJIS), ("EUC-JP", eucJP)] {
            let outcome = await parse(data)
            #expect(outcome.error == nil, "\(name): \(outcome)")
            #expect(contentEvents(outcome) == expected, "\(name)")
        }
    }

    @Test func encodedDocumentsAreChunkInvariant() async throws {
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + Self.body
        let data = try encode(declared, .utf16LittleEndian, byteOrderMark: [0xFF, 0xFE])
        let whole = await parse(data)
        #expect(await parse(chunks: Chunking.fixed(data, size: 1)) == whole)
        #expect(await parse(chunks: Chunking.fixed(data, size: 3)) == whole)
    }

    @Test func unknownEncodingIsAnError() async throws {
        let error = try #require(await parse("<?xml version='1.0' encoding='x-no-such-thing'?><a/>").error)
        #expect(error.code == .unsupportedEncoding)
    }

    @Test func byteOrderMarkContradictingTheDeclarationIsAnError() async throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("<?xml version='1.0' encoding='ISO-8859-1'?><a/>".utf8)
        let error = try #require(await parse(data).error)
        #expect(error.code == .encodingMismatch)
    }

    @Test func bytesInvalidForTheDeclaredEncodingAreAnError() async throws {
        var data = Data("<?xml version='1.0' encoding='Shift_JIS'?><a>".utf8)
        data.append(contentsOf: [0x81, 0x20, 0xFF, 0xFF])
        data.append(Data("</a>".utf8))
        #expect(await parse(data).error != nil)
    }

    /// A string is already decoded: its declaration must not make the parser decode its UTF-8
    /// form a second time, whatever it names.
    @Test(arguments: ["ISO-8859-1", "windows-1252", "UTF-16", "Shift_JIS", "x-no-such-thing"])
    func stringsAreParsedAsUTF8WhateverTheyDeclare(declared: String) async throws {
        let document = "<?xml version='1.0' encoding='\(declared)'?><p a='ü'>é ☃ 𝄞</p>"
        var events: [XMLEvent] = []
        for try await event in XMLEvents(string: "\u{FEFF}" + document) { events.append(event) }
        #expect(events.first == .startDocument(version: "1.0", encoding: nil, standalone: nil))
        #expect(events.contains(.text("é ☃ 𝄞")))
        let attributes = events.compactMap { event -> XMLAttributes? in
            if case .startElement(_, let attributes, _) = event { attributes } else { nil }
        }
        #expect(attributes.first?.first?.value == "ü")
        // The same bytes as data are read as declared.
        if declared == "ISO-8859-1" {
            #expect(await parse(Data(document.utf8)).events.contains(.text("Ã© â\u{98}\u{83} ð\u{9D}\u{84}\u{9E}")))
        }
    }
}
