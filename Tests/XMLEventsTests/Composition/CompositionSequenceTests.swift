import Foundation
import Testing
import XMLEvents

@Suite("Composition: sequences")
struct CompositionSequenceTests {
    struct Record: Decodable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    /// A document of `count` records, each `<record id="n"><name>record n</name></record>`.
    static func document(_ count: Int, padding: Int = 0) -> String {
        let pad = String(repeating: " ", count: padding)
        return "<registry>"
            + (0..<count).map { "<record id=\"\($0)\"><name>record \($0)</name>\(pad)</record>" }.joined()
            + "</registry>"
    }

    // MARK: - Standard operators

    @Test func composesWithStandardOperators() async throws {
        let xml = Self.document(20)
        let records = try XMLEvents(string: xml, chunkSize: 64).decode(Record.self, matching: "record")
        #expect(
            try await collect(records.prefix(2)) == [Record(id: 0, name: "record 0"), Record(id: 1, name: "record 1")])
        #expect(try await records.first { $0.id > 4 }?.id == 5)
        #expect(try await records.reduce(0) { $0 + $1.id } == 190)
        #expect(try await records.contains { $0.name == "record 19" })
        #expect(try await collect(records.filter { $0.id % 5 == 0 }.map(\.id)) == [0, 5, 10, 15])
        let elements = try XMLEvents(string: xml).elements(matching: "record")
        #expect(
            try await elements.map { $0.attributes["id"] ?? "" }.reduce("") { $0 + $1 }
                == (0..<20).map(String.init).joined())
        let decodedFromElements = elements.filter { $0.attributes["id"] == "3" }.decode(Record.self)
        #expect(try await collect(decodedFromElements) == [Record(id: 3, name: "record 3")])
    }

    @Test func worksOverAnyEventSequence() async throws {
        let (stream, continuation) = AsyncThrowingStream<XMLEvent, any Error>.makeStream()
        for try await event in XMLEvents(string: Self.document(3)) { continuation.yield(event) }
        continuation.finish()
        let records = try await collect(stream.decode(Record.self, matching: "/registry/record"))
        #expect(records.map(\.id) == [0, 1, 2])
    }

    // MARK: - Releasing the source

    @Test func leavingALoopEarlyReleasesTheSourceAtOnce() async throws {
        let xml = Self.document(2_000, padding: 40)
        do {
            let flag = ReleaseFlag()
            let events = XMLEvents(ReleaseTrackingChunks(xml, chunkSize: 256, flag: flag))
            for try await record in try events.decode(Record.self, matching: "record") where record.id == 3 {
                break
            }
            #expect(flag.isReleased)
            #expect(flag.chunksRead < 40, "read \(flag.chunksRead) of \(xml.utf8.count / 256) chunks")
        }
        do {
            let flag = ReleaseFlag()
            let events = XMLEvents(ReleaseTrackingChunks(xml, chunkSize: 256, flag: flag))
            let first = try await events.elements(matching: "record").first { $0.attributes["id"] == "2" }
            #expect(first?.child(named: "name")?.text == "record 2")
            #expect(flag.isReleased)
            #expect(flag.chunksRead < 40, "read \(flag.chunksRead) of \(xml.utf8.count / 256) chunks")
        }
        do {
            let flag = ReleaseFlag()
            let events = XMLEvents(ReleaseTrackingChunks(xml, chunkSize: 256, flag: flag))
            #expect(try await collect(events.decode(Record.self, matching: "record").prefix(1)).count == 1)
            #expect(flag.isReleased)
        }
    }

    @Test func theSourceIsReleasedWhenIterationEndsOrFails() async throws {
        let flag = ReleaseFlag()
        let events = XMLEvents(ReleaseTrackingChunks(Self.document(2_000), chunkSize: 64, flag: flag))
        var iterator = try events.decode(Record.self, matching: "record").makeAsyncIterator()
        var count = 0
        while try await iterator.next() != nil {
            count += 1
            if count == 10 { #expect(!flag.isReleased) }
        }
        #expect(count == 2_000)
        // Released as soon as the end is seen, although the iterator itself is still alive.
        #expect(flag.isReleased)

        let failing = ReleaseFlag()
        let bad = XMLEvents(
            ReleaseTrackingChunks(
                "<registry><record id=\"x\"><name>n</name></record>" + Self.document(5), chunkSize: 16, flag: failing))
        var failingIterator = try bad.decode(Record.self, matching: "record").makeAsyncIterator()
        await #expect(throws: XMLRecordDecodingError.self) { try await failingIterator.next() }
        #expect(failing.isReleased)
        #expect(try await failingIterator.next() == nil)

        let malformed = ReleaseFlag()
        let broken = XMLEvents(
            ReleaseTrackingChunks("<registry><record id=\"1\"><name>n</record>", chunkSize: 8, flag: malformed))
        await #expect(throws: XMLParsingError.self) { try await collect(broken.elements(matching: "record")) }
        #expect(malformed.isReleased)
    }

    // MARK: - Concurrency

    @Test func decodesSeveralDocumentsInATaskGroup() async throws {
        let documents = (1...4).map { Self.document($0 * 25) }
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for document in documents {
                let records = try XMLEvents(string: document, chunkSize: 512).decode(Record.self, matching: "record")
                group.addTask { try await records.reduce(0) { $0 + $1.id } }
            }
            return try await group.reduce(0, +)
        }
        #expect(total == [25, 50, 75, 100].map { $0 * ($0 - 1) / 2 }.reduce(0, +))
        let merged = try await withThrowingTaskGroup(of: [XMLSubtree].self) { group in
            for document in documents {
                let elements = try XMLEvents(string: document).elements(matching: "record")
                group.addTask { try await collect(elements) }
            }
            return try await group.reduce(into: [XMLSubtree]()) { $0 += $1 }
        }
        #expect(merged.count == 250)
    }

    // MARK: - Paths of raw events

    /// The path a visitor keeps itself (the names of the open elements, the root first) is what
    /// `XMLPath.matches(_:)` takes: the replacement for a path-tracking sequence.
    @Test func aPathKeptByAVisitorMatchesAPath() async throws {
        struct ItemTitles: XMLVisitor {
            let itemTitle: XMLPath
            var path: [XMLName] = []
            var titles: [String] = []
            var depths: [Int] = []
            mutating func startElement(_ tag: borrowing XMLStartTag) {
                path.append(tag.name)
                depths.append(path.count)
            }
            mutating func endElement(_ name: XMLName) { path.removeLast() }
            mutating func text(_ text: borrowing XMLText) {
                if itemTitle.matches(path) { titles.append(text.string) }
            }
        }
        let xml = "<rss><channel><item><title>A</title></item></channel><item><title>B</title></item></rss>"
        var visitor = ItemTitles(itemTitle: try XMLPath("channel/item/title"))
        try await XMLEvents(string: xml).visit(&visitor)
        #expect(visitor.titles == ["A"])
        #expect(visitor.depths == [1, 2, 3, 4, 2, 3])
        #expect(visitor.path.isEmpty)
    }
}
