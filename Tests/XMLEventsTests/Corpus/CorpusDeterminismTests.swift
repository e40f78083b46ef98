import Foundation
import Testing
import XMLCorpus

@Suite struct CorpusDeterminismTests {
    @Test(arguments: CorpusShape.allCases)
    func sameDescriptionGivesSameBytes(shape: CorpusShape) {
        let document = CorpusDocument(shape: shape, targetByteCount: 150_000, seed: 7)
        let first = document.data()
        let second = CorpusDocument(shape: shape, targetByteCount: 150_000, seed: 7).data()
        #expect(first == second)
    }

    @Test(arguments: CorpusShape.allCases)
    func differentSeedsGiveDifferentDocuments(shape: CorpusShape) {
        let one = CorpusDocument(shape: shape, targetByteCount: 50_000, seed: 1).data()
        let other = CorpusDocument(shape: shape, targetByteCount: 50_000, seed: 2).data()
        #expect(one.count == other.count)
        #expect(one != other)
    }

    @Test func defaultSeedIsFixed() {
        let document = CorpusDocument(shape: .records, targetByteCount: 10_000)
        #expect(document.seed == CorpusDocument.defaultSeed)
        #expect(document.data() == CorpusDocument(shape: .records, targetByteCount: 10_000, seed: document.seed).data())
    }

    /// Pins the output itself, so that it stays the same across machines and toolchains: a change
    /// here changes every benchmark's input, so it must be deliberate (then update the digests).
    @Test(arguments: [
        (CorpusShape.records, UInt64(0x6afb_1889_47b4_e021)),
        (CorpusShape.text, UInt64(0x4450_1487_791e_d188)),
        (CorpusShape.ns, UInt64(0x33b9_0599_dd32_47c4)),
    ])
    func outputMatchesRecordedDigest(shape: CorpusShape, digest: UInt64) {
        let data = CorpusDocument(shape: shape, targetByteCount: 100_000, seed: 42).data()
        #expect(fnv1a(data) == digest, "digest \(String(fnv1a(data), radix: 16))")
    }

    /// FNV-1a, a stable hash (unlike `Hasher`, which is seeded per process).
    private func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}
