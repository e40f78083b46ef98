import Foundation
import Testing
import XMLCorpus

@Suite struct CorpusSizeTests {
    static let targets = [1_000, 100_000, 2_000_000]

    @Test(arguments: CorpusShape.allCases, targets)
    func documentHasExactlyItsAnnouncedSize(shape: CorpusShape, target: Int) {
        let document = CorpusDocument(shape: shape, targetByteCount: target)
        let data = document.data()
        #expect(data.count == document.byteCount)
        #expect(document.byteCount == max(target, shape.minimumByteCount))
    }

    @Test(arguments: CorpusShape.allCases, targets)
    func markupEndsWithinSixKilobytesOfTheTarget(shape: CorpusShape, target: Int) throws {
        let data = CorpusDocument(shape: shape, targetByteCount: target).data()
        let rootEnd = try #require(data.lastIndex(of: UInt8(ascii: ">")))
        #expect(data[(rootEnd + 1)...].allSatisfy { $0 == 0x20 || $0 == 0x0A })
        #expect(abs(target - (rootEnd + 1)) < 6 * 1024)
    }

    @Test(arguments: CorpusShape.allCases)
    func smallestDocumentIsSmallAndComplete(shape: CorpusShape) {
        let minimum = shape.minimumByteCount
        #expect(minimum > 0 && minimum <= 4 * 1024)
        let data = CorpusDocument(shape: shape, targetByteCount: 0, seed: 99).data()
        #expect(data.count == minimum)
        #expect(data.starts(with: Data(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)))
    }
}
