import Foundation
import Testing
import ThreadSafety
import XMLEvents

/// `XMLParsingOptions.parsesAsBytesArrive`: events come out as soon as their bytes arrive, and a
/// well-formed document gives the same events as with the default fixed steps.
@Suite struct LiveParsingTests {
    static let live = XMLParsingOptions(parsesAsBytesArrive: true)

    /// Events seen so far by a consumer task, for the test to watch.
    final class SeenEvents: Sendable {
        let events = LockedState<[XMLEvent]>([])
        func append(_ event: XMLEvent) { events.withLock { $0.append(event) } }
        var count: Int { events.withLock { $0.count } }
        func contains(_ event: XMLEvent) -> Bool { events.withLock { $0.contains(event) } }
    }

    @Test func aRecordComesOutBeforeTheNextBytesArrive() async throws {
        let (source, writer) = XMLByteSource.makeStream()
        let seen = SeenEvents()
        let consumer = Task {
            for try await event in XMLEvents(source, options: Self.live) { seen.append(event) }
        }
        _ = try writer.writeNow(Data("<log>\n<e n='1'>first</e>\n".utf8))
        // Far less than one step has arrived, and the stream stays open.
        #expect(await ChunkStreamTesting.eventually { seen.contains(.text("first")) && seen.count >= 5 })
        let before = seen.count
        _ = try writer.writeNow(Data("<e n='2'>second</e>\n".utf8))
        #expect(await ChunkStreamTesting.eventually { seen.contains(.text("second")) })
        #expect(seen.count > before)
        _ = try writer.writeNow(Data("</log>".utf8))
        writer.finish()
        try await consumer.value
        #expect(seen.contains(.endDocument))
    }

    @Test func theFirstBytesWaitForFourBytesOnly() async throws {
        let (source, writer) = XMLByteSource.makeStream()
        let seen = SeenEvents()
        let consumer = Task {
            for try await event in XMLEvents(source, options: Self.live) { seen.append(event) }
        }
        for byte in "<a><b/>".utf8 { _ = try writer.writeNow(Data([byte])) }
        #expect(await ChunkStreamTesting.eventually { seen.count >= 4 })
        _ = try writer.writeNow(Data("</a>".utf8))
        writer.finish()
        try await consumer.value
        #expect(seen.count == 6)
    }

    /// A hand-fed parser returns the events a small chunk completes at once, where the default
    /// fixed steps return them only once 4 KiB have arrived or the input ends.
    @Test func aPushParserReturnsWhatAChunkCompletes() async throws {
        let chunk = Data("<log><e>1</e>".utf8)
        let live = XMLPushParser(options: Self.live)
        let liveEvents = try await live.feed(chunk)
        #expect(liveEvents.contains(.text("1")))
        #expect(liveEvents.filter { if case .endElement = $0 { true } else { false } }.count == 1)
        let stepped = XMLPushParser()
        #expect(try await stepped.feed(chunk).isEmpty)
        _ = try await live.feed(Data("</log>".utf8))
        #expect(try await live.finish().last == .endDocument)
    }

    static func expectSameEvents(_ data: Data, name: String) async {
        let reference = await parse(chunks: [data])
        for (label, chunks) in ChunkBoundaryInvarianceTests.splits(of: data) {
            let outcome = await parse(chunks: chunks, options: Self.live)
            if reference.error == nil {
                #expect(
                    outcome == reference,
                    "\(name), \(label):\n\(outcome)\n--- differs from fixed steps ---\n\(reference)")
            } else {
                #expect(outcome.error != nil, "\(name), \(label): accepted a document the fixed steps reject")
            }
        }
    }

    @Test func handWrittenDocumentsGiveTheSameEvents() async {
        for (index, document) in ChunkBoundaryInvarianceTests.handWritten.enumerated() {
            await Self.expectSameEvents(Data(document.utf8), name: "document \(index)")
        }
        await Self.expectSameEvents(Data(#"<!DOCTYPE a SYSTEM "x>y"><a t="1 > 0">z</a>"#.utf8), name: "'>' in literals")
    }

    @Test func conformanceSuiteDocumentsGiveTheSameEvents() async throws {
        let documents = try ConformanceSuite.standaloneDocuments()
        for document in documents { await Self.expectSameEvents(document.data, name: document.id) }
        #expect(documents.count > 2_000)
    }
}
