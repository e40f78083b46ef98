import Foundation
import Testing
import XMLEvents

/// The visitor tier reads its source at the owned tier's pace: a chunk only once the visitor
/// has seen every event of the last, however long the source could go on.
@Suite struct VisitorPacingTests {
    @Test func theSourceIsReadOnlyAsTheVisitorKeepsUp() async {
        let elements = 3_000
        let visitorSource = CountingSource()
        let visitorReads = ReadLog()
        var visitor = HookedVisitor { event, startElements in
            guard case .startElement = event else { return }
            visitorReads.append(visitorSource.readCount)
            if startElements == elements { throw CancellationError() }
        }
        _ = await visitor.outcome(visiting: XMLEvents(visitorSource))

        let ownedSource = CountingSource()
        var ownedReads: [Int] = []
        do {
            for try await event in XMLEvents(ownedSource) {
                guard case .startElement = event else { continue }
                ownedReads.append(ownedSource.readCount)
                if ownedReads.count == elements { break }
            }
        } catch {
            Issue.record("owned events threw \(error)")
        }
        #expect(visitorReads.values == ownedReads)
        // Each chunk after the first holds 400 start elements; the one being parsed may need the
        // next for its last step.
        for (index, reads) in visitorReads.values.enumerated() {
            let chunksHoldingIt = 1 + (index + 399) / 400
            guard reads <= chunksHoldingIt + 1 else {
                Issue.record("start element \(index) came after \(reads) reads, want at most \(chunksHoldingIt + 1)")
                break
            }
        }
        #expect(visitorReads.values.count == elements)
    }
}

/// The read counts a visitor saw, in order.
final class ReadLog {
    private(set) var values: [Int] = []

    func append(_ value: Int) {
        values.append(value)
    }
}
