import Foundation
import Testing
import XMLCorpus

@testable import XMLEvents

/// A big document made of records, parsed in chunks on several cores, gives exactly the single
/// parser's events, locations and errors, in document order.
@Suite struct ParallelRecordsTests {
    struct Located: Equatable, CustomStringConvertible {
        var event: XMLEvent
        var location: XMLLocation?
        var description: String { "\(event) @ \(location.map { "\($0)" } ?? "-")" }
    }

    static func options(parallel: Bool, locating: Bool = true) -> XMLParsingOptions {
        var options = XMLParsingOptions()
        options.locatesEveryEvent = locating
        options.parallelism = parallel ? .cores(2) : .off
        return options
    }

    /// The events and locations of `document`, and the error that ended it, if one did.
    static func parse(_ document: Data, parallel: Bool, chunkSize: Int = 64 * 1024) async -> (
        [Located], (any Error)?
    ) {
        var events = XMLEvents(data: document, chunkSize: chunkSize, options: options(parallel: parallel))
            .makeAsyncIterator()
        var located: [Located] = []
        do {
            while let event = try await events.next() {
                located.append(Located(event: event, location: events.location))
            }
            return (located, nil)
        } catch {
            return (located, error)
        }
    }

    static func expectSame(_ document: Data, chunkSize: Int = 64 * 1024, _ comment: String) async {
        let (single, singleError) = await parse(document, parallel: false, chunkSize: chunkSize)
        let (parallel, parallelError) = await parse(document, parallel: true, chunkSize: chunkSize)
        #expect(parallel.count == single.count, "\(comment)")
        if let mismatch = zip(parallel, single).first(where: { $0 != $1 }) {
            Issue.record("\(comment): \(mismatch.0) instead of \(mismatch.1)")
        }
        #expect(
            "\(parallelError.map { "\($0)" } ?? "none")" == "\(singleError.map { "\($0)" } ?? "none")", "\(comment)")
    }

    @Test(arguments: CorpusShape.allCases)
    func corpusDocumentsGiveTheSingleParsersEvents(shape: CorpusShape) async {
        let document = CorpusDocument(shape: shape, targetByteCount: 6_000_000).data()
        await Self.expectSame(document, "\(shape)")
        await Self.expectSame(document, chunkSize: 1_000_003, "\(shape), chunks of 1,000,003 bytes")
    }

    /// Records that follow each other on a line: the first chunk after the single parser's part
    /// starts in the middle of a line, at the column after the one where that parser stopped.
    @Test func aChunkThatStartsInTheMiddleOfALineIsPlacedWhereTheLineGoesOn() async {
        var document = "<?xml version=\"1.0\"?>\n<items>"
        for index in 0..<20_000 {
            document +=
                "<item id=\"\(index)\"><name>\(String(repeating: "é", count: index % 13))</name><p\n a=\"1\"/></item>"
        }
        document += "</items>\n"
        await Self.expectSame(Data(document.utf8), "records on one line")
        await Self.expectSame(
            Data(document.utf8), chunkSize: 1_000_003, "records on one line, chunks of 1,000,003 bytes")
    }

    /// libxml2 reports a text run that its call's bytes cut in pieces that end where the call's
    /// bytes end, and the run is located after its first piece: a chunk's parser makes its calls
    /// end where the single parser's do, whatever offset the chunk starts at, also when a long
    /// comment or CDATA section at the end of the chunk before made the single parser's steps
    /// grow past it.
    @Test(arguments: [1_000, 3_000, 4_000, 9_000, 70_000])
    func aLongTextIsLocatedAsTheSingleParserLocatesIt(length: Int) async {
        var document = "<?xml version=\"1.0\"?>\n<root>\n"
        let words = ["word ", "wörd ", "単語 ", "w&amp;rd "]
        for index in 0..<(3_000_000 / length) {
            let word = words[index % words.count]
            let text = String(repeating: word, count: length / word.utf8.count)
            document += "<rec id=\"\(index)\"><t>\(text)</t><!--\(text)--><c><![CDATA[\(text)]]></c></rec>\n"
        }
        document += "</root>\n"
        await Self.expectSame(Data(document.utf8), "texts of \(length) bytes")
    }

    /// The records are cut into chunks: a document of 6 MB is not read by one parser.
    @Test func aBigDocumentIsParsedInChunks() async throws {
        let document = CorpusDocument(shape: .records, targetByteCount: 6_000_000).data()
        var feed = XMLEvents(data: document, options: Self.options(parallel: true, locating: false)).makeFeed()
        var sawRecords = false
        while try await feed.advance() {
            if feed.stages?.records != nil { sawRecords = true }
        }
        #expect(sawRecords)
    }

    /// Whether a feed of `document` with `parallelism` parses it in chunks.
    static func parsesInChunks(_ document: Data, _ parallelism: XMLParsingOptions.Parallelism) async throws -> Bool {
        var options = XMLParsingOptions()
        options.parallelism = parallelism
        var feed = XMLEvents(data: document, options: options).makeFeed()
        var chunks = false
        while try await feed.advance() {
            if feed.stages?.records != nil { chunks = true }
        }
        return chunks
    }

    /// On two cores, `automatic` leaves one to a compressed document's decompression: one parser.
    @Test func automaticLeavesACoreToDecompression() async throws {
        let plain = CorpusDocument(shape: .records, targetByteCount: 4_000_000).data()
        let compressed = try Self.gzip(plain)
        let twoCores = XMLParsingOptions.Parallelism(workerCount: 2, isAutomatic: true)
        #expect(try await Self.parsesInChunks(plain, twoCores))
        #expect(try await !Self.parsesInChunks(compressed, twoCores))
        #expect(try await Self.parsesInChunks(compressed, .cores(2)))
        #expect(
            try await Self.parsesInChunks(compressed, XMLParsingOptions.Parallelism(workerCount: 3, isAutomatic: true)))
    }

    static func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -c -1"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed
    }
}
