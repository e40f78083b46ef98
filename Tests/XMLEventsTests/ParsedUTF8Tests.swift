import Foundation
import Testing
import XMLEvents

/// Strings are made from the bytes libxml2 passes on without validating them again: these
/// documents put each kind of malformed UTF-8 in each place a string comes from, and every
/// tier must stop with an error while every string it delivered before is valid UTF-8; and
/// valid multi-byte characters, cut by every chunk boundary, come out whole.
@Suite struct ParsedUTF8Tests {
    static let malformed: [(kind: String, bytes: [UInt8])] = [
        ("a stray continuation byte", [0x80]),
        ("a lead byte before ASCII", [0xC3, 0x41]),
        ("an overlong two-byte form", [0xC0, 0xAF]),
        ("an overlong three-byte form", [0xE0, 0x80, 0xAF]),
        ("a UTF-16 surrogate", [0xED, 0xA0, 0x80]),
        ("a code point past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        ("a five-byte form", [0xF8, 0x88, 0x80, 0x80, 0x80]),
        ("an FF byte", [0xFF]),
        ("a sequence cut short", [0xE2, 0x82]),
    ]

    /// Where the bytes go, and whether an element with the text "ok" comes before them.
    static let places: [(place: String, before: String, after: String, okFirst: Bool)] = [
        ("text", "<d><a>ok</a>ok \u{E9} ", " ok</d>", true),
        ("an attribute value", "<d><a>ok</a><e a=\"ok \u{E9} ", "\"/></d>", true),
        ("a namespace URI", "<d><a>ok</a><e xmlns:p=\"urn:\u{E9}", "\"/></d>", true),
        ("a comment", "<d><a>ok</a><!-- ok \u{E9} ", " --></d>", true),
        ("a processing instruction", "<d><a>ok</a><?pi ok \u{E9} ", "?></d>", true),
        ("a CDATA section", "<d><a>ok</a><![CDATA[ok \u{E9} ", "]]></d>", true),
        ("a long CDATA section", "<d><a>ok</a><![CDATA[" + String(repeating: "\u{E9}", count: 400), "]]></d>", true),
        ("a name", "<d><a>ok</a><e\u{E9}", "/></d>", true),
        ("an entity's value", "<!DOCTYPE d [<!ENTITY x \"ok \u{E9} ", "\">]><d><a>ok</a>&x;</d>", false),
        ("a default attribute value", "<!DOCTYPE d [<!ATTLIST e a CDATA \"\u{E9}", "\">]><d><a>ok</a><e/></d>", false),
        ("a system ID", "<!DOCTYPE d SYSTEM \"x\u{E9}", "\"><d><a>ok</a></d>", false),
        ("a comment in the DTD", "<!DOCTYPE d [<!-- \u{E9}", " -->]><d><a>ok</a></d>", false),
    ]

    static var documents: [(label: String, data: Data, okFirst: Bool)] {
        malformed.flatMap { bad in
            places.map { place in
                (
                    "\(bad.kind) in \(place.place)", Data(place.before.utf8) + Data(bad.bytes) + Data(place.after.utf8),
                    place.okFirst
                )
            }
        }
    }

    /// Whether the string's UTF-8 passes the standard library's validation.
    static func isValid(_ string: String) -> Bool {
        String(validating: Array(string.utf8), as: UTF8.self) != nil
    }

    static func strings(of event: XMLEvent) -> [String] {
        switch event {
        case .startDocument(let version, let encoding, _): [version, encoding].compactMap { $0 }
        case .doctype(let name, let publicID, let systemID): [name, publicID, systemID].compactMap { $0 }
        case .startElement(let name, let attributes, let namespaces):
            [name.qualifiedName] + attributes.flatMap { [$0.name.qualifiedName, $0.value] }
                + namespaces.flatMap { [$0.prefix ?? "", $0.uri] }
        case .endElement(let name): [name.qualifiedName]
        case .text(let text), .cdata(let text), .comment(let text), .skippedEntity(let text): [text]
        case .processingInstruction(let target, let data): [target, data]
        case .endDocument: []
        }
    }

    /// Every string a visitor makes of what it is lent.
    struct StringCollector: XMLVisitor {
        var strings: [String] = []
        mutating func startElement(_ tag: borrowing XMLStartTag) throws {
            strings.append(tag.name.qualifiedName)
            for index in 0..<tag.attributes.count { strings.append(tag.attributes.value(at: index)) }
        }
        mutating func text(_ text: borrowing XMLText) throws { strings.append(text.string) }
        mutating func cdata(_ text: borrowing XMLText) throws { strings.append(text.string) }
        mutating func comment(_ text: borrowing XMLText) throws { strings.append(text.string) }
        mutating func processingInstruction(target: borrowing XMLText, data: borrowing XMLText) throws {
            strings += [target.string, data.string]
        }
    }

    struct Item: Decodable, Equatable {
        var text: String
        enum CodingKeys: String, CodingKey { case text = "#text" }
    }

    static func chunks(_ data: Data, size: Int) -> [Data] {
        stride(from: 0, to: data.count, by: size).map { data.subdata(in: $0..<min($0 + size, data.count)) }
    }

    @Test(arguments: [1, 2, 4096], [true, false])
    func malformedUTF8StopsEveryTierAndNoInvalidStringGetsOut(chunkSize: Int, reportsCDATA: Bool) async throws {
        var options = XMLParsingOptions.default
        options.reportsCDATA = reportsCDATA
        for document in Self.documents {
            let chunks = Self.chunks(document.data, size: chunkSize)
            let outcome = await parse(chunks: chunks, options: options)
            #expect(outcome.error != nil, "\(document.label): \(outcome)")
            // The element before the bad bytes is delivered.
            #expect(outcome.events.contains(.text("ok")) == document.okFirst, "\(document.label): \(outcome)")
            for string in outcome.events.flatMap(Self.strings) {
                #expect(Self.isValid(string), "\(document.label): \(Array(string.utf8))")
            }

            var collector = StringCollector()
            await #expect(throws: XMLParsingError.self, "\(document.label)") {
                try await XMLEvents(FixedChunks(chunks: chunks), options: options).visit(&collector)
            }
            #expect(collector.strings.contains("ok") == document.okFirst, "\(document.label)")
            #expect(collector.strings.allSatisfy(Self.isValid), "\(document.label): \(collector.strings)")

            var items: [Item] = []
            await #expect(throws: XMLParsingError.self, "\(document.label)") {
                for try await item in try XMLEvents(FixedChunks(chunks: chunks), options: options).decode(
                    Item.self, matching: "a")
                {
                    items.append(item)
                }
            }
            #expect(items == (document.okFirst ? [Item(text: "ok")] : []), "\(document.label)")
        }
    }

    /// libxml2's push parser lets an overlong form through in CDATA; the recorder stops there,
    /// at the bad bytes, with the error the same bytes in text get.
    @Test(arguments: [1, 4096])
    func overlongFormInCDATAIsAnErrorAtItsBytes(chunkSize: Int) async throws {
        let document = Data("<d>one<![CDATA[ab\ncd ".utf8) + Data([0xC0, 0xAF]) + Data("]]></d>".utf8)
        let outcome = await parse(chunks: Self.chunks(document, size: chunkSize))
        let error = try #require(outcome.error)
        #expect(error.code == .invalidCharacter)
        #expect(error.message.contains("0xC0 0xAF"), "\(error.message)")
        #expect((error.line, error.column, error.byteOffset) == (2, 4, 21), "\(error)")
        #expect(outcome.events.contains(.text("one")))
    }

    /// One to four bytes per character, written out and as references, in every place; cut at
    /// every byte by chunks of 1 to 3 bytes.
    @Test(arguments: [1, 2, 3, 4096])
    func multiByteCharactersComeOutWholeFromEveryPlace(chunkSize: Int) async throws {
        let characters = "\u{E9}\u{20AC}\u{1F600}\u{6771}\u{4EAC}"
        let document = """
            <!DOCTYPE d [<!ENTITY x "\(characters)&#x1F680;">]>\
            <d a\u{E9}="\(characters)&#xE9;"><!--\(characters)--><?pi \(characters)?>\
            <![CDATA[\(characters)]]><e\u{20AC}>\(characters)&#x10FFFF;&x;</e\u{20AC}></d>
            """
        var options = XMLParsingOptions.default
        options.reportsCDATA = true
        let outcome = await parse(chunks: Self.chunks(Data(document.utf8), size: chunkSize), options: options)
        #expect(outcome.error == nil, "\(outcome)")
        let expected: [String] = [
            "d", "d", "a\u{E9}", characters + "\u{E9}", characters, "pi", characters, characters, "e\u{20AC}",
            characters + "\u{10FFFF}" + characters + "\u{1F680}", "e\u{20AC}", "d",
        ]
        let strings = outcome.events.flatMap(Self.strings).filter { !["1.0", "UTF-8"].contains($0) }
        #expect(strings == expected)

        var collector = StringCollector()
        try await XMLEvents(FixedChunks(chunks: Self.chunks(Data(document.utf8), size: chunkSize)), options: options)
            .visit(&collector)
        #expect(
            collector.strings == [
                "d", characters + "\u{E9}", characters, "pi", characters, characters, "e\u{20AC}",
                characters + "\u{10FFFF}" + characters + "\u{1F680}",
            ])
    }
}
