import Foundation
import Testing
import XMLCorpus

@testable import XMLEvents

/// Records decoded from a big document parsed in chunks of records point where those of the
/// single parser do: every start tag's `<` is placed in the document as its `>` is, and a
/// record that does not decode gives the single parser's error, at the same place.
@Suite struct ParallelRecordErrorsTests {
    struct Position: Decodable, Sendable {
        var lat: Double
    }

    struct Item: Decodable, Sendable {
        var id: Int
        var kind: String
        var position: Position
    }

    /// How the records of a document are laid out: where their tags start and end lines.
    enum Layout: CaseIterable {
        /// One element a line, indented, the record's start tag over two lines.
        case indented
        /// Every record on one line; start tags that span lines follow other markup.
        case oneLine
        /// One record a line, its start tag over two lines after text on the line.
        case afterText
    }

    /// A document of `count` records, about 3 MB for 20,000, the record `failing` with `bad`
    /// for its `field` (`id` or `lat`).
    static func document(
        _ layout: Layout, count: Int = 20_000, failing: Int? = nil, field: String = "lat", bad: String = "x"
    ) -> Data {
        var xml = "<?xml version=\"1.0\"?>\n<items>"
        xml.reserveCapacity(count * 160)
        for index in 0..<count {
            let id = index == failing && field == "id" ? bad : "\(index)"
            let lat = index == failing && field == "lat" ? bad : "\(Double(index) / 8)"
            let name = String(repeating: "é", count: index % 13)
            switch layout {
            case .indented:
                xml += "\n  <item id=\"\(id)\"\n        kind=\"k\(index % 5)\">\n    <position lat=\"\(lat)\"/>\n"
                xml += "    <name>\(name)</name>\n  </item>"
            case .oneLine:
                xml += "<item id=\"\(id)\" kind=\"k\"><name>\(name)</name><position\n lat=\"\(lat)\"/></item>"
            case .afterText:
                xml += "\n\(name) <item id=\"\(id)\"\n kind=\"k\"><position lat=\"\(lat)\"/></item>"
            }
        }
        return Data((xml + "\n</items>\n").utf8)
    }

    static func options(parallel: Bool) -> XMLParsingOptions {
        var options = XMLParsingOptions()
        options.parallelism = parallel ? .cores(2) : .off
        return options
    }

    /// Where each start tag's `<` was placed, with where it was reported, in document order.
    static func tagStarts(of document: Data, parallel: Bool, chunkSize: Int) async throws -> (
        starts: [String], inChunks: Bool
    ) {
        var feed = XMLEvents(data: document, chunkSize: chunkSize, options: options(parallel: parallel))
            .makeRecordFeed()
        var starts: [String] = []
        var sawRecords = false
        while try await feed.advance() {
            if feed.stages?.records != nil { sawRecords = true }
            let columns = feed.tape.columns.pointee
            #expect(columns.tagStarts.count == columns.locations.count)
            for row in 0..<min(columns.tagStarts.count, columns.locations.count) {
                starts.append("\(columns.tagStarts[row].location) for \(columns.locations[row].location)")
            }
        }
        return (starts, sawRecords)
    }

    /// The error that ended decoding `document`'s items, and how many decoded before it.
    static func decoding(_ document: Data, parallel: Bool, chunkSize: Int) async -> (Int, String) {
        let events = XMLEvents(data: document, chunkSize: chunkSize, options: options(parallel: parallel))
        var count = 0
        do {
            for try await _ in try events.decode(Item.self, matching: "/items/item") { count += 1 }
            return (count, "none")
        } catch {
            return (count, "\(error)")
        }
    }

    /// The tag starts of `document` placed by the chunks of records are the single parser's.
    static func expectSameTagStarts(_ document: Data, chunkSize: Int, _ comment: String) async throws {
        let single = try await tagStarts(of: document, parallel: false, chunkSize: chunkSize)
        let parallel = try await tagStarts(of: document, parallel: true, chunkSize: chunkSize)
        #expect(parallel.starts.count == single.starts.count, "\(comment)")
        let mismatch = zip(parallel.starts, single.starts).enumerated().first { $0.element.0 != $0.element.1 }
        if let mismatch { Issue.record("\(comment), start tag \(mismatch.offset): \(mismatch.element)") }
    }

    @Test(arguments: Layout.allCases)
    func everyTagStartIsPlacedAsTheSingleParserPlacesIt(layout: Layout) async throws {
        let document = Self.document(layout)
        for chunkSize in [64 * 1024, 1_000_003] {
            let parallel = try await Self.tagStarts(of: document, parallel: true, chunkSize: chunkSize)
            #expect(parallel.inChunks)
            #expect(parallel.starts.count == 1 + 20_000 * (layout == .afterText ? 2 : 3))
            try await Self.expectSameTagStarts(document, chunkSize: chunkSize, "\(layout), \(chunkSize)")
        }
    }

    @Test(arguments: CorpusShape.allCases)
    func corpusDocumentsPlaceEveryTagStartAlike(shape: CorpusShape) async throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 3_000_000).data()
        try await Self.expectSameTagStarts(document, chunkSize: 64 * 1024, "\(shape)")
    }

    /// A record that does not decode, early in a chunk, late, or in the last: the same records
    /// before it, and the same error at the same place.
    @Test(arguments: Layout.allCases)
    func aRecordThatDoesNotDecodeGivesTheSingleParsersError(layout: Layout) async throws {
        for (failing, field) in [(9_000, "lat"), (13_001, "id"), (19_999, "lat")] {
            let document = Self.document(layout, failing: failing, field: field)
            let single = await Self.decoding(document, parallel: false, chunkSize: 64 * 1024)
            let parallel = await Self.decoding(document, parallel: true, chunkSize: 64 * 1024)
            #expect(single.0 == failing)
            #expect(single.1.contains("cannot decode <item> at '"), "\(single.1)")
            #expect(parallel.0 == single.0, "\(layout), record \(failing)")
            #expect(parallel.1 == single.1, "\(layout), record \(failing)")
        }
    }
}
