import Foundation
import Testing
import XMLEvents

/// What the writer writes parses back, through the package's own parser, to the events written;
/// what cannot is refused with an ``XMLWriterError``, not altered and not written broken.
@Suite("Writer: round trip or refusal")
struct WriterRoundTripTests {
    /// CDATA sections are reported as such, so that a CDATA event written is compared with one
    /// read.
    private static let options = XMLParsingOptions(reportsCDATA: true)

    private enum Outcome: Equatable {
        /// Written, and parsed back to the events written.
        case roundTrip
        /// Refused with this code, with nothing written: expected, by a message that names the
        /// text given; as it happened, with the error's message.
        case refused(XMLWriterError.Code, naming: String = "")
        /// Written and parsed back without error, but to other events: a defect.
        case altered(String)
        /// Written, but the parser rejects it: a defect.
        case unparseable(String)
    }

    /// Writes `events` as a document, parses the output, and says which it was.
    private func outcome(of events: [XMLEvent]) async -> Outcome {
        var writer = XMLWriter()
        do {
            for (index, event) in events.enumerated() {
                let before = writer.bufferedByteCount
                do {
                    try writer.write(event)
                } catch {
                    guard writer.bufferedByteCount == before else {
                        return .altered("event \(index) was refused (\(error)) after writing something")
                    }
                    return .refused(error.code, naming: error.message)
                }
            }
            try writer.finish()
        } catch {
            return .refused(error.code, naming: error.message)
        }
        let written = writer.takeString()
        let parsed = await parse(written, options: Self.options)
        if let error = parsed.error { return .unparseable("\(written.debugDescription): \(error)") }
        let read = Self.pieced(parsed.events.filter(\.isContent))
        let expected = Self.pieced(events.filter(\.isContent))
        return read == expected ? .roundTrip : .altered("\(written.debugDescription) read as \(read)")
    }

    /// Expects `events` to have the outcome `expected`, and shows the one they had.
    private func check(
        _ events: [XMLEvent], _ expected: Outcome, _ comment: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let actual = await outcome(of: events)
        var matches = actual == expected
        if case .refused(let code, let detail) = expected, case .refused(code, let message) = actual {
            matches = detail.isEmpty || message.contains(detail)
        }
        #expect(matches, "\(comment) \(actual)", sourceLocation: sourceLocation)
    }

    /// How the writer's message names a character it refuses.
    private static func named(_ scalar: Unicode.Scalar) -> String {
        guard scalar != "\r" else { return "a carriage return cannot stand" }
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + " is not a character"
    }

    /// How the writer's message names a namespace URI it refuses.
    private static func refusing(uri: String) -> Outcome {
        .refused(.invalidNamespaceURI, naming: "\"\(uri)\" is not a URI the parser accepts")
    }

    /// Adjacent text events as one, and adjacent CDATA events as one: the parser delivers
    /// character data in pieces of its own, and a CDATA section holding `]]>` can only be
    /// written as two.
    private static func pieced(_ events: [XMLEvent]) -> [XMLEvent] {
        var result: [XMLEvent] = []
        for event in events {
            switch (result.last, event) {
            case (.text(let before)?, .text(let text)): result[result.count - 1] = .text(before + text)
            case (.cdata(let before)?, .cdata(let text)): result[result.count - 1] = .cdata(before + text)
            default: result.append(event)
            }
        }
        return result
    }

    // MARK: - The cases of the review

    @Test func aPublicIdentifierWithoutASystemIdentifierIsRefused() async throws {
        let refused = Outcome.refused(
            .invalidDeclaration, naming: "a public identifier needs a system identifier after it (XML 1.0 [75])")
        await check([.doctype(name: "r", publicID: "-//a//b", systemID: nil), .start("r"), .end("r")], refused)
        await check([.doctype(name: "r", publicID: "-//a//b", systemID: "b.dtd"), .start("r"), .end("r")], .roundTrip)
        await check([.doctype(name: "r", publicID: nil, systemID: "b.dtd"), .start("r"), .end("r")], .roundTrip)
        await check([.doctype(name: "r", publicID: "-//a//b", systemID: ""), .start("r"), .end("r")], .roundTrip)
    }

    @Test(arguments: ["\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}", "\r"])
    func aSystemIdentifierHoldsNoCharacterItCannotCarry(_ character: String) async throws {
        let doctype = XMLEvent.doctype(name: "r", publicID: nil, systemID: "a" + character + "b.dtd")
        let scalar = try #require(character.unicodeScalars.first)
        await check([doctype, .start("r")], .refused(.unrepresentableCharacter, naming: Self.named(scalar)))
        let withPublicID = XMLEvent.doctype(name: "r", publicID: "-//a//b", systemID: "a" + character + "b.dtd")
        await check([withPublicID, .start("r")], .refused(.unrepresentableCharacter, naming: Self.named(scalar)))
    }

    @Test func aPublicIdentifierHoldsNoCharacterItCannotCarry() async throws {
        let refused = Outcome.refused(.invalidDeclaration, naming: "the public identifier holds a character it may not")
        for character in ["\u{1}", "\u{FFFE}", "\u{FFFF}", "\t", "\""] {
            let doctype = XMLEvent.doctype(name: "r", publicID: "a" + character, systemID: "s")
            await check([doctype, .start("r")], refused, "\(character.debugDescription)")
        }
        // libxml2 reads a public identifier's line ends as they are.
        await check([.doctype(name: "r", publicID: "a\r\nb\rc", systemID: "s"), .start("r"), .end("r")], .roundTrip)
    }

    /// A URI the parser refuses as a namespace name, declared or carried by a name.
    @Test(arguments: ["urn:\"<&>", "urn:\u{1}", "urn:\u{FFFD}", "urn:é", "a b", "urn:\t", "urn:\r", "urn:\u{0}x"])
    func aNamespaceURITheParserRefusesIsRefused(_ uri: String) async throws {
        let declared = XMLEvent.startElement(
            name: XMLName(localName: "r", prefix: "p", namespaceURI: uri), attributes: [],
            namespaces: [XMLNamespaceDeclaration(prefix: "p", uri: uri)])
        await check([declared], Self.refusing(uri: uri))
        let defaulted = XMLEvent.startElement(
            name: XMLName(localName: "r", namespaceURI: uri), attributes: [],
            namespaces: [XMLNamespaceDeclaration(prefix: nil, uri: uri)])
        await check([defaulted], Self.refusing(uri: uri))
        // Without a declaration: the writer would declare one.
        await check([.start("{\(uri)}r")], Self.refusing(uri: uri))
        let attribute = XMLEvent.startElement(
            name: XMLName(localName: "r"),
            attributes: [XMLAttribute(name: XMLName(localName: "a", namespaceURI: uri), value: "")],
            namespaces: [])
        await check([attribute], Self.refusing(uri: uri))
    }

    @Test(arguments: ["urn:x", "http://example.org/a?b=1&c='2'#f", "relative", "urn:%C3%A9", "urn:a;b=c"])
    func aNamespaceURITheParserAcceptsRoundTrips(_ uri: String) async throws {
        let event = XMLEvent.startElement(
            name: XMLName(localName: "r", prefix: "p", namespaceURI: uri),
            attributes: [XMLAttribute(name: XMLName(localName: "a", prefix: "p", namespaceURI: uri), value: "v")],
            namespaces: [XMLNamespaceDeclaration(prefix: "p", uri: uri)])
        await check([event, .endElement(name: XMLName(localName: "r", prefix: "p", namespaceURI: uri))], .roundTrip)
    }

    /// A carriage return is written as `&#13;` in text and attribute values, and refused where
    /// no reference can stand: a raw one would be read as a line feed.
    @Test func aCarriageReturnIsAReferenceOrRefused() async throws {
        let refused = Outcome.refused(.unrepresentableCharacter, naming: Self.named("\r"))
        await check([.start("r"), .text("a\rb\r\nc\r"), .end("r")], .roundTrip)
        await check([.start("r", attributes: ["v": "a\rb\r\nc"]), .end("r")], .roundTrip)
        await check([.start("r"), .cdata("a\rb"), .end("r")], refused)
        await check([.start("r"), .cdata("a\r\nb"), .end("r")], refused)
        await check([.start("r"), .comment("a\rb"), .end("r")], refused)
        await check([.start("r"), .processingInstruction(target: "p", data: "a\rb"), .end("r")], refused)
        // Outside the root element, white space is written as it is: no reference may stand
        // there. The parser does not report it.
        let written = try XMLWriter.string(for: [.start("r"), .end("r"), .text("\r\n\t ")])
        #expect(written == "<r/>\r\n\t ")
        let parsed = await parse(written, options: Self.options)
        #expect(parsed.error == nil)
        #expect(parsed.events.filter(\.isContent) == [.start("r"), .end("r")])
    }

    @Test func theMessagesSayWhatToDo() throws {
        var writer = XMLWriter()
        try writer.start("r")
        #expect(
            throws: XMLWriterError(
                code: .unrepresentableCharacter,
                message: "cannot write a CDATA section \"a\rb\": a carriage return cannot stand in a CDATA section, "
                    + "where parsers read it as a line feed; write it as text, where it becomes &#13;",
                event: .cdata("a\rb"), openElements: [XMLName(localName: "r")], byteOffset: 2)
        ) { try writer.write(.cdata("a\rb")) }
        do {
            try writer.write(.cdata("a\rb"))
        } catch {
            #expect(
                error.description
                    == "cannot write a CDATA section \"a\\u{D}b\": a carriage return cannot stand in a CDATA section, "
                    + "where parsers read it as a line feed; write it as text, where it becomes &#13; (in /r, at byte 2)"
            )
        }
        do {
            try writer.write(.text("a\u{1}b"))
        } catch {
            #expect(
                error.description
                    == "cannot write text \"a\\u{1}b\": U+0001 is not a character XML allows (in /r, at byte 2)")
        }
        do {
            try writer.write(.start("{urn:\"<&>}x"))
        } catch {
            #expect(error.code == .invalidNamespaceURI)
            #expect(error.description.contains("\"urn:\"<&>\" is not a URI the parser accepts as a namespace name"))
        }
        // Nothing refused was written; the writer goes on.
        try writer.text("ok")
        try writer.finish()
        #expect(writer.takeString() == "<r>ok</r>")
    }

    @Test func commentsAndProcessingInstructionsAreNotAltered() async throws {
        for text in ["a--b", "--", "a-", "-"] {
            await check([.start("r"), .comment(text), .end("r")], .refused(.invalidComment), "\(text)")
        }
        for text in ["a-b", "-a", "", " a ", "a\nb"] {
            await check([.start("r"), .comment(text), .end("r")], .roundTrip, "\(text)")
        }
        for data in ["a?>b", "?>", " a", "\ta", "\na"] {
            let event = XMLEvent.processingInstruction(target: "p", data: data)
            await check(
                [.start("r"), event, .end("r")], .refused(.invalidProcessingInstructionData), "\(data.debugDescription)"
            )
        }
        for data in ["a ?b", "a?", "a ", "", "a>b", "a\nb"] {
            let event = XMLEvent.processingInstruction(target: "p", data: data)
            await check([.start("r"), event, .end("r")], .roundTrip, "\(data.debugDescription)")
        }
    }

    /// `]]>` in a CDATA section is written as two sections: the same characters, still CDATA.
    @Test func aCDATASectionHoldingItsEndIsSplit() async throws {
        let events: [XMLEvent] = [.start("r"), .cdata("a]]>b]]>"), .end("r")]
        await check(events, .roundTrip)
        let written = try XMLWriter.string(for: events)
        #expect(written == "<r><![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>]]></r>")
        let parsed = await parse(written, options: Self.options)
        #expect(
            parsed.events.filter(\.isContent).dropFirst().dropLast() == [.cdata("a]]"), .cdata(">b]]"), .cdata(">")])
    }

    // MARK: - Every character, everywhere

    /// Where a string goes in a document, as the events that put it there.
    enum Place: String, CaseIterable, Sendable {
        case text, attributeValue, cdata, comment, processingInstruction, systemID, publicID, namespaceURI
        case elementName, attributeName, target

        func events(_ string: String) -> [XMLEvent] {
            switch self {
            case .text: [.start("r"), .text(string), .end("r")]
            case .attributeValue: [.start("r", attributes: ["a": string]), .end("r")]
            case .cdata: [.start("r"), .cdata(string), .end("r")]
            case .comment: [.start("r"), .comment(string), .end("r")]
            case .processingInstruction: [.start("r"), .processingInstruction(target: "p", data: string), .end("r")]
            case .systemID: [.doctype(name: "r", publicID: nil, systemID: string), .start("r"), .end("r")]
            case .publicID: [.doctype(name: "r", publicID: string, systemID: "s"), .start("r"), .end("r")]
            case .namespaceURI:
                [
                    .startElement(
                        name: XMLName(localName: "r", prefix: "p", namespaceURI: "urn:" + string), attributes: [],
                        namespaces: [XMLNamespaceDeclaration(prefix: "p", uri: "urn:" + string)]),
                    .endElement(name: XMLName(localName: "r", prefix: "p", namespaceURI: "urn:" + string)),
                ]
            case .elementName:
                [
                    .startElement(name: XMLName(localName: string), attributes: [], namespaces: []),
                    .endElement(name: XMLName(localName: string)),
                ]
            case .attributeName:
                [
                    .startElement(
                        name: XMLName(localName: "r"),
                        attributes: [XMLAttribute(name: XMLName(localName: string), value: "")],
                        namespaces: []),
                    .endElement(name: XMLName(localName: "r")),
                ]
            case .target: [.start("r"), .processingInstruction(target: string, data: ""), .end("r")]
            }
        }
    }

    /// Every character class that matters to XML, and the sequences that end or alter markup.
    private static let pieces: [String] =
        [0x00...0x20, 0x7F...0x7F, 0x85...0x85, 0xA0...0xA0, 0x300...0x300, 0xD7FF...0xD7FF, 0xE000...0xE000]
        .joined().map { String(Character(Unicode.Scalar(UInt32($0)) ?? "x")) }
        + [0xFDD0, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF].map { String(Character(Unicode.Scalar($0) ?? "x")) }
        + [
            "\"", "'", "<", ">", "&", "]", "-", "?", ":", ".", "·", "é", "\r\n", "--", "?>", "]]>", "&amp;", "&#13;",
            "%20",
        ]

    /// Each piece alone, first, inside and last, in every place: the output parses back to the
    /// events written, or the event is refused with nothing written. Never altered, never broken.
    @Test(arguments: Place.allCases)
    func everyPieceRoundTripsOrIsRefused(_ place: Place) async throws {
        var defects: [String] = []
        var counts = (roundTrips: 0, refusals: 0)
        for piece in Self.pieces {
            for string in [piece, piece + "a", "a" + piece + "b", "a" + piece] {
                switch await outcome(of: place.events(string)) {
                case .roundTrip: counts.roundTrips += 1
                case .refused: counts.refusals += 1
                case .altered(let detail), .unparseable(let detail):
                    defects.append("\(string.debugDescription): \(detail)")
                }
            }
        }
        #expect(defects.isEmpty, "\(place): \(defects.count) defects: \(defects.prefix(10))")
        // Both happen in every place: the table exercises the checks, not only one side of them.
        #expect(counts.roundTrips > 0 && counts.refusals > 0, "\(place): \(counts)")
    }
}

extension XMLEvent {
    /// Not the document's start or end, which the parser adds.
    fileprivate var isContent: Bool {
        switch self {
        case .startDocument, .endDocument: false
        default: true
        }
    }
}
