import Foundation
import FoundationXML
import Testing
import XMLCorpus
import XMLEvents

@Suite struct CorpusWellFormednessTests {
    @Test(arguments: CorpusShape.allCases, [UInt64(1), 2])
    func parsesCompletelyWithXMLEvents(shape: CorpusShape, seed: UInt64) async throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 200_000, seed: seed)
        let tally = try await CorpusEventTally.parse(document)
        #expect(tally.events.first == .startDocument(version: "1.0", encoding: "UTF-8", standalone: nil))
        #expect(tally.events.last == .endDocument)
        #expect(tally.itemCount > 10)
    }

    @Test(arguments: CorpusShape.allCases)
    func metadataMatchesWhatTheParserCounts(shape: CorpusShape) async throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 300_000, seed: 3)
        var chunks = document.chunks().makeIterator()
        var byteCount = 0
        while let chunk = chunks.next() { byteCount += chunk.count }
        let tally = try await CorpusEventTally.parse(document, chunkSize: 4_096)
        #expect(chunks.metadata == tally.metadata(byteCount: byteCount))
        #expect(document.metadata() == chunks.metadata)
    }

    @Test(arguments: CorpusShape.allCases)
    func smallestDocumentParses(shape: CorpusShape) async throws {
        let tally = try await CorpusEventTally.parse(CorpusDocument(shape: shape, targetByteCount: 0))
        #expect(tally.events.last == .endDocument)
    }

    /// Foundation's `XMLParser` agrees on well-formedness and on the number of elements and items.
    @Test(arguments: CorpusShape.allCases)
    func foundationParserAgrees(shape: CorpusShape) throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 64 * 1024, seed: 5)
        let parser = XMLParser(data: document.data())
        parser.shouldProcessNamespaces = true
        let counter = ElementCounter(shape: shape)
        parser.delegate = counter
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let metadata = document.metadata()
        #expect(counter.elementCount == metadata.elementCount)
        #expect(counter.itemCount == metadata.itemCount)
    }
}

/// Counts elements for `XMLParser`, which reports through a delegate object.
private final class ElementCounter: NSObject, XMLParserDelegate {
    let shape: CorpusShape
    var elementCount = 0
    var itemCount = 0

    init(shape: CorpusShape) {
        self.shape = shape
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        elementCount += 1
        if elementName == shape.itemElementName && (namespaceURI ?? "").isEmpty == (shape.itemNamespaceURI == nil) {
            itemCount += 1
        }
    }
}
