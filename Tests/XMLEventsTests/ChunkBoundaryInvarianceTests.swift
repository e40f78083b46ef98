import Foundation
import Testing
import XMLEvents

/// Guarantee 1: the events, and the error if any, do not depend on how the bytes are split.
@Suite struct ChunkBoundaryInvarianceTests {
    /// Documents chosen for the places where a split can hurt.
    static let handWritten: [String] = [
        "<a>caf\u{E9} \u{1F600} \u{4E2D}\u{6587}</a>",
        "<a><![CDATA[x]]]]><![CDATA[>y]]></a>",
        "<a><![CDATA[\(String(repeating: "0123456789", count: 70))]]>tail</a>",
        "<?xml version='1.0' encoding='UTF-8'?>\r\n<a>\r\nline\r\nbreaks\r</a>\r\n",
        "<!DOCTYPE a [<!ENTITY e 'E<b>x</b>E'>]><a>1&e;2&amp;3&#x4E2D;4</a>",
        "<a xmlns='urn:d' xmlns:p='urn:p' p:x='1 &lt; 2' y=\"'\">\(String(repeating: "long text ", count: 100))</a>",
        "<a><!-- comment --><?pi data?>text</a>",
        "<a>unterminated",
        "<a>bad & amp</a>",
        "<a></b>",
        "<a>\u{1F600}",
        "",
    ]

    static func splits(of data: Data) -> [(String, [Data])] {
        [
            ("one chunk", [data]),
            ("1-byte chunks", Chunking.fixed(data, size: 1)),
            ("7-byte chunks", Chunking.fixed(data, size: 7)),
            ("random splits (seed 1)", Chunking.random(data, seed: 1, cuts: 5)),
            ("random splits (seed 2)", Chunking.random(data, seed: 2, cuts: 40)),
        ]
    }

    /// Cheaper splits for the thousands of suite documents: random cuts, and cuts next to the
    /// parser's internal step boundaries.
    static func sparseSplits(of data: Data) -> [(String, [Data])] {
        [
            ("one chunk", [data]),
            ("random splits (seed 3)", Chunking.random(data, seed: 3, cuts: 5)),
            ("random splits (seed 4)", Chunking.random(data, seed: 4, cuts: 60)),
            ("cuts around 4 KiB", Chunking.split(data, at: [1, 4_095, 4_097, 8_191, 8_193, 12_288])),
        ]
    }

    static func expectInvariant(
        _ data: Data, name: String, options: XMLParsingOptions = .default, sparse: Bool = false
    ) async {
        let reference = await parse(chunks: [data], options: options)
        for (label, chunks) in (sparse ? sparseSplits(of: data) : splits(of: data)).dropFirst() {
            let outcome = await parse(chunks: chunks, options: options)
            #expect(
                outcome == reference, "\(name), \(label):\n\(outcome)\n--- differs from one chunk ---\n\(reference)")
        }
    }

    @Test func handWrittenDocuments() async {
        for (index, document) in Self.handWritten.enumerated() {
            await Self.expectInvariant(Data(document.utf8), name: "document \(index)")
            await Self.expectInvariant(
                Data(document.utf8), name: "document \(index), CDATA reported",
                options: XMLParsingOptions(reportsCDATA: true))
        }
    }

    @Test func multiByteCharacterSplitAtEveryOffset() async {
        let data = Data("<a>\u{E9}\u{1F600}\u{4E2D}</a>".utf8)
        let reference = await parse(data)
        #expect(reference.error == nil)
        for offset in 1..<data.count {
            #expect(await parse(chunks: Chunking.split(data, at: [offset])) == reference, "split at \(offset)")
        }
    }

    @Test func cdataEndSplitAtEveryOffset() async {
        let data = Data("<a><![CDATA[x]]]]><![CDATA[>y]]></a>".utf8)
        let options = XMLParsingOptions(reportsCDATA: true)
        let reference = await parse(data, options: options)
        #expect(reference.events.contains(.cdata("x]]")))
        for offset in 1..<data.count {
            let outcome = await parse(chunks: Chunking.split(data, at: [offset]), options: options)
            #expect(outcome == reference, "split at \(offset)")
        }
    }

    /// libxml2 starts on `<!DOCTYPE` at the first `>` after it, even one inside a quoted literal,
    /// so a header cut right after such a `>` used to fail a well-formed document: at the end of
    /// a 4 KiB step whatever the chunks, and anywhere with `parsesAsBytesArrive`.
    @Test(arguments: [XMLParsingOptions.default, XMLParsingOptions(parsesAsBytesArrive: true)])
    func doctypeLiteralWithGreaterThanCutAnywhere(options: XMLParsingOptions) async {
        for shift in -3...3 {
            let head = #"<!DOCTYPE a PUBLIC "-//x//EN" "http://e.test/a>b?c>d.dtd">"#
            let cut = head.utf8.count - 9  // just after the system literal's first `>`
            let padding = "<!--" + String(repeating: "p", count: 4_096 - cut - 7 + shift) + "-->"
            let data = Data((padding + head + "<a t='1 > 0'>text</a>").utf8)
            let reference = await parse(chunks: [data], options: options)
            #expect(reference.error == nil, "shift \(shift): \(reference.error.map(String.init(describing:)) ?? "")")
            let doctype = XMLEvent.doctype(name: "a", publicID: "-//x//EN", systemID: "http://e.test/a>b?c>d.dtd")
            #expect(reference.events.contains(doctype))
            for offset in [4_090, 4_093, 4_095, 4_096, 4_097, 4_100] {
                let outcome = await parse(chunks: Chunking.split(data, at: [offset]), options: options)
                #expect(
                    outcome == reference,
                    "shift \(shift), cut at \(offset): \(outcome.error.map(String.init(describing:)) ?? "")")
            }
            let bytewise = await parse(chunks: Chunking.fixed(data, size: 1), options: options)
            #expect(
                bytewise == reference,
                "shift \(shift), 1-byte chunks: \(bytewise.error.map(String.init(describing:)) ?? "")")
        }
    }

    /// A document far longer than the parser's internal step, with every construct that is
    /// delivered in pieces: references in text and attributes, CDATA, comments, PIs.
    static let longMixedDocument: Data = {
        var document = "<?xml version='1.0'?>\n<!DOCTYPE doc [<!ENTITY e 'entity &#x4E2D; text'>]>\n<doc>"
        for index in 0..<400 {
            document +=
                "<p n='\(index)' q=\"&lt;&e;\">caf\u{E9} &amp; &e; \u{1F600} \(String(repeating: "word ", count: index % 90))"
            document +=
                "<![CDATA[\(String(repeating: "]]x", count: index % 130))]]><!-- c\(index) --><?pi \(index)?></p>\n"
        }
        document += "</doc>\n"
        return Data(document.utf8)
    }()

    /// A document far longer than the parser's internal step, so that splits fall inside and
    /// across steps, with every construct that is delivered in pieces.
    @Test func longMixedDocument() async {
        let data = Self.longMixedDocument
        #expect(data.count > 20 * 4096)
        await Self.expectInvariant(data, name: "long document")
        await Self.expectInvariant(
            data, name: "long document, CDATA reported", options: XMLParsingOptions(reportsCDATA: true))
        let truncated = data.prefix(data.count / 2 + 17)
        await Self.expectInvariant(truncated, name: "long document cut in half")
    }

    /// Every document of the W3C suite that needs no external entity, well-formed and broken
    /// alike so that errors are compared too; UTF-8 ones once more with a long trailing comment,
    /// so that they span several of the parser's internal steps.
    @Test func conformanceSuiteDocuments() async throws {
        let documents = try ConformanceSuite.standaloneDocuments()
        let padding = Data(("\n<!--" + String(repeating: " padding", count: 1_500) + " -->\n").utf8)
        for document in documents {
            await Self.expectInvariant(document.data, name: document.id)
            if let first = document.data.first, first == UInt8(ascii: "<") || first == UInt8(ascii: "\n") {
                await Self.expectInvariant(document.data + padding, name: document.id + " (padded)", sparse: true)
            }
        }
        #expect(documents.count > 2_000)
    }
}
