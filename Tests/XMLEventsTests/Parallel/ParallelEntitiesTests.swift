import Foundation
import Testing
import XMLCorpus

@testable import XMLEvents

/// A document whose internal subset declares general entities is parsed in chunks when no
/// reference can approach the expansion limits, and gives the single parser's events, positions
/// and errors either way.
@Suite struct ParallelEntitiesTests {
    /// A document of records over 1 MiB (past the single parser's first mebibyte) whose internal
    /// subset is `subset`, each record holding `record(index)`.
    static func records(subset: String, count: Int = 60_000, record: (Int) -> String) -> Data {
        var document = "<?xml version=\"1.0\"?>\n<!DOCTYPE log [\n\(subset)\n]>\n<log>\n"
        for index in 0..<count { document += "  <entry n=\"\(index)\">\(record(index))</entry>\n" }
        document += "</log>\n"
        return Data(document.utf8)
    }

    static let plainSubset = """
          <!ENTITY co "Ångström &amp; Søn">
          <!ENTITY dash "&#x2014;">
          <!ENTITY sig "<by>&co;</by>">
          <!ENTITY ext SYSTEM "ext.xml">
        """

    @Test func entitiesThatAddLittleAreParsedInChunksAsByOneParser() async throws {
        let document = Self.records(subset: Self.plainSubset) { index in
            switch index % 4 {
            case 0: "<t a=\"&co;&dash;\">x &co; y</t>"
            case 1: "&sig;<u>&dash;</u>"
            case 2: "<v>&ext; &amp; &lt;</v>"
            default: "text &dash;&dash; more"
            }
        }
        #expect(try await ParallelRecordsTests.parsesInChunks(document, .cores(2)))
        await ParallelRecordsTests.expectSame(document, "entities in content, values and markup")
        await ParallelRecordsTests.expectSame(document, chunkSize: 1_000_003, "the same, chunks of 1,000,003 bytes")
    }

    @Test func theTextShapeIsParsedInChunks() async throws {
        let document = CorpusDocument(shape: .text, targetByteCount: 6_000_000).data()
        #expect(try await ParallelRecordsTests.parsesInChunks(document, .cores(2)))
    }

    /// An entity that adds more than ten times its reference's bytes could break a step's or the
    /// document's bound somewhere: the single parser keeps the document.
    @Test func anEntityThatCouldApproachTheLimitKeepsOneParser() async throws {
        let subset = "<!ENTITY big \"\(String(repeating: "b", count: 60))\">"
        let document = Self.records(subset: subset) { _ in "&big;" }
        #expect(try await !ParallelRecordsTests.parsesInChunks(document, .cores(2)))
        await ParallelRecordsTests.expectSame(document, "a big entity")
    }

    /// Nested entities that break the expansion limit late in the document: the error, and every
    /// event before it, are the single parser's.
    @Test func aDocumentThatBreaksTheLimitFailsAsWithOneParser() async throws {
        let subset = """
              <!ENTITY a "aaaaaaaaaa">
              <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
              <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
              <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            """
        let document = Self.records(subset: subset) { index in index > 50_000 ? "&d;&d;&d;" : "x" }
        let (_, error) = await ParallelRecordsTests.parse(document, parallel: false)
        // libxml2's own amplification check (reported as a loop) or the package's bound.
        let code = try #require((error as? XMLParsingError)?.code)
        #expect([.entityExpansionLimitExceeded, .entityLoop].contains(code))
        await ParallelRecordsTests.expectSame(document, "nested entities past the limit")
    }

    /// The frame's measure: what a reference adds against the ratio times its own bytes.
    @Test func theFrameMeasuresWhatAReferenceAdds() {
        func frame(_ subset: String, ratio: Int = XMLParsingLimits.standard.maxEntityExpansionRatio) -> DocumentFrame? {
            var options = XMLParsingOptions()
            options.limits.maxEntityExpansionRatio = ratio
            return DocumentFrame(
                prefix: Array("<!DOCTYPE r [\(subset)]><r>".utf8), declaresEntities: true, options: options)
        }
        // `&e;` is 3 bytes: at the standard ratio of 10 it may add 30.
        #expect(frame("<!ENTITY e \"\(String(repeating: "x", count: 30))\">") != nil)
        #expect(frame("<!ENTITY e \"\(String(repeating: "x", count: 31))\">") == nil)
        // Nested references count: `&f;` adds its own text and `&e;`'s, 40 bytes.
        #expect(frame("<!ENTITY e \"\(String(repeating: "x", count: 20))\"><!ENTITY f \"&e;&e;\">") == nil)
        // Markup in an entity cannot be in a value, where it fails the document anyway.
        #expect(frame("<!ENTITY e \"<a/>\">") != nil)
        #expect(frame("<!ENTITY e \"xy\">", ratio: 0) == nil)
        #expect(frame("<!ENTITY e \"<a>\">") == nil)
    }
}
