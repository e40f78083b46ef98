import Foundation
import Testing
import XMLEvents

/// Entity references the parser does not replace: an external entity that is not loaded, or an
/// entity that is not declared where its declaration may be in an external subset that was not
/// read. Each is reported where it stood, as ``XMLEvent/skippedEntity(name:)``, through every
/// reader (owned events, the visitor, subtrees, decoding, the writer), or fails the parse with
/// ``XMLParsingOptions/rejectsSkippedEntities``; none is dropped without a word.
@Suite struct SkippedEntityTests {
    /// An entity declared in an external subset that is not read, in text, in a child and next
    /// to markup, and an internal entity around it.
    static let undeclared = """
        <!DOCTYPE d SYSTEM "d.dtd" [<!ENTITY in "[&amp;]">]><d>a&nbsp;b<e>&copy;</e>&in;&nbsp;<f/></d>
        """

    static let undeclaredEvents: [XMLEvent] = [
        .startDocument(version: nil, encoding: nil, standalone: nil),
        .doctype(name: "d", publicID: nil, systemID: "d.dtd"),
        .start("d"), .text("a"), .skippedEntity(name: "nbsp"), .text("b"),
        .start("e"), .skippedEntity(name: "copy"), .end("e"),
        .text("[&]"), .skippedEntity(name: "nbsp"), .start("f"), .end("f"),
        .end("d"), .endDocument,
    ]

    /// An external entity that is not loaded, directly and inside an internal entity's text.
    static let external = """
        <!DOCTYPE d [<!ENTITY local SYSTEM "local.xml"><!ENTITY wrap "x&local;y">]><d>a&local;b&wrap;</d>
        """

    static let externalEvents: [XMLEvent] = [
        .startDocument(version: nil, encoding: nil, standalone: nil),
        .doctype(name: "d", publicID: nil, systemID: nil),
        .start("d"), .text("a"), .skippedEntity(name: "local"), .text("bx"), .skippedEntity(name: "local"),
        .text("y"), .end("d"), .endDocument,
    ]

    /// Every way the bytes may arrive: in 4 KiB steps (the default) and as they arrive, in chunks
    /// of 1, 2, 3 and 4,096 bytes.
    static let feeds: [(chunkSize: Int, asBytesArrive: Bool)] = [1, 2, 3, 4_096].flatMap { size in
        [(size, false), (size, true)]
    }

    static func outcome(
        _ document: String, chunkSize: Int, asBytesArrive: Bool, options: XMLParsingOptions = .default
    ) async -> ParseOutcome {
        var options = options
        options.parsesAsBytesArrive = asBytesArrive
        return await parse(chunks: Chunking.fixed(Data(document.utf8), size: chunkSize), options: options)
    }

    @Test(arguments: feeds)
    func undeclaredEntityInContentIsReportedWhereItStood(chunkSize: Int, asBytesArrive: Bool) async {
        let outcome = await Self.outcome(Self.undeclared, chunkSize: chunkSize, asBytesArrive: asBytesArrive)
        #expect(outcome == ParseOutcome(events: Self.undeclaredEvents, error: nil), "\(outcome)")
    }

    @Test(arguments: feeds)
    func externalEntityNotLoadedIsReportedWhereItStood(chunkSize: Int, asBytesArrive: Bool) async {
        let outcome = await Self.outcome(Self.external, chunkSize: chunkSize, asBytesArrive: asBytesArrive)
        #expect(outcome == ParseOutcome(events: Self.externalEvents, error: nil), "\(outcome)")
    }

    /// A resolver that declines (returns `nil`) skips the entity as much as no resolver does; one
    /// that loads it leaves nothing skipped.
    @Test func resolverDecidesWhatIsSkipped() async {
        let declining = XMLParsingOptions(externalEntityResolver: { _ in nil })
        #expect(await parse(Self.external, options: declining) == ParseOutcome(events: Self.externalEvents, error: nil))
        let loading = XMLParsingOptions(externalEntityResolver: { request in
            request.systemID == "local.xml" ? Data("L".utf8) : nil
        })
        let outcome = await parse(Self.external, options: loading)
        #expect(outcome.error == nil)
        #expect(outcome.events.dropFirst(2) == [.start("d"), .text("aLbxLy"), .end("d"), .endDocument])
    }

    /// An entity declared in the external subset that the resolver loads is replaced, not skipped.
    @Test func entityFromALoadedExternalSubsetIsReplaced() async {
        let options = XMLParsingOptions(externalEntityResolver: { request in
            request.systemID == "d.dtd" ? Data("<!ENTITY nbsp '&#xA0;'><!ENTITY copy '(c)'>".utf8) : nil
        })
        let outcome = await parse(Self.undeclared, options: options)
        #expect(outcome.error == nil)
        #expect(!outcome.events.contains { if case .skippedEntity = $0 { true } else { false } })
        #expect(outcome.events.contains(.text("a\u{A0}b")))
    }

    /// An attribute value cannot carry an event: an entity libxml2 would leave out of it (not
    /// declared, the external subset not read) fails the parse there, whatever the option says,
    /// after the events before the tag. Directly, through an internal entity, and in a default
    /// of the DTD.
    @Test(arguments: [false, true])
    func undeclaredEntityInAnAttributeValueIsAnError(rejects: Bool) async throws {
        let options = XMLParsingOptions(rejectsSkippedEntities: rejects)
        for (document, before) in [
            (#"<!DOCTYPE d SYSTEM "d.dtd"><d><e a="p&u;q"/></d>"#, #"<!DOCTYPE d SYSTEM "d.dtd"><d><e a="p&u;"#),
            (
                #"<!DOCTYPE d SYSTEM "d.dtd" [<!ENTITY w "1&u;2">]><d><e a="&w;"/></d>"#,
                #"<!DOCTYPE d SYSTEM "d.dtd" [<!ENTITY w "1&u;2">]><d><e a="&w;"#
            ),
            (
                #"<!DOCTYPE d SYSTEM "d.dtd" [<!ATTLIST e a CDATA "1&u;2">]><d><e/></d>"#,
                #"<!DOCTYPE d SYSTEM "d.dtd" [<!ATTLIST e a CDATA "1&u;"#
            ),
        ] {
            for (chunkSize, asBytesArrive) in Self.feeds {
                let outcome = await Self.outcome(
                    document, chunkSize: chunkSize, asBytesArrive: asBytesArrive, options: options)
                let error = try #require(outcome.error, "\(document) at \(chunkSize): \(outcome)")
                #expect(error.code == .skippedEntity, "\(document): \(error)")
                #expect(error.message.contains("'u' in an attribute value"), "\(error.message)")
                #expect(
                    (error.line, error.column, error.byteOffset) == (1, before.utf8.count + 1, before.utf8.count),
                    "\(document) at \(chunkSize), \(asBytesArrive): \(error)")
                #expect(!outcome.events.contains(.endDocument))
            }
        }
    }

    /// With the option, the first skipped entity ends the parse at the reference, after every
    /// event before it; the message names the entity and says why it was not read.
    @Test(arguments: feeds)
    func theOptionMakesASkippedEntityAnError(chunkSize: Int, asBytesArrive: Bool) async throws {
        let options = XMLParsingOptions(rejectsSkippedEntities: true)
        for (document, before, reason) in [
            (Self.undeclared, #"<!DOCTYPE d SYSTEM "d.dtd" [<!ENTITY in "[&amp;]">]><d>a&nbsp;"#, "not declared"),
            (
                Self.external,
                #"<!DOCTYPE d [<!ENTITY local SYSTEM "local.xml"><!ENTITY wrap "x&local;y">]><d>a&local;"#,
                "no externalEntityResolver"
            ),
        ] {
            let outcome = await Self.outcome(
                document, chunkSize: chunkSize, asBytesArrive: asBytesArrive, options: options)
            let error = try #require(outcome.error, "\(outcome)")
            #expect(error.code == .skippedEntity)
            #expect(error.message.contains(reason), "\(error.message)")
            #expect((error.line, error.column, error.byteOffset) == (1, before.utf8.count + 1, before.utf8.count))
            #expect(outcome.events.suffix(2) == [.start("d"), .text("a")], "\(outcome)")
        }
        let declined = XMLParsingOptions(externalEntityResolver: { _ in nil }, rejectsSkippedEntities: true)
        let error = try #require(await parse(Self.external, options: declined).error)
        #expect(error.code == .skippedEntity)
        #expect(error.message.contains("the external entity resolver did not load it"), "\(error.message)")
    }

    /// A big document whose entities are declared in its external subset (an XHTML page with its
    /// `&nbsp;`s, an article with a publisher's DTD) skips every one of them, however many: past
    /// 10,000 entity references libxml2 2.9 took each undeclared one for a loop (`&amp;` in an
    /// attribute value counts as one), here at the 5,001st record. With the standard and the huge
    /// limits, on one core and on two, the same events.
    @Test func skippedEntitiesPastTenThousandReferencesAreNotALoop() async throws {
        let records = 50_000
        let document = Data(
            ("<!DOCTYPE d SYSTEM \"d.dtd\">\n<d>\n"
                + String(repeating: "<e a=\"1&amp;2\">x&nbsp;y</e>\n", count: records) + "</d>\n").utf8)
        var first: [XMLEvent]?
        for limits in [XMLParsingLimits.standard, .huge] {
            for parallelism in [XMLParsingOptions.Parallelism.off, .cores(2)] {
                let options = XMLParsingOptions(limits: limits, parallelism: parallelism)
                let outcome = await parse(chunks: Chunking.fixed(document, size: 65_536), options: options)
                #expect(outcome.error == nil, "\(parallelism): \(outcome.error.map { "\($0)" } ?? "")")
                let skipped = outcome.events.filter { $0 == .skippedEntity(name: "nbsp") }.count
                #expect(skipped == records, "\(parallelism)")
                #expect(outcome.events.last == .endDocument)
                // Compared apart: a failed expectation would print both arrays of 350,000 events.
                if let first {
                    let same = outcome.events == first
                    #expect(same, "\(parallelism): \(outcome.events.count) events, not \(first.count)")
                } else {
                    first = outcome.events
                }
            }
        }
    }

    /// A skipped entity's name counts against the name limit, as element names do.
    @Test func aSkippedEntitysNameIsBoundByTheNameLimit() async throws {
        var options = XMLParsingOptions()
        options.limits.maxNameLength = 8
        let error = try #require(
            await parse(#"<!DOCTYPE d SYSTEM "d.dtd"><d>&muchtoolong;</d>"#, options: options).error)
        #expect(error.code == .nameLengthLimitExceeded)
        #expect(await parse(#"<!DOCTYPE d SYSTEM "d.dtd"><d>&short;</d>"#, options: options).error == nil)
    }

    /// The owned events and the visitor see the same skipped entities, in the same places.
    @Test(arguments: feeds)
    func theVisitorSeesWhatTheOwnedEventsSee(chunkSize: Int, asBytesArrive: Bool) async {
        let options = XMLParsingOptions(parsesAsBytesArrive: asBytesArrive)
        for (document, expected) in [(Self.undeclared, Self.undeclaredEvents), (Self.external, Self.externalEvents)] {
            let chunks = Chunking.fixed(Data(document.utf8), size: chunkSize)
            let owned = await Tiers.owned(chunks: chunks, options: options)
            let visited = await Tiers.visited(chunks: chunks, options: options)
            #expect(owned.events == expected)
            #expect(visited.difference(from: owned) == nil, "\(visited.difference(from: owned) ?? "")")
        }
    }

    /// Where each skipped entity was reported, with every event located: just after its `;`,
    /// however the bytes arrive.
    @Test(arguments: feeds)
    func aSkippedEntityIsLocatedAfterItsReference(chunkSize: Int, asBytesArrive: Bool) async throws {
        let document = "<!DOCTYPE d SYSTEM 'd.dtd'>\n<d>ab&u;\n<e>&v;</e></d>"
        let options = XMLParsingOptions(
            parsesAsBytesArrive: asBytesArrive, locatesEveryEvent: true)
        var located: [String: XMLLocation?] = [:]
        var iterator = XMLEvents(
            FixedChunks(chunks: Chunking.fixed(Data(document.utf8), size: chunkSize)), options: options
        )
        .makeAsyncIterator()
        while let event = try await iterator.next() {
            if case .skippedEntity(let name) = event { located[name] = iterator.location }
        }
        // `&u;` ends at byte 36 (line 2, column 9), `&v;` at byte 43 (line 3, column 7).
        #expect(located["u"] == XMLLocation(line: 2, column: 9, byteOffset: 36))
        #expect(located["v"] == XMLLocation(line: 3, column: 7, byteOffset: 43))
    }

    /// A selected element keeps its skipped entities among its children, where they stood; its
    /// character data lacks them; written out, they are references again.
    @Test(arguments: [1, 4_096])
    func subtreesKeepSkippedEntities(chunkSize: Int) async throws {
        let events = XMLEvents(FixedChunks(chunks: Chunking.fixed(Data(Self.undeclared.utf8), size: chunkSize)))
        var subtrees: [XMLSubtree] = []
        for try await subtree in try events.elements(matching: "/d") { subtrees.append(subtree) }
        let d = try #require(subtrees.first)
        #expect(
            d.children.map(Self.kind) == [
                "text a", "skipped nbsp", "text b", "element e", "text [&]", "skipped nbsp", "element f",
            ])
        #expect(d.child(named: "e")?.children == [.skippedEntity(name: "copy")])
        #expect(d.text == "ab[&]")
        #expect(try XMLWriter.string(for: d) == "<d>a&nbsp;b<e>&copy;</e>[&amp;]&nbsp;<f/></d>")
        // The selection over owned events (any sequence) keeps them too.
        var fromEvents: [XMLSubtree] = []
        for try await subtree in try Self.undeclaredEvents.async.elements(matching: "/d") { fromEvents.append(subtree) }
        #expect(fromEvents == [d])
        #expect(XMLContent.skippedEntity(name: "nbsp").characterData == nil)
    }

    static func kind(_ content: XMLContent) -> String {
        switch content {
        case .element(let element): "element \(element.name.localName)"
        case .text(let text): "text \(text)"
        case .cdata(let text): "cdata \(text)"
        case .comment(let text): "comment \(text)"
        case .processingInstruction(let target, _): "pi \(target)"
        case .skippedEntity(let name): "skipped \(name)"
        }
    }

    /// The writer writes a skipped entity back as the reference it was: a document whose
    /// entities are declared in its external subset reads back to the same events.
    @Test func writingAndReadingBackKeepsSkippedEntities() async throws {
        let written = try XMLWriter.string(for: Self.undeclaredEvents)
        #expect(written.contains("<d>a&nbsp;b<e>&copy;</e>[&amp;]&nbsp;<f/></d>"), "\(written)")
        let reread = await parse(written)
        #expect(reread.error == nil)
        #expect(reread.events.filter { $0 != .text("\n") } == Self.undeclaredEvents, "\(reread)")
    }

    /// The writer refuses a skipped entity outside the root element of a document and one whose
    /// name is not an XML name; in fragments one may stand alone.
    @Test func theWriterRefusesWhatWouldNotParseBack() throws {
        var writer = XMLWriter()
        #expect(throws: XMLWriterError.self) { try writer.write(.skippedEntity(name: "u")) }
        try writer.write(.start("r"))
        #expect(throws: XMLWriterError.self) { try writer.write(.skippedEntity(name: "no good")) }
        #expect(throws: XMLWriterError.self) { try writer.write(.skippedEntity(name: "")) }
        try writer.write(.skippedEntity(name: "a:b-1"))
        try writer.write(.end("r"))
        #expect(writer.takeString() == "<r>&a:b-1;</r>")
        #expect(try XMLWriter.string(for: [.skippedEntity(name: "u")], writesFragments: true) == "&u;")
    }

    struct Item: Decodable, Equatable {
        var id: String
        var name: String
    }

    static let items = """
        <!DOCTYPE list SYSTEM "list.dtd"><list><item id="1"><name>plain</name></item>\
        <item id="2"><name>caf&eacute;</name></item><item id="3"><name>last</name></item></list>
        """

    /// A record whose text lost an entity is not decoded: the error says which entity and
    /// element, at the record; the records before it are decoded, by every decoding path.
    @Test(arguments: [1, 4_096])
    func decodingARecordWithASkippedEntityFails(chunkSize: Int) async throws {
        func events() -> XMLEvents<FixedChunks> {
            XMLEvents(FixedChunks(chunks: Chunking.fixed(Data(Self.items.utf8), size: chunkSize)))
        }
        func expectRefusal(_ error: any Error) {
            let refusal = error as? XMLRecordDecodingError
            #expect(refusal?.description.contains("the entity 'eacute' in <name> was not replaced") == true, "\(error)")
            #expect(refusal?.location?.line == 1)
        }
        // Straight from the parser's tape.
        var decoded: [Item] = []
        do {
            for try await item in try events().decode(Item.self, matching: "item") { decoded.append(item) }
            Issue.record("the second item decoded")
        } catch { expectRefusal(error) }
        #expect(decoded == [Item(id: "1", name: "plain")])
        // From subtrees.
        var subtrees: [XMLSubtree] = []
        for try await subtree in try events().elements(matching: "item") { subtrees.append(subtree) }
        #expect(subtrees.count == 3)
        #expect(try XMLRecordDecoder().decode(Item.self, from: subtrees[0]) == Item(id: "1", name: "plain"))
        do {
            _ = try XMLRecordDecoder().decode(Item.self, from: subtrees[1])
            Issue.record("the second item decoded")
        } catch { expectRefusal(error) }
        // Chosen per record.
        var chosen: [Item] = []
        do {
            for try await item in try events().decode(matching: "item", { try $0.decode(Item.self) }) {
                chosen.append(item)
            }
            Issue.record("the second item decoded")
        } catch { expectRefusal(error) }
        #expect(chosen == [Item(id: "1", name: "plain")])
    }
}

extension Array where Element == XMLEvent {
    /// The events as an asynchronous sequence of their own, for the selection over any sequence.
    fileprivate var async: AsyncStream<XMLEvent> {
        AsyncStream { continuation in
            for event in self { continuation.yield(event) }
            continuation.finish()
        }
    }
}
