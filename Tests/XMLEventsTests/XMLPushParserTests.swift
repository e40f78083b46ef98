import Foundation
import Testing
import XMLEvents

/// The push parser used directly: feed chunks, get the events they completed.
@Suite struct XMLPushParserTests {
    @Test func feedAndFinish() async throws {
        let parser = XMLPushParser()
        var events = try await parser.feed(Data("<a>hel".utf8))
        events += try await parser.feed(Array("lo</a>".utf8))
        events += try await parser.finish()
        #expect(
            events == [
                .startDocument(version: nil, encoding: nil, standalone: nil),
                .startElement(name: XMLName(localName: "a"), attributes: [], namespaces: []),
                .text("hello"),
                .endElement(name: XMLName(localName: "a")),
                .endDocument,
            ])
    }

    @Test func largeChunksAreParsedAsTheyArrive() async throws {
        let parser = XMLPushParser()
        let records = String(repeating: "<r>x</r>", count: 2_000)
        let events = try await parser.feed(Data("<doc>\(records)".utf8))
        #expect(events.count > 1_000)
        _ = try await parser.feed(Data("</doc>".utf8))
        #expect(try await parser.finish().last == .endDocument)
    }

    @Test func smallChunksWaitForTheirStep() async throws {
        let parser = XMLPushParser()
        #expect(try await parser.feed(Data("<a><b/>".utf8)).isEmpty)
        let padding = Data(("<!--" + String(repeating: " ", count: 5_000) + "-->").utf8)
        let events = try await parser.feed(padding)
        #expect(events.count == 4)
    }

    @Test func errorComesAfterTheEventsBeforeIt() async throws {
        let parser = XMLPushParser()
        var events: [XMLEvent] = []
        let padding = String(repeating: "<b/>", count: 1_100)
        try await parser.feed(Data("<a>\(padding)".utf8), into: &events)
        let error = await #expect(throws: XMLParsingError.self) {
            try await parser.finish(into: &events)
        }
        #expect(error?.code == .truncated)
        #expect(events.count == 2 + 2 * 1_100)
        await #expect(throws: XMLParsingError.self) { try await parser.feed(Data("more".utf8)) }
    }

    @Test func errorInsideAChunkKeepsTheEventsBeforeIt() async throws {
        let parser = XMLPushParser()
        var events: [XMLEvent] = []
        let document = "<a>" + String(repeating: "<b/>", count: 500) + "</c>" + String(repeating: " ", count: 5_000)
        let error = await #expect(throws: XMLParsingError.self) {
            try await parser.feed(Data(document.utf8), into: &events)
        }
        #expect(error?.code == .tagNameMismatch)
        #expect(events.count == 2 + 2 * 500)
    }

    @Test func truncatedInputFailsAtFinish() async throws {
        let parser = XMLPushParser()
        _ = try await parser.feed(Data("<a><b>".utf8))
        let error = await #expect(throws: XMLParsingError.self) { try await parser.finish() }
        #expect(error?.code == .truncated)
    }

    @Test func feedingAFinishedParserIsAnError() async throws {
        let parser = XMLPushParser()
        _ = try await parser.feed(Data("<a/>".utf8))
        _ = try await parser.finish()
        let error = await #expect(throws: XMLParsingError.self) { try await parser.feed(Data(" ".utf8)) }
        #expect(error?.code == .parserFinished)
    }
}
