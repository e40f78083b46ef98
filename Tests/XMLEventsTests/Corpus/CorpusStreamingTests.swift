import Foundation
import Testing
import XMLCorpus

@Suite struct CorpusStreamingTests {
    @Test(arguments: CorpusShape.allCases, [1, 1_000, 4_096, 65_536])
    func chunksOfAnySizeMakeTheSameDocument(shape: CorpusShape, chunkSize: Int) {
        let document = CorpusDocument(shape: shape, targetByteCount: chunkSize == 1 ? 20_000 : 200_000)
        let whole = document.data()
        var joined = Data()
        var sizes: [Int] = []
        for chunk in document.chunks(ofSize: chunkSize) {
            joined.append(chunk)
            sizes.append(chunk.count)
        }
        #expect(joined == whole)
        #expect(sizes.dropLast().allSatisfy { $0 == chunkSize })
        #expect((1...chunkSize).contains(sizes.last ?? 0))
    }

    /// Memory stays bounded by one chunk and one unit, however large the document.
    @Test(arguments: CorpusShape.allCases)
    func producerNeverHoldsMoreThanAChunkAndAUnit(shape: CorpusShape) {
        let chunkSize = 8 * 1024
        let document = CorpusDocument(shape: shape, targetByteCount: 2_000_000)
        var iterator = document.chunks(ofSize: chunkSize).makeIterator()
        var total = 0
        while let chunk = iterator.next() { total += chunk.count }
        #expect(total == document.byteCount)
        #expect(iterator.peakBufferedByteCount >= chunkSize)
        #expect(iterator.peakBufferedByteCount < chunkSize + 8 * 1024)
    }

    @Test(arguments: CorpusShape.allCases)
    func asyncChunksMatchTheSynchronousOnes(shape: CorpusShape) async {
        let document = CorpusDocument(shape: shape, targetByteCount: 100_000)
        var joined = Data()
        var iterator = document.asyncChunks(ofSize: 10_000).makeAsyncIterator()
        while let chunk = await iterator.next() { joined.append(chunk) }
        #expect(joined == document.data())
        #expect(iterator.metadata == document.metadata())
    }

    @Test func writingToAFileStreamsTheSameBytes() throws {
        let document = CorpusDocument(shape: .ns, targetByteCount: 300_000)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("corpus-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: url) }
        let metadata = try document.write(to: url, chunkSize: 32 * 1024)
        #expect(try Data(contentsOf: url) == document.data())
        #expect(metadata == document.metadata())
        #expect(metadata.byteCount == 300_000)
    }

    /// A copied iterator goes on independently, as a value should.
    @Test func copiedIteratorsDoNotShareState() {
        let document = CorpusDocument(shape: .records, targetByteCount: 50_000)
        var original = document.chunks(ofSize: 1_000).makeIterator()
        _ = original.next()
        var copy = original
        let fromOriginal = original.next()
        let fromCopy = copy.next()
        #expect(fromOriginal == fromCopy)
        #expect(fromOriginal == document.data()[1_000..<2_000])
    }
}
