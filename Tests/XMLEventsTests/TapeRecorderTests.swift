import Foundation
import Testing

@testable import XMLEvents

/// The tape recorder's C callbacks and the Swift recorder they share the tape with.
@Suite struct TapeRecorderTests {
    /// The C callbacks write rows that Swift reads as its own types: every offset and stride
    /// must agree, or nothing else can be trusted.
    @Test func theSwiftRowsHaveTheLayoutTheCCallbacksWrite() {
        #expect(TapeRecorder.layoutMatchesC)
    }

    /// Names too long for the process's table are owned, and the C callbacks hand them to the
    /// Swift recorder to keep alive. An end tag must carry its own start tag's name, also when
    /// the start tag's attributes brought owned names of their own after the element's.
    @Test func ownedNamesComeBackOnTheirOwnEndTags() async throws {
        let long = String(repeating: "n", count: 300)
        var document = "<\(long)-root xmlns:\(long)='urn:x'>"
        for index in 0..<50 {
            document +=
                "<\(long)-e\(index % 4) \(long)-a\(index)='1' \(long):b='2'><short/>text</\(long)-e\(index % 4)>"
        }
        document += "</\(long)-root>"
        for chunkSize in [1, 13, 4_096, 1 << 20] {
            let outcome = await parse(chunks: Chunking.fixed(Data(document.utf8), size: chunkSize))
            #expect(outcome.error == nil)
            var open: [String] = []
            var starts = 0
            for event in outcome.events {
                switch event {
                case .startElement(let name, let attributes, _):
                    open.append(name.qualifiedName)
                    starts += 1
                    if name.localName.hasPrefix("\(long)-e") {
                        #expect(attributes.count == 2)
                        #expect(attributes[1].name.namespaceURI == "urn:x")
                    }
                case .endElement(let name):
                    #expect(name.qualifiedName == open.popLast(), "chunks of \(chunkSize)")
                default:
                    break
                }
            }
            #expect(starts == 101)
            #expect(open.isEmpty)
        }
    }
}
