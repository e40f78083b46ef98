import Testing
import XMLCorpus
import XMLEvents

/// The generator's digests of the items' fields are what a parser, and a decoder, read.
@Suite struct CorpusItemFieldDigestTests {
    @Test(arguments: CorpusShape.allCases, [UInt64(1), 9])
    func digestsMatchTheParsedFields(shape: CorpusShape, seed: UInt64) async throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 400_000, seed: seed)
        let metadata = document.metadata()
        let tally = try await CorpusEventTally.parse(document, chunkSize: 4_096)
        #expect(Set(metadata.itemFieldDigests.keys) == CorpusEventTally.documentedItemFields(shape))
        for (field, digest) in metadata.itemFieldDigests {
            #expect(tally.itemFieldDigests[field] == digest, "field \(field)")
            #expect(digest.count > 0 && digest.byteCount > digest.count, "field \(field): \(digest)")
        }
    }

    /// A field every item has is counted once per item.
    @Test(arguments: [(CorpusShape.records, "name"), (.text, "."), (.ns, "summary")])
    func everyItemCountsOnce(shape: CorpusShape, field: String) {
        let metadata = CorpusDocument(shape: shape, targetByteCount: 100_000).metadata()
        #expect(metadata.itemFieldDigests[field]?.count == metadata.itemCount)
    }

    @Test func digestOfStringsAddsUp() {
        var digest = TextDigest()
        digest.add("ab")
        digest.add("é")
        #expect(digest.count == 2)
        #expect(digest.byteCount == 4)
        #expect(digest.byteSum == 0x61 + 0x62 + 0xC3 + 0xA9)
    }
}
