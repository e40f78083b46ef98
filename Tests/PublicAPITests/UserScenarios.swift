import Foundation
import LoopbackHTTP
import Testing
import XMLEvents

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The package as a user's app meets it: only `import XMLEvents`, no `@testable`, Swift 6 with
/// complete concurrency checking. Each scenario is what a new user wrote in the API review.
@Suite struct UserScenarios {
    static let feed = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Example</title>
          <entry xml:lang="en"><title>First</title><author><name>Ann</name></author></entry>
          <entry xml:lang="fr"><title>Deuxième</title><author><name>Bea</name></author></entry>
          <entry xml:lang="de"><title>Dritte</title><author><name>Cem</name></author></entry>
        </feed>
        """

    static func registry(records: Int) -> String {
        var document = "<registry>\n"
        for index in 0..<records {
            document += "  <record id=\"\(index)\"><name>item \(index)</name><value>\(index * 3)</value></record>\n"
        }
        return document + "</registry>\n"
    }

    /// Runs `body` with a loopback server that serves `routes`, and stops it however `body` ends.
    static nonisolated(nonsending) func withServer<Result>(
        _ routes: [String: LoopbackResponse], _ body: (LoopbackServer) async throws -> Result
    ) async throws -> Result {
        let server = try LoopbackServer()
        defer { server.stop() }
        for (path, response) in routes { server.route(path, response) }
        return try await body(server)
    }

    @Test func feedReaderOverHTTPCollectsTheEntryTitles() async throws {
        let response = LoopbackResponse(
            headers: [("Content-Type", "application/atom+xml")], body: .text(Self.feed))
        let titles = try await Self.withServer(["/feed.atom": response]) { server in
            var titles: [String] = []
            var inEntryTitle = false
            var depth = 0
            for try await event in XMLEvents(url: server.url("/feed.atom")) {
                switch event {
                case .startElement(let name, _, _):
                    depth += 1
                    inEntryTitle = depth == 3 && name.localName == "title"
                case .text(let text) where inEntryTitle:
                    titles.append(text)
                case .endElement:
                    depth -= 1
                    inEntryTitle = false
                default:
                    break
                }
            }
            return titles
        }
        #expect(titles == ["First", "Deuxième", "Dritte"])
    }

    @Test func entriesAsSubtreesWithAttributesAndChildren() async throws {
        var seen: [String] = []
        for try await entry in try XMLEvents(string: Self.feed).elements(matching: "entry") {
            let title = entry.child(named: "title")?.text ?? "?"
            seen.append("\(title) \(entry.attributes["xml:lang"] ?? "?")")
        }
        #expect(seen == ["First en", "Deuxième fr", "Dritte de"])
    }

    struct Record: Decodable, Equatable {
        var id: Int
        var name: String
        var value: Double
    }

    @Test func aFileDecodedIntoRecords() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("public-api-\(UUID()).xml")
        try Data(Self.registry(records: 500).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        var records: [Record] = []
        for try await record in try XMLEvents(path: file.path).decode(Record.self, matching: "/registry/record") {
            records.append(record)
        }
        #expect(records.count == 500)
        #expect(records[7] == Record(id: 7, name: "item 7", value: 21))
        #expect(records.map(\.value).reduce(0, +) == Double((0..<500).map { $0 * 3 }.reduce(0, +)))
    }

    /// The Composing article's task group, written in a `@MainActor` method, where a first
    /// version did not compile ("sending 'group' risks causing data races").
    @MainActor
    @Test func fourDocumentsInATaskGroupFromTheMainActor() async throws {
        let documents = (1...4).map { Self.registry(records: $0 * 10) }
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for document in documents {
                group.addTask {
                    var count = 0
                    for try await _ in try XMLEvents(string: document).elements(matching: "record") { count += 1 }
                    return count
                }
            }
            var total = 0
            for try await count in group { total += count }
            return total
        }
        #expect(total == 100)
    }

    @Test func standardOperatorsCompose() async throws {
        let events = XMLEvents(string: Self.registry(records: 50))
        let names =
            try await events
            .compactMap { event -> String? in
                guard case .startElement(let name, let attributes, _) = event, name.localName == "record" else {
                    return nil
                }
                return attributes["id"]
            }
            .filter { Int($0).map { $0 % 10 == 0 } ?? false }
            .prefix(3)
            .reduce(into: [String]()) { $0.append($1) }
        #expect(names == ["0", "10", "20"])

        let firstValue = try await events.first { event in
            if case .text(let text) = event { return text.hasPrefix("item") } else { return false }
        }
        #expect(firstValue == .text("item 0"))
    }

    @Test func errorsReadWellAndComeAfterTheEventsBeforeThem() async throws {
        var events: [XMLEvent] = []
        do {
            for try await event in XMLEvents(string: "<a><b>text</c></a>") { events.append(event) }
            Issue.record("a mismatched end tag was accepted")
        } catch let error as XMLParsingError {
            #expect(error.code == .tagNameMismatch)
            #expect(error.line == 1)
            #expect(String(describing: error.code).hasPrefix("tagNameMismatch"))
            #expect(error.localizedDescription.contains("line 1"))
            #expect(!error.localizedDescription.contains("The operation could not be completed"))
        }
        #expect(events.contains(.text("text")))
    }

    /// Source failures are matched by code, with the details as properties, and a `switch`
    /// over the codes needs a `default`, so a code added later breaks no one.
    @Test func sourceFailuresAreMatchedByTheirCode() async throws {
        let status = try await Self.withServer(["/gone.xml": .text("removed", status: 410)]) { server in
            do {
                for try await _ in XMLEvents(url: server.url("/gone.xml")) {}
                return nil as Int?
            } catch let error as XMLHTTPError where error.code == .unacceptableStatus {
                #expect(error.url == server.url("/gone.xml"))
                #expect(error.bodyPrefix == Data("removed".utf8))
                #expect(error.localizedDescription.contains("answered HTTP 410: removed"))
                return error.status
            }
        }
        #expect(status == 410)

        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).xml")
        let error = await #expect(throws: XMLByteSourceError.self) {
            for try await _ in XMLEvents(path: missing.path) {}
        }
        let explanation: String? =
            switch error?.code {
            case .openFailed?: "the file is missing (errno \(error?.errno ?? 0))"
            case .readFailed?: "the file could not be read"
            default: nil
            }
        #expect(explanation == "the file is missing (errno \(ENOENT))")
        #expect(error?.path == missing.path)
        #expect(error?.code.name == "openFailed")
    }

    struct Entry: Decodable, Equatable {
        var title: String
    }

    /// The response's head, asked of the source before the first subtree or record and without
    /// consuming one, the selections read whole after it from the same transfer, and the head
    /// still known once the iteration has ended.
    @Test func theResponseOfSelectedAndDecodedEntries() async throws {
        let response = LoopbackResponse(
            headers: [("Content-Type", "application/atom+xml"), ("ETag", "\"v7\"")], body: .text(Self.feed))
        let registry = LoopbackResponse(
            headers: [("Content-Type", "application/xml"), ("ETag", "\"v7\"")],
            body: .text(Self.registry(records: 5_000)))
        try await Self.withServer(["/feed.atom": response, "/registry.xml": registry]) { server in
            let feed = XMLEvents(url: server.url("/feed.atom"))
            var entries = try feed.elements(matching: "entry").makeAsyncIterator()
            let head = try await feed.source.response
            #expect(head?.statusCode == 200)
            #expect(head?.value(forHTTPHeaderField: "ETag") == "\"v7\"")
            var titles: [String] = []
            while let entry = try await entries.next() { titles.append(entry.child(named: "title")?.text ?? "?") }
            #expect(titles == ["First", "Deuxième", "Dritte"])
            #expect(try await feed.source.response == head)
            #expect(server.requestCount(for: "/feed.atom") == 1)

            // Asked again during the iteration of a document longer than one read: the same head,
            // and the records go on where they were.
            let registry = XMLEvents(url: server.url("/registry.xml"))
            var records = try registry.decode(Record.self, matching: "/registry/record").makeAsyncIterator()
            #expect(try await registry.source.response?.value(forHTTPHeaderField: "Content-Type") == "application/xml")
            #expect(try await records.next()?.id == 0)
            #expect(try await registry.source.response?.value(forHTTPHeaderField: "ETag") == "\"v7\"")
            var count = 1
            while try await records.next() != nil { count += 1 }
            #expect(count == 5_000)
        }

        // A source that is not an HTTP transfer has no response.
        let memory = XMLEvents(string: Self.feed)
        var fromMemory = try memory.elements(matching: "entry").makeAsyncIterator()
        #expect(try await memory.source.response == nil)
        #expect(try await fromMemory.next() != nil)
    }

    /// On the main actor, the head is there before the first record, while the transfer is still
    /// the loop's own.
    @MainActor
    @Test func theResponseOfRecordsOnTheMainActor() async throws {
        let response = LoopbackResponse(headers: [("ETag", "\"main\"")], body: .text(Self.feed))
        try await Self.withServer(["/feed.atom": response]) { server in
            let feed = XMLEvents(url: server.url("/feed.atom"))
            var records = try feed.decode(Entry.self, matching: "entry").makeAsyncIterator()
            #expect(try await feed.source.response?.value(forHTTPHeaderField: "ETag") == "\"main\"")
            var count = 0
            while try await records.next() != nil { count += 1 }
            #expect(count == 3)
        }
    }

    struct Counter: XMLVisitor {
        var records = 0
        var textBytes = 0
        mutating func startElement(_ tag: borrowing XMLStartTag) {
            if tag.name.localName == "record", tag.attributes["id"] != nil { records += 1 }
        }
        mutating func text(_ text: borrowing XMLText) { textBytes += text.count }
    }

    @Test func aVisitorCountsWithoutOwnedEvents() async throws {
        var counter = Counter()
        try await XMLEvents(string: Self.registry(records: 20)).visit(&counter)
        #expect(counter.records == 20)
        #expect(counter.textBytes > 20 * "item 0".utf8.count)
    }

    @Test func byteAtATimeSourcesAreGathered() async throws {
        let bytes = Array(Self.registry(records: 30).utf8)
        let stream = AsyncStream<UInt8> { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
        var count = 0
        for try await _ in try XMLEvents(stream).elements(matching: "record") { count += 1 }
        #expect(count == 30)
    }
}
