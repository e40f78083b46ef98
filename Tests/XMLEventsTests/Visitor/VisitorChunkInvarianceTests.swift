import Foundation
import Testing
import XMLCorpus
import XMLEvents

/// Guarantee 1 for the visitor tier: what a visitor sees, and the error, do not depend on how
/// the bytes are split, and are what the owned events of the whole document say.
@Suite struct VisitorChunkInvarianceTests {
    /// Every split the visitor is checked under: bytewise, small, around the parser's 4 KiB step
    /// (one byte short, exact, one byte over) and random.
    static func splits(of data: Data) -> [(String, [Data])] {
        [
            ("1-byte chunks", Chunking.fixed(data, size: 1)),
            ("7-byte chunks", Chunking.fixed(data, size: 7)),
            ("4095-byte chunks", Chunking.fixed(data, size: 4_095)),
            ("4096-byte chunks", Chunking.fixed(data, size: 4_096)),
            ("4097-byte chunks", Chunking.fixed(data, size: 4_097)),
            ("random splits (seed 5)", Chunking.random(data, seed: 5, cuts: 7)),
            ("random splits (seed 6)", Chunking.random(data, seed: 6, cuts: 90)),
        ]
    }

    /// Expects the visitor to see the owned events of the document in one chunk, under every
    /// split of `splits`.
    static func expectInvariant(
        _ data: Data, name: String, options: XMLParsingOptions = .default,
        splits: (Data) -> [(String, [Data])] = splits(of:)
    ) async {
        let owned = await Tiers.owned(chunks: [data], options: options)
        let whole = await Tiers.visited(chunks: [data], options: options)
        let difference = whole.difference(from: owned)
        #expect(difference == nil, "\(name), one chunk, visitor against owned events: \(difference ?? "")")
        for (label, chunks) in splits(data) {
            let visited = await Tiers.visited(chunks: chunks, options: options)
            let difference = visited.difference(from: whole)
            #expect(difference == nil, "\(name), \(label), against one chunk: \(difference ?? "")")
        }
    }

    @Test func handWrittenDocuments() async {
        for (index, document) in ChunkBoundaryInvarianceTests.handWritten.enumerated() {
            await Self.expectInvariant(Data(document.utf8), name: "document \(index)")
            await Self.expectInvariant(
                Data(document.utf8), name: "document \(index), CDATA reported",
                options: XMLParsingOptions(reportsCDATA: true))
        }
    }

    @Test func longMixedDocument() async {
        let data = ChunkBoundaryInvarianceTests.longMixedDocument
        #expect(data.count > 20 * 4_096)
        await Self.expectInvariant(data, name: "long document")
        await Self.expectInvariant(
            data, name: "long document, CDATA reported, whitespace dropped",
            options: XMLParsingOptions(reportsCDATA: true, dropsWhitespaceOnlyText: true))
        await Self.expectInvariant(data.prefix(data.count / 2 + 17), name: "long document cut in half")
    }

    @Test(arguments: CorpusShape.allCases)
    func corpusDocuments(shape: CorpusShape) async {
        let data = CorpusDocument(shape: shape, targetByteCount: 150_000).data()
        await Self.expectInvariant(data, name: "\(shape)")
    }

    /// Names too long for the process's name table are owned by the tape rather than interned:
    /// elements and attributes with such names, some open across many steps, come out the same.
    @Test func longNamesAcrossSteps() async {
        let long = String(repeating: "n", count: 300)
        var document = "<\(long)-root xmlns:\(long)='urn:\(long)'>"
        for group in 0..<10 {
            document += "<\(long):group-\(group)>"
            for index in 0..<20 {
                document += "<\(long)-\(index % 7) \(long):a\(index % 3)='v\(index)' b='\(index)'>"
                document += "text \(index)<\(long):leaf/></\(long)-\(index % 7)>"
            }
            document += "</\(long):group-\(group)>"
        }
        document += "</\(long)-root>"
        let data = Data(document.utf8)
        #expect(data.count > 20 * 4_096)
        await Self.expectInvariant(data, name: "long names")
    }

    /// The suite's standalone documents, with the cheaper splits of the owned tier's test.
    @Test func conformanceSuiteDocuments() async throws {
        let documents = try ConformanceSuite.standaloneDocuments()
        for document in documents {
            await Self.expectInvariant(
                document.data, name: document.id,
                splits: { Array(ChunkBoundaryInvarianceTests.sparseSplits(of: $0).dropFirst()) })
        }
    }
}
