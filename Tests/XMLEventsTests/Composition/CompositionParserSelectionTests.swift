import Foundation
import Testing
import XMLCorpus

@testable import XMLEvents

/// `XMLEvents.elements(matching:)` selects inside the parser, without making events; any other
/// event sequence is selected from its events. The two must agree on every document: the same
/// subtrees, the same error after them, and the locations the events report.
@Suite struct CompositionParserSelectionTests {
    /// What one selection produced: the subtrees, then the error that ended it, if any.
    struct Outcome: Equatable, CustomStringConvertible {
        var subtrees: [XMLSubtree] = []
        var error: String?

        var description: String {
            subtrees.map(\.description).joined(separator: "\n") + "\nerror: \(error ?? "none")"
        }
    }

    static let paths = ["*", "/*/*", "*/*", "/*/*/*", "doc", "a"]

    static func select<Subtrees: AsyncSequence>(_ subtrees: Subtrees) async -> Outcome
    where Subtrees.Element == XMLSubtree {
        var outcome = Outcome()
        do {
            for try await subtree in subtrees { outcome.subtrees.append(subtree) }
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    /// Compares the parser's selection with the selection from events, for every path.
    static func expectSameSelection(_ data: Data, options: XMLParsingOptions = .default, name: String) async throws {
        for path in paths {
            let events = XMLEvents(data: data, chunkSize: 997, options: options)
            let inParser = try await select(events.elements(matching: path))
            let fromEvents = try await select(events.map { $0 }.elements(matching: path))
            #expect(inParser == fromEvents, "\(name), \(path):\n\(inParser)\n--- from events ---\n\(fromEvents)")
        }
    }

    @Test func conformanceSuiteDocumentsSelectAlike() async throws {
        let documents = try ConformanceSuite.standaloneDocuments()
        for document in documents { try await Self.expectSameSelection(document.data, name: document.id) }
        #expect(documents.count > 2_000)
    }

    @Test(arguments: [CorpusShape.records, .text, .ns])
    func corpusDocumentsSelectAlike(shape: CorpusShape) async throws {
        let data = CorpusDocument(shape: shape, targetByteCount: 300_000, seed: 5).data()
        try await Self.expectSameSelection(data, name: "\(shape)")
        let item = try await Self.select(XMLEvents(data: data).elements(matching: shape.itemElementName))
        #expect(item.error == nil)
        #expect(item.subtrees.count > 100)
    }

    @Test func optionsApplyToTheParsersSelection() async throws {
        let xml = "<doc>\n  <a> <![CDATA[x]]> </a>\n  <a>\n    <b/>\n  </a>\n</doc>"
        for options in [
            XMLParsingOptions(reportsCDATA: true), XMLParsingOptions(dropsWhitespaceOnlyText: true),
        ] {
            try await Self.expectSameSelection(Data(xml.utf8), options: options, name: "\(options)")
        }
        let dropped = try await collect(
            XMLEvents(string: xml, options: XMLParsingOptions(dropsWhitespaceOnlyText: true)).elements(matching: "a"))
        #expect(dropped.last?.children.count == 1)
    }

    @Test func textOutsideTheSelectionStillCountsAgainstTheLimits() async throws {
        let options = XMLParsingOptions(limits: XMLParsingLimits(maxNodeLength: 1_000))
        let xml = "<doc><a>short</a>" + String(repeating: "x", count: 5_000) + "<a>late</a></doc>"
        let outcome = try await Self.select(XMLEvents(string: xml, options: options).elements(matching: "a"))
        #expect(outcome.subtrees.map { $0.text } == ["short"])
        let error = try #require(outcome.error)
        #expect(error.contains("limit"), "\(error)")
        try await Self.expectSameSelection(Data(xml.utf8), options: options, name: "limit")
    }

    @Test func subtreesBeforeAnErrorAreDelivered() async throws {
        let xml = "<doc><a>1</a><a>2</a><a>3</b></doc>"
        let outcome = try await Self.select(XMLEvents(string: xml).elements(matching: "a"))
        #expect(outcome.subtrees.map { $0.text } == ["1", "2"])
        #expect(outcome.error?.contains("line 1") == true, "\(outcome.error ?? "no error")")
        try await Self.expectSameSelection(Data(xml.utf8), name: "mismatched tag")
    }

    /// Every element of a selected subtree, nested ones too, carries the location its start
    /// element's event reports.
    @Test func locationsAreThoseOfTheEvents() async throws {
        let data = CorpusDocument(shape: .ns, targetByteCount: 100_000, seed: 3).data()
        var expected: [XMLLocation] = []
        var iterator = XMLEvents(data: data).makeAsyncIterator()
        var depth = 0
        while let event = try await iterator.next() {
            switch event {
            case .startElement:
                depth += 1
                if depth >= 2, let location = iterator.location { expected.append(location) }
            case .endElement:
                depth -= 1
            default:
                break
            }
        }
        var found: [XMLLocation] = []
        var missing = 0
        for try await subtree in try XMLEvents(data: data).elements(matching: "/*/*") {
            var pending = [subtree]
            while let element = pending.popLast() {
                if let location = element.location { found.append(location) } else { missing += 1 }
                pending.append(contentsOf: element.childElements.reversed())
            }
        }
        #expect(missing == 0)
        #expect(found.count > 1_000)
        #expect(found == expected)
    }

    /// A record with a field that is not a number, for a decoding error after a good one.
    struct Numbered: Decodable, Sendable {
        var number: Int
    }

    /// `XMLEvents(path:).elements(matching:)` and `.decode(…)` are the parser's own selection,
    /// chosen by overload resolution when the sequence is made: the selections are the
    /// parser's own, and what only the parser knows, where an element starts, reaches the
    /// subtrees and the decoding errors. The same calls in code generic over any sequence of
    /// events take the event-by-event path, which knows no location: the difference checked for
    /// is real.
    @Test func theParsersSelectionIsChosenWhenTheSequenceIsMade() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "parser-selection-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("<doc>\n  <a><number>1</number></a>\n  <a><number>x</number></a>\n</doc>".utf8).write(to: file)
        let events = XMLEvents(path: file.path)

        let subtrees = try events.elements(matching: "a")
        #expect(Self.isParsersOwn(subtrees))
        #expect(try await collect(subtrees).map(\.location?.line) == [2, 3])
        #expect(try await Self.genericSelection(events).map(\.location?.line) == [nil, nil])

        let decoded = try events.decode(Numbered.self, matching: "a")
        let chained = try events.elements(matching: "a").decode(Numbered.self)
        #expect(Self.isParsersOwn(decoded) && Self.isParsersOwn(chained))
        #expect(await Self.decodingErrorLine(decoded) == 3)
        #expect(await Self.decodingErrorLine(chained) == 3)
        #expect(!Self.isParsersOwn(try Self.genericDecoding(events)))
        #expect(await Self.decodingErrorLine(try Self.genericDecoding(events)) == nil)
    }

    /// Whether the parser selects `subtrees` on its own feed.
    static func isParsersOwn(_ subtrees: XMLSubtreeSequence<XMLEvents<XMLByteSource>>) -> Bool {
        subtrees.parser != nil
    }

    /// Whether the parser selects and builds `records` on its own feed.
    static func isParsersOwn<Base>(_ records: XMLDecodingSequence<Base, Numbered>) -> Bool {
        records.parser != nil
    }

    /// Selects in code that knows only that `events` is a sequence of events.
    static func genericSelection<Events: AsyncSequence>(_ events: Events) async throws -> [XMLSubtree]
    where Events.Element == XMLEvent {
        try await collect(events.elements(matching: "a"))
    }

    static func genericDecoding<Events: AsyncSequence>(
        _ events: Events
    ) throws -> XMLDecodingSequence<XMLSubtreeSequence<Events>, Numbered> where Events.Element == XMLEvent {
        try events.decode(Numbered.self, matching: "a")
    }

    /// The line of the decoding error that ends `records` after its first record.
    static func decodingErrorLine<Records: AsyncSequence>(_ records: Records) async -> Int?
    where Records.Element == Numbered {
        var count = 0
        do {
            for try await _ in records { count += 1 }
        } catch let error as XMLRecordDecodingError {
            #expect(count == 1)
            return error.line
        } catch {
            Issue.record("\(error)")
        }
        Issue.record("no decoding error")
        return nil
    }
}
