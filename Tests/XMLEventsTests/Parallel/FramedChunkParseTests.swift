import Foundation
import Testing
import XMLCorpus

@testable import XMLEvents

/// A document cut at the splitter's boundaries into chunks, each parsed by a parser of its own
/// inside the document's frame and placed in order, gives the single parser's events and
/// locations, whatever the chunk size.
@Suite struct FramedChunkParseTests {
    struct Located: Equatable, CustomStringConvertible {
        var event: XMLEvent
        var location: XMLLocation?
        var description: String { "\(event) @ \(location.map { "\($0)" } ?? "-")" }
    }

    static var locating: XMLParsingOptions {
        var options = XMLParsingOptions()
        options.locatesEveryEvent = true
        return options
    }

    static func singleParse(_ document: Data) async throws -> [Located] {
        var events = XMLEvents(data: document, options: locating).makeAsyncIterator()
        var located: [Located] = []
        while let event = try await events.next() { located.append(Located(event: event, location: events.location)) }
        return located
    }

    /// The chunks of `document` of at least `size` bytes each, cut at the splitter's boundaries.
    static func chunks(of document: Data, size: Int) throws -> (prefix: [UInt8], chunks: [RecordChunk]) {
        var splitter = RecordSplitter()
        document.withUnsafeBytes { splitter.scan($0) }
        let bytes = [UInt8](document)
        let rootStartTagEnd = try #require(splitter.rootStartTagEnd)
        var chunks: [RecordChunk] = []
        var start = 0
        var line = 1
        for offset in splitter.boundaryOffsets where offset - start >= size && offset < bytes.count {
            chunks.append(
                RecordChunk(
                    bytes: Array(bytes[start..<offset]), offset: start, line: line, isFirst: start == 0,
                    isLast: false))
            line += bytes[start..<offset].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            start = offset
        }
        chunks.append(
            RecordChunk(bytes: Array(bytes[start...]), offset: start, line: line, isFirst: start == 0, isLast: true))
        return (Array(bytes[..<rootStartTagEnd]), chunks)
    }

    static func chunkedParse(_ document: Data, size: Int) async throws -> [Located] {
        let (prefix, chunks) = try chunks(of: document, size: size)
        let frame = try #require(DocumentFrame(prefix: prefix, options: locating))
        var placer = ChunkPlacer(frame: frame)
        var located: [Located] = []
        for chunk in chunks {
            var parse = await FramedChunkParse.parse(chunk, in: frame, options: locating)
            placer.place(&parse)
            if let error = parse.error { throw error }
            var reader = EventTape.OwnedEventReader()
            while let event = reader.next(in: parse.tape) {
                located.append(Located(event: event, location: reader.location))
            }
        }
        return located
    }

    static let documents: [String] = [
        "<r><a>1</a><b/><c x=\"1\">t</c></r>",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- before -->
        <!DOCTYPE r SYSTEM "r.dtd">
        <r xmlns="urn:r" xmlns:p="urn:p">
          <p:a k="v">x &amp; y</p:a>
          <a><![CDATA[日本]]></a><a>日本語</a><a><!--c--><?pi d?></a>
          <b/><b/>
        </r>
        <!-- after -->
        """,
        "<r><a><![CDATA[日本語]]></a><a>é</a><a x='ü'/><a>\n</a><a/></r>",
        "\u{FEFF}<r>\r\n<a>x\r\n</a>\r<a/>\r\n</r>\r\n",
        "<r>head<a/>mid<a/>tail</r>",
    ]

    @Test(arguments: documents.indices)
    func chunksGiveTheSingleParsersEventsAndLocations(document index: Int) async throws {
        let document = Data(Self.documents[index].utf8)
        let expected = try await Self.singleParse(document)
        for size in [1, 5, 20, 1 << 20] {
            let chunked = try await Self.chunkedParse(document, size: size)
            #expect(chunked == expected, "chunks of \(size)")
        }
    }

    @Test(arguments: CorpusShape.allCases)
    func corpusChunksGiveTheSingleParsersEventsAndLocations(shape: CorpusShape) async throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 400_000).data()
        let expected = try await Self.singleParse(document)
        for size in [3_000, 50_000, 150_000] {
            let chunked = try await Self.chunkedParse(document, size: size)
            #expect(chunked.count == expected.count, "chunks of \(size)")
            if let mismatch = zip(chunked, expected).first(where: { $0 != $1 }) {
                Issue.record("chunks of \(size): \(mismatch.0) instead of \(mismatch.1)")
            }
        }
    }

    /// A tape its reader is done with goes to the next chunk's parser, which records the same
    /// events on it as on a new one.
    @Test func aReadTapeIsUsedAgainWithTheSameEvents() async throws {
        let document = Data(Self.documents[1].utf8)
        let (prefix, chunks) = try Self.chunks(of: document, size: 1)
        try #require(chunks.count > 2)
        let frame = try #require(DocumentFrame(prefix: prefix, options: Self.locating))
        let queue = RecordWorkQueue(spareTapeLimit: 1)
        var placer = ChunkPlacer(frame: frame)
        var located: [Located] = []
        // Kept alive, so that a new tape cannot take the address of one freed.
        var tapes: [EventTape] = []
        for (index, chunk) in chunks.enumerated() {
            queue.start(index, chunk, in: frame, options: Self.locating, work: nil)
            var parse = try #require(await queue.result(index))
            placer.place(&parse)
            if let error = parse.error { throw error }
            var reader = EventTape.OwnedEventReader()
            while let event = reader.next(in: parse.tape) {
                located.append(Located(event: event, location: reader.location))
            }
            if !tapes.contains(where: { $0 === parse.tape }) { tapes.append(parse.tape) }
            queue.recycle(parse.tape)
        }
        #expect(tapes.count == 1)
        #expect(located == (try await Self.singleParse(document)))
    }

}
