import Foundation
import LoopbackHTTP
import Testing
import XMLEvents

/// One pass over several record types, and the events' cursor (decode, take or skip the element
/// just started), as a user coming from Go's `encoding/xml` or C#'s `XmlReader` writes them.
@Suite struct MixedRecordScenarios {
    struct Node: Decodable, Equatable, Sendable {
        var id: Int
        var lat: Double
    }

    struct Way: Decodable, Equatable, Sendable {
        struct Reference: Decodable, Equatable, Sendable { var ref: Int }
        var id: Int
        var nd: [Reference]
    }

    enum MapItem: Equatable, Sendable {
        case node(Node)
        case way(Way)
    }

    /// An OpenStreetMap-shaped document: nodes, then ways, then relations, with whitespace.
    static func map(nodes: Int, ways: Int) -> String {
        var document = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n  <bounds minlat=\"1\"/>\n"
        for index in 0..<nodes { document += "  <node id=\"\(index)\" lat=\"\(Double(index) / 4)\"/>\n" }
        for index in 0..<ways {
            document += "  <way id=\"\(1_000 + index)\">\n"
            for ref in 0..<3 { document += "    <nd ref=\"\(index + ref)\"/>\n" }
            document += "    <tag k=\"highway\" v=\"residential\"/>\n  </way>\n"
        }
        return document + "  <relation id=\"9\"><member ref=\"1\"/></relation>\n</osm>\n"
    }

    static func expectedItems(nodes: Int, ways: Int) -> [MapItem] {
        (0..<nodes).map { MapItem.node(Node(id: $0, lat: Double($0) / 4)) }
            + (0..<ways).map { index in
                MapItem.way(Way(id: 1_000 + index, nd: (0..<3).map { Way.Reference(ref: index + $0) }))
            }
    }

    static func choose(_ record: XMLRecord) throws -> MapItem? {
        switch record.name.localName {
        case "node": .node(try record.decode(Node.self))
        case "way": .way(try record.decode(Way.self))
        default: nil
        }
    }

    @Test(arguments: [1, 7, 4_096, 65_536])
    func oneEnumOverNodesAndWaysInOnePass(chunkSize: Int) async throws {
        let document = Self.map(nodes: 300, ways: 120)
        var items: [MapItem] = []
        for try await item in try XMLEvents(string: document, chunkSize: chunkSize).decode(
            matching: "/osm/*", Self.choose)
        {
            items.append(item)
        }
        #expect(items == Self.expectedItems(nodes: 300, ways: 120))
    }

    @Test func theClosureSeesNamesAndLocationsAndMaySkip() async throws {
        let names = try XMLEvents(string: Self.map(nodes: 2, ways: 1)).decode(matching: "/osm/*") {
            record -> String? in
            guard let location = record.location else { return "no location" }
            return record.name.localName == "bounds" ? nil : "\(record.name.localName)@\(location.line)"
        }
        var seen: [String] = []
        for try await name in names { seen.append(name) }
        #expect(seen == ["node@4", "node@5", "way@6", "relation@12"])
    }

    /// The subtrees' `decode` takes the same closure, so a selection made once serves both forms.
    @Test func aSelectionDecodesEitherWay() async throws {
        let selection = try XMLEvents(string: Self.map(nodes: 5, ways: 2)).elements(matching: "/osm/*")
        var count = 0
        for try await item in selection.decode(Self.choose) {
            if case .way(let way) = item { #expect(way.nd.count == 3) }
            count += 1
        }
        #expect(count == 7)
    }

    struct Refusal: Error, Equatable {}

    @Test func aRecordThatDoesNotDecodeHasItsLocationAndTheClosuresErrorsPassThrough() async throws {
        let document =
            "<osm>\n<node id=\"1\" lat=\"0.5\"/>\n<node id=\"x\" lat=\"1\"/>\n<node id=\"3\" lat=\"2\"/>\n</osm>"
        var items = try XMLEvents(string: document).decode(matching: "/osm/node", Self.choose).makeAsyncIterator()
        #expect(try await items.next() == .node(Node(id: 1, lat: 0.5)))
        let failure = await #expect(throws: XMLRecordDecodingError.self) { try await items.next() }
        #expect(failure?.location?.line == 3)
        #expect(try await items.next() == nil)

        var refused = try XMLEvents(string: document).decode(matching: "/osm/node") { _ -> Int? in throw Refusal() }
            .makeAsyncIterator()
        await #expect(throws: Refusal.self) { try await refused.next() }
        #expect(try await refused.next() == nil)
    }

    @MainActor
    @Test func onTheMainActorOverAFileOfManyBatches() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mixed-\(UUID()).osm")
        try Data(Self.map(nodes: 20_000, ways: 5_000).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var nodes = 0
        var ways = 0
        for try await item in try XMLEvents(path: file.path, chunkSize: 4_096).decode(
            matching: "/osm/*", Self.choose)
        {
            switch item {
            case .node: nodes += 1
            case .way: ways += 1
            }
        }
        #expect(nodes == 20_000)
        #expect(ways == 5_000)
    }

    @Test func theResponseBeforeTheFirstMixedRecord() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.route(
            "/map.osm",
            LoopbackResponse(headers: [("ETag", "\"m1\"")], body: .text(Self.map(nodes: 3, ways: 3))))
        let map = XMLEvents(url: server.url("/map.osm"))
        var items = try map.decode(matching: "/osm/*", Self.choose).makeAsyncIterator()
        #expect(try await map.source.response?.value(forHTTPHeaderField: "ETag") == "\"m1\"")
        var count = 0
        while try await items.next() != nil { count += 1 }
        #expect(count == 6)
    }

    // MARK: - The cursor

    /// Go's `Token()` mixed with `DecodeElement`, C#'s `ReadSubtree()` and `Skip()`: one loop, no
    /// depth counting, with elements spanning many chunks.
    @Test(arguments: [1, 5, 64, 65_536])
    func eventsAndElementsInOneLoop(chunkSize: Int) async throws {
        let document = Self.map(nodes: 40, ways: 12)
        var events = XMLEvents(string: document, chunkSize: chunkSize).makeAsyncIterator()
        var items: [MapItem] = []
        var relation: XMLSubtree?
        var skipped = 0
        var afterSkips: [String] = []
        while let event = try await events.next() {
            guard case .startElement(let name, _, _) = event else { continue }
            switch name.localName {
            case "node": items.append(.node(try await events.decodeElement(Node.self)))
            case "way": items.append(.way(try await events.decodeElement(Way.self)))
            case "relation": relation = try await events.subtree()
            case "bounds":
                try await events.skipElement()
                skipped += 1
                // The event after the skipped element is what follows its end tag.
                if case .text(let text) = try await events.next() { afterSkips.append(text) }
            default: break
            }
        }
        #expect(items == Self.expectedItems(nodes: 40, ways: 12))
        #expect(relation?.childElements.first?.attributes["ref"] == "1")
        // The declaration, <osm>, <bounds>, 40 nodes, 12 ways of 6 lines: the relation's line.
        #expect(relation?.location?.line == 3 + 40 + 12 * 6 + 1)
        #expect(skipped == 1)
        #expect(afterSkips == ["\n  "])
    }

    @Test func skippingANestedElementOfTheSameNameEndsAtItsOwnEnd() async throws {
        let document = "<a><b><b><b/></b><c/></b><d>after</d></a>"
        var events = XMLEvents(string: document, chunkSize: 3).makeAsyncIterator()
        var seen: [String] = []
        while let event = try await events.next() {
            switch event {
            case .startElement(let name, _, _):
                seen.append(name.localName)
                if name.localName == "b" { try await events.skipElement() }
            case .endElement(let name): seen.append("/" + name.localName)
            case .text(let text): seen.append(text)
            default: break
            }
        }
        #expect(seen == ["a", "b", "d", "after", "/d", "/a"])
    }

    @Test func takingTheRootLeavesTheEndOfTheDocument() async throws {
        var events = XMLEvents(string: "<?xml version=\"1.0\"?><r a=\"1\"><x>t</x><!--c--></r>").makeAsyncIterator()
        #expect(try await events.next() == .startDocument(version: "1.0", encoding: nil, standalone: nil))
        guard case .startElement = try await events.next() else {
            Issue.record("expected the root")
            return
        }
        let root = try await events.subtree()
        #expect(root.attributes["a"] == "1")
        #expect(root.children.count == 2)
        #expect(try await events.next() == .endDocument)
        #expect(try await events.next() == nil)
    }

    @Test func theCursorRefusesWhereThereIsNoElementToTake() async throws {
        var events = XMLEvents(string: "<a>text<b/></a>").makeAsyncIterator()
        // Before anything, after the document's start, and after text: nothing to take.
        let before = await #expect(throws: XMLRecordDecodingError.self) { try await events.subtree() }
        guard case .valueNotFound(let wanted, _) = before?.underlying else {
            Issue.record("expected valueNotFound, got \(String(describing: before))")
            return
        }
        #expect(wanted is XMLSubtree.Type)
        #expect(before?.location == nil)
        #expect(before?.description.contains("no element to take") == true)
        #expect(try await events.next() == .startDocument(version: nil, encoding: nil, standalone: nil))
        await #expect(throws: XMLRecordDecodingError.self) { try await events.skipElement() }
        _ = try await events.next()  // <a>
        #expect(try await events.next() == .text("text"))
        await #expect(throws: XMLRecordDecodingError.self) { try await events.skipElement() }
        // Nothing was consumed: <b/> comes next, and may be taken once.
        guard case .startElement(let name, _, _) = try await events.next() else {
            Issue.record("expected <b>")
            return
        }
        #expect(name.localName == "b")
        try await events.skipElement()
        await #expect(throws: XMLRecordDecodingError.self) { try await events.skipElement() }
        #expect(try await events.next() == .endElement(name: XMLName(localName: "a")))
        #expect(try await events.next() == .endDocument)
        #expect(try await events.next() == nil)
        let after = await #expect(throws: XMLRecordDecodingError.self) { try await events.decodeElement(Node.self) }
        guard case .valueNotFound(let wantedAfter, _) = after?.underlying else {
            Issue.record("expected valueNotFound, got \(String(describing: after))")
            return
        }
        #expect(wantedAfter is Node.Type)
        // Where the iterator is: its last start element, <b/>, as libxml2 reported it.
        #expect(after?.location?.line == 1)
        #expect(after?.location?.column == 10)
    }

    @Test func anElementThatDoesNotDecodeIsPassedAndIterationGoesOn() async throws {
        let document = "<osm><node id=\"x\" lat=\"1\"><tag/></node><node id=\"2\" lat=\"3\"/></osm>"
        var events = XMLEvents(string: document).makeAsyncIterator()
        var decoded: [Node] = []
        var failures: [Int] = []
        while let event = try await events.next() {
            guard case .startElement(let name, _, _) = event, name.localName == "node" else { continue }
            do {
                decoded.append(try await events.decodeElement(Node.self))
            } catch let error as XMLRecordDecodingError {
                failures.append(error.location?.column ?? -1)
            }
        }
        #expect(decoded == [Node(id: 2, lat: 3)])
        #expect(failures.count == 1)
    }

    /// A malformed document inside an element being taken: the parsing error, after which the
    /// iteration is over.
    @Test func aParsingErrorInsideATakenElementEndsIteration() async throws {
        var events = XMLEvents(string: "<r><e><x></y></e></r>", chunkSize: 2).makeAsyncIterator()
        _ = try await events.next()
        _ = try await events.next()
        let error = await #expect(throws: XMLParsingError.self) { try await events.subtree() }
        #expect(error?.line == 1)
        #expect(try await events.next() == nil)
    }

    @MainActor
    @Test func theCursorOnTheMainActorAcrossBatches() async throws {
        var events = XMLEvents(string: Self.map(nodes: 30_000, ways: 3_000), chunkSize: 4_096).makeAsyncIterator()
        var nodes = 0
        var ways = 0
        var idSum = 0
        while let event = try await events.next() {
            guard case .startElement(let name, _, _) = event else { continue }
            if name.localName == "node" {
                idSum += try await events.decodeElement(Node.self).id
                nodes += 1
            } else if name.localName == "way" {
                try await events.skipElement()
                ways += 1
            }
        }
        #expect(nodes == 30_000)
        #expect(ways == 3_000)
        #expect(idSum == (0..<30_000).reduce(0, +))
    }

    /// A decoder with its own strategies is used as given, call after call.
    @Test func decodeElementHonoursEachCallsDecoder() async throws {
        struct Item: Decodable, Equatable { var itemName: String }
        var events = XMLEvents(string: "<r><i item-name=\"a\"/><i item_name=\"b\"/><i item-name=\"c\"/></r>")
            .makeAsyncIterator()
        var kebab = XMLRecordDecoder()
        kebab.keyDecodingStrategy = .convertFromKebabCase
        var snake = XMLRecordDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        var names: [String] = []
        var index = 0
        while let event = try await events.next() {
            guard case .startElement(let name, _, _) = event, name.localName == "i" else { continue }
            names.append(try await events.decodeElement(Item.self, using: index == 1 ? snake : kebab).itemName)
            index += 1
        }
        #expect(names == ["a", "b", "c"])
    }

    /// With every event located, taking or skipping an element leaves the iterator at its end tag.
    @Test(arguments: [1, 4_096])
    func theLocationAfterATakenElementIsItsEndTags(chunkSize: Int) async throws {
        let document = "<r>\n  <a>\n    <b/>\n  </a>\n  <c>x</c>\n</r>"
        var events = XMLEvents(
            string: document, chunkSize: chunkSize, options: XMLParsingOptions(locatesEveryEvent: true)
        )
        .makeAsyncIterator()
        var after: [String: XMLLocation] = [:]
        while let event = try await events.next() {
            guard case .startElement(let name, _, _) = event, name.localName != "r" else { continue }
            if name.localName == "a" { try await events.skipElement() } else { _ = try await events.subtree() }
            after[name.localName] = events.location
        }
        // Just after `</a>` (line 4) and `</c>` (line 5).
        #expect(after["a"]?.line == 4)
        #expect(after["a"]?.column == 7)
        #expect(after["c"]?.line == 5)
        #expect(after["c"]?.column == 11)
    }
}
