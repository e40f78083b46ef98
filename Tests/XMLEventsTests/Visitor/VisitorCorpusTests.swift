import Foundation
import Testing
import XMLCorpus
import XMLEvents

/// The visitor tier gives the owned events' document on the generated corpus shapes: long
/// documents with every kind of text run, namespaces and attributes, read through many steps.
@Suite struct VisitorCorpusTests {
    @Test(arguments: CorpusShape.allCases)
    func corpusShapesGiveTheOwnedEvents(shape: CorpusShape) async throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 1_500_000)
        let owned = await Tiers.owned(XMLEvents(document.asyncChunks(ofSize: 64 * 1024)))
        let visited = await Tiers.visited(XMLEvents(document.asyncChunks(ofSize: 64 * 1024)))
        #expect(owned.error == nil && owned.otherError == nil, "\(owned.error.map(String.init(describing:)) ?? "")")
        let difference = visited.difference(from: owned)
        #expect(difference == nil, "\(shape): \(difference ?? "")")
        // The visitor saw the whole document, as the generator counted it.
        let metadata = document.metadata()
        var elements = 0
        var attributes = 0
        var declarations = 0
        for case .startElement(_, let attributeList, let namespaces) in visited.events {
            elements += 1
            attributes += attributeList.count
            declarations += namespaces.count
        }
        #expect(elements == metadata.elementCount)
        #expect(attributes == metadata.attributeCount)
        #expect(declarations == metadata.namespaceDeclarationCount)
        #expect(visited.startLocations.count == elements)
        #expect(visited.events.last == .endDocument)
    }
}
