import Foundation
import Testing
import XMLEvents

/// Constructs longer than many steps — a CDATA section, a comment, a processing instruction, an
/// attribute value, a text run, each several megabytes under `.huge` — come out whole and the
/// same however the bytes were split, while the parser's steps grow with what libxml2 holds
/// (which keeps their parse time linear; the times are the benchmark's, not a test's).
@Suite struct HugeConstructTests {
    /// Content rich in `>`, which makes libxml2 look for the construct's end at every step.
    static let body = String(repeating: "<p>x</p> y > z\n", count: 200_000)

    static let documents: [(name: String, document: String, expected: XMLEvent)] = [
        ("CDATA section", "<r><![CDATA[\(body)]]></r>", .cdata(body)),
        ("comment", "<r><!--\(body)--></r>", .comment(body)),
        ("processing instruction", "<r><?pi \(body)?></r>", .processingInstruction(target: "pi", data: body)),
    ]

    static let splits: [(String, @Sendable (Data) -> [Data])] = [
        ("one chunk", { [$0] }),
        ("64 KiB chunks", { Chunking.fixed($0, size: 64 * 1024) }),
        ("4,095-byte chunks", { Chunking.fixed($0, size: 4_095) }),
        ("1 MiB + 1 chunks", { Chunking.fixed($0, size: (1 << 20) + 1) }),
        ("random splits", { Chunking.random($0, seed: 9, cuts: 50) }),
    ]

    @Test(arguments: 0..<3)
    func constructComesOutWholeWhateverTheSplit(_ index: Int) async throws {
        let (name, document, expected) = Self.documents[index]
        let data = Data(document.utf8)
        for (label, split) in Self.splits {
            let outcome = await parse(
                chunks: split(data), options: XMLParsingOptions(reportsCDATA: true, limits: .huge))
            #expect(outcome.error == nil, "\(name), \(label): \(String(describing: outcome.error))")
            #expect(outcome.events.contains(expected), "\(name), \(label): the construct did not come out whole")
            #expect(outcome.events.count == 5, "\(name), \(label): \(outcome.events.count) events")
        }
    }

    @Test func hugeAttributeValueComesOutWhole() async throws {
        let value = String(repeating: "x&gt;y ", count: 500_000)
        let data = Data("<r a=\"\(value)\"/>".utf8)
        let expected = value.replacingOccurrences(of: "&gt;", with: ">")
        for (label, split) in Self.splits {
            let outcome = await parse(chunks: split(data), options: .huge)
            #expect(outcome.error == nil, "\(label): \(String(describing: outcome.error))")
            guard case .startElement(_, let attributes, _) = outcome.events.dropFirst().first else {
                Issue.record("\(label): no start element")
                continue
            }
            #expect(attributes["a"] == expected, "\(label): the value did not come out whole")
        }
    }

    @Test func hugeTextWithReferencesComesOutWhole() async throws {
        let text = String(repeating: "x&gt;y ", count: 500_000)
        let data = Data("<r>\(text)</r>".utf8)
        let expected = XMLEvent.text(text.replacingOccurrences(of: "&gt;", with: ">"))
        for (label, split) in Self.splits {
            let outcome = await parse(chunks: split(data), options: .huge)
            #expect(outcome.error == nil, "\(label): \(String(describing: outcome.error))")
            #expect(outcome.events.contains(expected), "\(label): the text did not come out whole")
        }
    }

    /// The same documents under the default limits: longer than the node limit, so refused, at
    /// the same place whatever the split.
    @Test func overlongConstructIsRefusedTheSameWay() async throws {
        let body = String(repeating: "<p>x</p>\n", count: 1_200_000)
        let data = Data("<r><![CDATA[\(body)]]></r>".utf8)
        let reference = await parse(chunks: [data])
        #expect(reference.error?.code == .nodeLengthLimitExceeded)
        for (label, split) in Self.splits.dropFirst() {
            let outcome = await parse(chunks: split(data))
            #expect(outcome == reference, "\(label): \(String(describing: outcome.error))")
        }
    }
}
