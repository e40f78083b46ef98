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

    /// With `locatesEveryEvent` every entry of every step has its row in the event locations,
    /// which the owned reader indexes by entry; without it the column stays empty. Over every
    /// kind of event, dropped whitespace, CDATA merged or not, and a document that fails.
    @Test(arguments: [false, true], [false, true])
    func everyEntryHasItsLocationRowOnlyWhenAskedFor(locates: Bool, reportsCDATA: Bool) {
        var document = "<?xml version='1.0'?><!DOCTYPE d [<!ENTITY e 'E'>]><d>\n"
        for index in 0..<300 {
            document +=
                "  <r i='\(index)'>a&e;b<![CDATA[c]]>d<!--x--><?p q?>\(String(repeating: "t", count: index))</r>\n"
        }
        for ending in ["</d>", "<open><deeper>"] {
            for dropsWhitespace in [false, true] {
                let options = XMLParsingOptions(
                    reportsCDATA: reportsCDATA, dropsWhitespaceOnlyText: dropsWhitespace, locatesEveryEvent: locates)
                let driver = ParseDriver(options: options)
                var steps = 0
                let bytes = Array((document + ending).utf8)
                var failed = false
                bytes.withUnsafeBytes { buffer in
                    do {
                        try driver.parse(buffer, terminate: true) { tape in
                            steps += 1
                            let rows = tape.columns.pointee.eventLocations.count
                            #expect(rows == (locates ? tape.count : 0), "step \(steps) of \(ending)")
                        }
                    } catch {
                        failed = true
                    }
                }
                #expect(steps > 1)
                #expect(failed == (ending != "</d>"))
            }
        }
    }
}
