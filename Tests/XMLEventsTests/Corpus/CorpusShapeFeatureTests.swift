import Testing
import XMLCorpus
import XMLEvents

/// Each shape carries the features it promises, as a parser sees them.
@Suite struct CorpusShapeFeatureTests {
    @Test func textHasDTDReferencesCDATACommentsAndInstructions() async throws {
        let document = CorpusDocument(shape: .text, targetByteCount: 200_000)
        let tally = try await CorpusEventTally.parse(document, options: XMLParsingOptions(reportsCDATA: true))
        #expect(tally.events.contains(.doctype(name: "book", publicID: nil, systemID: nil)))
        let codeSamples = tally.events.compactMap { event -> String? in
            if case .cdata(let code) = event { return code }
            return nil
        }
        #expect(codeSamples.contains { $0.contains("<") && $0.contains("&") })
        #expect(tally.events.contains { if case .comment = $0 { true } else { false } })
        let targets = tally.events.compactMap { event -> String? in
            if case .processingInstruction(let target, _) = event { return target }
            return nil
        }
        #expect(Set(targets).isSuperset(of: ["xml-stylesheet", "page-break", "index", "render"]))
        let text = tally.text
        #expect(text.contains("Ångström & Søn Ltd."))  // a declared entity holding a predefined one
        #expect(text.contains("XMLEvents"))
        for expected in ["\u{2014}", "\u{A9}", "<tag>", "\"quoted\"", "it's", "x>y", "λόγος", "東京", "🚀"] {
            #expect(text.contains(expected), "\(expected)")
        }
        let names = Set(tally.elementNames.map(\.localName))
        #expect(names.isSuperset(of: ["book", "chapter", "section", "p", "em", "code", "a", "pre"]))
    }

    @Test func feedResolvesNamespacesWhateverThePrefix() async throws {
        let tally = try await CorpusEventTally.parse(CorpusDocument(shape: .ns, targetByteCount: 200_000))
        let media = "http://search.yahoo.com/mrss/"
        let names = tally.elementNames
        #expect(names.contains { $0.prefix == "media" && $0.namespaceURI == media && $0.localName == "content" })
        #expect(names.contains { $0.prefix == "mrss" && $0.namespaceURI == media && $0.localName == "content" })
        #expect(names.contains { $0.prefix == "atom" && $0.namespaceURI == "http://www.w3.org/2005/Atom" })
        #expect(names.contains { $0.prefix == nil && $0.namespaceURI == "http://www.w3.org/1999/xhtml" })
        #expect(names.contains { $0.prefix == "dc" && $0.localName == "creator" })
        #expect(names.contains { $0.prefix == "georss" && $0.localName == "point" })
        let attributes = tally.attributes
        #expect(attributes.contains { $0.name.qualifiedName == "xml:lang" && $0.value == "fr" })
        #expect(attributes.contains { $0.name.localName == "duration" && $0.name.namespaceURI == media })
        #expect(tally.namespaceDeclarations.contains { $0.prefix == "mrss" && $0.uri == media })
    }
}
