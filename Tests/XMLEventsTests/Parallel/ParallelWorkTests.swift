import Foundation
import Testing
import XMLCorpus

@testable import XMLEvents
@testable import XMLEventsInput

/// Subtrees and records of a big document made of records, built by the workers that parse its
/// chunks: the single parser's values, locations and errors, in document order.
@Suite struct ParallelWorkTests {
    struct Tag: Decodable, Sendable, Equatable {
        var k: String
        var v: String
    }

    struct Node: Decodable, Sendable, Equatable {
        var id: Int
        var lat: Double
        var name: String
        var tag: [Tag]
    }

    /// A non-`Sendable` record type: decoded where it is read.
    final class Box: Decodable {
        var id: Int
    }

    enum Item: Sendable, Equatable {
        case node(Node)
        case way(Int)
    }

    static func options(parallel: Bool) -> XMLParsingOptions {
        var options = XMLParsingOptions()
        options.parallelism = parallel ? .cores(2) : .off
        return options
    }

    /// An OpenStreetMap-like document of `count` nodes (with a way after every tenth), one node
    /// a line, or all on one line; the node numbered `bad` has a latitude that is no number.
    static func osm(nodes count: Int, oneLine: Bool = false, bad: Int? = nil, cdata: Bool = false) -> Data {
        let newline = oneLine ? "" : "\n"
        var text = "<?xml version=\"1.0\"?>\(newline)<osm xmlns:x=\"urn:x\" version=\"0.6\">\(newline)"
        for index in 0..<count {
            let lat = index == bad ? "north" : "\(Double(index) / 8)"
            let name = cdata ? "<![CDATA[Café \(index) <é>]]>" : "Café \(index) &amp; co"
            text += "<node id=\"\(index)\" lat=\"\(lat)\" x:v=\"é\"><name>\(name)</name>"
            text += "<tag k=\"a\" v=\"\(index % 7)\"/><tag k=\"b\" v=\"ü\(index)\"/></node>\(newline)"
            if index % 10 == 9 { text += "<way id=\"\(index)\"><nd ref=\"1\"/></way>\(newline)" }
        }
        text += "</osm>\(newline)"
        return Data(text.utf8)
    }

    /// Each subtree's description with every element's location, children first.
    static func located(_ subtree: XMLSubtree) -> String {
        var text = "\(subtree.name.qualifiedName)@\(subtree.location.map { "\($0)" } ?? "-")"
        for child in subtree.children {
            if case .element(let element) = child { text += "[" + located(element) + "]" }
        }
        return text
    }

    static func subtrees(_ document: Data, parallel: Bool, path: String = "/osm/node") async -> (
        [String], String
    ) {
        var found: [String] = []
        do {
            let events = XMLEvents(data: document, options: options(parallel: parallel))
            for try await subtree in try events.elements(matching: path) {
                found.append("\(subtree) " + located(subtree))
            }
            return (found, "none")
        } catch {
            return (found, "\(error)")
        }
    }

    static func nodes(_ document: Data, parallel: Bool) async -> ([Node], String) {
        var found: [Node] = []
        do {
            let events = XMLEvents(data: document, options: options(parallel: parallel))
            for try await node in try events.decode(Node.self, matching: "/osm/node") { found.append(node) }
            return (found, "none")
        } catch {
            return (found, "\(error)")
        }
    }

    /// Whether any chunk's tape came with values that workers built for `work`.
    static func workersBuild(_ document: Data, work: ChunkWork) async throws -> Bool {
        var feed = XMLEvents(data: document, options: options(parallel: true)).makeFeed(work: work)
        var built = false
        while try await feed.advance() {
            if feed.tape.product != nil { built = true }
        }
        return built
    }

    @Test(arguments: [false, true])
    func subtreesAreTheSingleParsers(oneLine: Bool) async throws {
        let document = Self.osm(nodes: 30_000, oneLine: oneLine)
        let (single, singleError) = await Self.subtrees(document, parallel: false)
        let (parallel, parallelError) = await Self.subtrees(document, parallel: true)
        #expect(single.count == 30_000)
        #expect(parallel.count == single.count)
        if let mismatch = zip(parallel, single).first(where: { $0 != $1 }) {
            Issue.record("\(mismatch.0) instead of \(mismatch.1)")
        }
        #expect(parallelError == singleError)
    }

    /// libxml2 counts a CDATA section's bytes in its columns, so a chunk whose first line holds
    /// one starts at another column than its characters say: its values are the events'.
    @Test func aColumnForeseenWronglyGivesTheEventsValues() async throws {
        let document = Self.osm(nodes: 30_000, oneLine: true, cdata: true)
        #expect(try await Self.workersBuild(document, work: Self.nodeWork(XMLPath("node"))))
        let (single, _) = try await Self.locatedNodes(document, parallel: false)
        let (parallel, _) = try await Self.locatedNodes(document, parallel: true)
        #expect(single.count == 30_000)
        if let mismatch = zip(parallel, single).first(where: { $0 != $1 }) {
            Issue.record("\(mismatch.0) instead of \(mismatch.1)")
        }
        let (singleSubtrees, _) = await Self.subtrees(document, parallel: false, path: "node")
        let (parallelSubtrees, _) = await Self.subtrees(document, parallel: true, path: "node")
        #expect(parallelSubtrees.count == singleSubtrees.count)
        if let mismatch = zip(parallelSubtrees, singleSubtrees).first(where: { $0 != $1 }) {
            Issue.record("\(mismatch.0) instead of \(mismatch.1)")
        }
    }

    /// Each node decoded, after the location of its record (made by the workers that parse the
    /// document when it is cut into chunks).
    static func locatedNodes(_ document: Data, parallel: Bool) async throws -> ([String], String) {
        var found: [String] = []
        do {
            let events = XMLEvents(data: document, options: options(parallel: parallel))
            let located = try events.decode(matching: "node") { record -> String? in
                "\(record.location.map { "\($0)" } ?? "-") \(try record.decode(Node.self))"
            }
            for try await node in located { found.append(node) }
            return (found, "none")
        } catch {
            return (found, "\(error)")
        }
    }

    /// What the workers make of each selected node when `Node` records are decoded.
    static func nodeWork(_ path: XMLPath) -> ChunkWork {
        XMLEvents<XMLByteSource>.ParsedRecords.work(
            path, decoder: XMLRecordDecoder(), maker: XMLDecodingMaker<Node>())
    }

    /// The root element selected: its subtree spans every chunk, so the reader builds it.
    @Test func aSelectedRootIsBuiltByTheReader() async throws {
        let document = Self.osm(nodes: 12_000)
        #expect(try await Self.workersBuild(document, work: Self.nodeWork(XMLPath("node"))))
        #expect(try await !Self.workersBuild(document, work: Self.nodeWork(XMLPath("osm"))))
        let (single, _) = await Self.subtrees(document, parallel: false, path: "osm")
        let (parallel, _) = await Self.subtrees(document, parallel: true, path: "osm")
        #expect(single.count == 1)
        #expect(parallel == single)
    }

    @Test(arguments: [false, true])
    func recordsAreTheSingleParsers(oneLine: Bool) async throws {
        let document = Self.osm(nodes: 30_000, oneLine: oneLine)
        let (single, singleError) = await Self.nodes(document, parallel: false)
        let (parallel, parallelError) = await Self.nodes(document, parallel: true)
        #expect(single.count == 30_000)
        #expect(parallel == single)
        #expect(parallelError == singleError)
    }

    /// A record that does not decode, deep in the document: the records before it, then the
    /// single parser's error with its position.
    @Test(arguments: [false, true])
    func aRecordThatDoesNotDecodeFailsAtItsPlace(oneLine: Bool) async throws {
        let document = Self.osm(nodes: 30_000, oneLine: oneLine, bad: 23_456)
        let (single, singleError) = await Self.nodes(document, parallel: false)
        let (parallel, parallelError) = await Self.nodes(document, parallel: true)
        #expect(single.count == 23_456)
        #expect(parallel == single)
        #expect(singleError.contains("north"))
        #expect(parallelError == singleError)
    }

    @Test func severalTypesAreTheSingleParsers() async throws {
        let document = Self.osm(nodes: 30_000)
        func items(parallel: Bool) async throws -> [Item] {
            let events = XMLEvents(data: document, options: Self.options(parallel: parallel))
            var found: [Item] = []
            let chosen = try events.decode(matching: "/osm/(node|way)") { record -> Item? in
                record.name.localName == "node"
                    ? .node(try record.decode(Node.self)) : .way(try record.decode(Box.self).id)
            }
            for try await item in chosen { found.append(item) }
            return found
        }
        let single = try await items(parallel: false)
        #expect(single.count == 33_000)
        #expect(try await items(parallel: true) == single)
    }

    /// The records of a `Sendable` type, one type or several, from the events or from their
    /// subtrees, are made by the workers; those of a type that is not `Sendable` by the reader.
    @Test func theWorkersMakeTheRecordsOfASendableType() throws {
        typealias Subtrees = XMLSubtreeSequence<XMLEvents<XMLByteSource>>
        /// Whether the workers make the records: `nil` when the parser does not build them.
        func madeByWorkers<Record>(_ records: XMLDecodingSequence<Subtrees, Record>) -> Bool? {
            (records.parser as? XMLEvents<XMLByteSource>.ParsedRecords).map { $0.work != nil }
        }
        let events = XMLEvents(data: Self.osm(nodes: 1), options: Self.options(parallel: true))
        let subtrees = try events.elements(matching: "node")
        #expect(madeByWorkers(try events.decode(Node.self, matching: "node")) == true)
        #expect(madeByWorkers(subtrees.decode(Node.self)) == true)
        #expect(madeByWorkers(try events.decode(matching: "node") { try $0.decode(Node.self) }) == true)
        #expect(madeByWorkers(subtrees.decode { try $0.decode(Node.self) }) == true)
        #expect(madeByWorkers(try events.decode(Box.self, matching: "node")) == false)
        #expect(madeByWorkers(subtrees.decode(Box.self)) == false)
        #expect(madeByWorkers(try events.decode(matching: "node") { try $0.decode(Box.self) }) == false)
        #expect(madeByWorkers(subtrees.decode { try $0.decode(Box.self) }) == false)
    }

    /// A type that is not `Sendable` is decoded by the reader, with the same records.
    @Test func aRecordTypeThatIsNotSendableIsDecodedByTheReader() async throws {
        let document = Self.osm(nodes: 30_000)
        var ids: [Int] = []
        let events = XMLEvents(data: document, options: Self.options(parallel: true))
        for try await box in try events.decode(Box.self, matching: "/osm/way") { ids.append(box.id) }
        #expect(ids == Array(stride(from: 9, to: 30_000, by: 10)))
    }

    /// Counts what it sees, and how many chunks' visitors were merged into it.
    struct Tally: XMLVisitor, Sendable, Equatable {
        var elements = 0
        var depth = 0
        var maximumDepth = 0
        var textBytes = 0
        var ends = 0
        var firstNode: XMLLocation?
        var merged = 0

        mutating func startElement(_ tag: borrowing XMLStartTag) {
            elements += 1
            depth += 1
            maximumDepth = max(maximumDepth, depth)
            if firstNode == nil, tag.name.localName == "node" { firstNode = tag.location }
        }

        mutating func endElement(_ name: XMLName) { depth -= 1 }
        mutating func text(_ text: borrowing XMLText) { textBytes += text.count }
        mutating func endDocument() { ends += 1 }

        mutating func merge(_ chunk: Tally) {
            elements += chunk.elements
            maximumDepth = max(maximumDepth, depth + chunk.maximumDepth)
            depth += chunk.depth
            textBytes += chunk.textBytes
            ends += chunk.ends
            merged += 1
        }
    }

    static func tally(_ document: Data, parallel: Bool) async throws -> Tally {
        var tally = Tally()
        let events = XMLEvents(data: document, options: options(parallel: parallel))
        try await events.visit(&tally, chunkVisitor: { Tally() }, merging: { $0.merge($1) })
        return tally
    }

    /// Chunks of records are played to visitors of their own, merged in order: the counts are
    /// those of one visitor that saw every event.
    @Test func chunkVisitorsMergeIntoTheSingleVisitorsCounts() async throws {
        let document = Self.osm(nodes: 30_000)
        var single = Tally()
        try await XMLEvents(data: document, options: Self.options(parallel: false)).visit(&single)
        let parallel = try await Self.tally(document, parallel: true)
        #expect(parallel.merged > 2)
        #expect(single.merged == 0)
        #expect(try await Self.tally(document, parallel: false) == single)
        var merged = parallel
        merged.merged = 0
        #expect(merged == single)
        #expect(single.ends == 1 && single.depth == 0 && single.maximumDepth == 3)
    }

    /// Damage deep in a big document: the events before it and the error, its position and the
    /// line its message names, are the single parser's, on several lines or one.
    @Test(
        arguments: [
            ("</name>", "</nome>"),  // an element closed by another's end tag
            ("</node>", "</osm>"),  // the root's end tag closes a record
            ("<tag k=", "<tag <k="),  // a start tag not finished
        ], [false, true])
    func damageGivesTheSingleParsersError(_ damage: (String, String), oneLine: Bool) async throws {
        var document = Self.osm(nodes: 30_000, oneLine: oneLine)
        let at = try #require(document[(document.count * 3 / 5)...].range(of: Data(damage.0.utf8)))
        document.replaceSubrange(at, with: Data(damage.1.utf8))
        let (single, singleError) = await Self.subtrees(document, parallel: false)
        let (parallel, parallelError) = await Self.subtrees(document, parallel: true)
        #expect(single.count > 15_000)
        #expect(parallel == single)
        #expect(singleError != "none")
        #expect(parallelError == singleError)
    }

    /// A document cut off in a record: the single parser's error and position.
    @Test(arguments: [false, true])
    func aCutDocumentGivesTheSingleParsersError(oneLine: Bool) async throws {
        let whole = Self.osm(nodes: 30_000, oneLine: oneLine)
        let start = try #require(whole[(whole.count * 4 / 5)...].range(of: Data("<name>".utf8)))
        let document = whole[..<start.upperBound]
        let (single, singleError) = await Self.subtrees(Data(document), parallel: false)
        let (parallel, parallelError) = await Self.subtrees(Data(document), parallel: true)
        #expect(parallel == single)
        #expect(singleError.contains("ended early"), "\(singleError)")
        #expect(parallelError == singleError)
    }
}
