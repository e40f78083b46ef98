import Foundation
import Testing
import XMLEvents

/// Guarantee 2: one `.text` per maximal run of character data, whatever pieces libxml2 hands over.
@Suite struct TextCoalescingTests {
    private func texts(_ outcome: ParseOutcome) -> [String] {
        outcome.events.compactMap { if case .text(let text) = $0 { return text } else { return nil } }
    }

    @Test func longTextIsOneEvent() async {
        let long = String(repeating: "0123456789", count: 5_000)
        let outcome = await parse("<a>\(long)</a>")
        #expect(outcome.error == nil)
        #expect(texts(outcome) == [long])
    }

    @Test func longTextInOneByteChunksIsOneEvent() async {
        let long = String(repeating: "caf\u{E9} ", count: 400)
        let outcome = await parse(chunks: Chunking.fixed(Data("<a>\(long)</a>".utf8), size: 1))
        #expect(texts(outcome) == [long])
    }

    @Test func referencesAreResolvedInsideOneRun() async {
        let outcome = await parse(
            "<!DOCTYPE a [<!ENTITY e 'entity'>]><a>x &amp; &lt;y&gt; &#65;&#x42; &e; &quot;&apos;</a>")
        #expect(texts(outcome) == ["x & <y> AB entity \"'"])
    }

    @Test func entityWithMarkupSplitsTheRun() async {
        let outcome = await parse("<!DOCTYPE a [<!ENTITY e 'in<b>side</b>out'>]><a>1&e;2</a>")
        #expect(texts(outcome) == ["1in", "side", "out2"])
    }

    @Test func cdataIsMergedByDefault() async {
        let outcome = await parse("<a>x<![CDATA[<y> & ]]]]><![CDATA[>]]>z</a>")
        #expect(texts(outcome) == ["x<y> & ]]>z"])
        #expect(!outcome.events.contains { if case .cdata = $0 { return true } else { return false } })
    }

    @Test func cdataIsReportedApartOnRequest() async {
        let outcome = await parse("<a>x<![CDATA[y]]><![CDATA[]]>z</a>", options: XMLParsingOptions(reportsCDATA: true))
        #expect(Array(outcome.events.dropFirst(2).dropLast(2)) == [.text("x"), .cdata("y"), .cdata(""), .text("z")])
    }

    @Test func longCDATASectionIsOneEvent() async {
        let long = String(repeating: "<&>", count: 2_000)
        let options = XMLParsingOptions(reportsCDATA: true)
        let outcome = await parse(
            chunks: Chunking.fixed(Data("<a><![CDATA[\(long)]]></a>".utf8), size: 5), options: options)
        #expect(outcome.events.contains(.cdata(long)))
    }

    @Test func whitespaceIsDeliveredByDefault() async {
        let outcome = await parse("<a>\n  <b> </b>\n</a>")
        #expect(texts(outcome) == ["\n  ", " ", "\n"])
    }

    @Test func whitespaceOnlyTextCanBeDropped() async {
        let outcome = await parse(
            "<a>\n  <b> x </b>\t\r\n</a>", options: XMLParsingOptions(dropsWhitespaceOnlyText: true))
        #expect(texts(outcome) == [" x "])
    }

    @Test func commentsAndProcessingInstructionsEndARun() async {
        let outcome = await parse("<a>1<!--c-->2<?t d?>3</a>")
        #expect(
            Array(outcome.events.dropFirst(2).dropLast(2)) == [
                .text("1"), .comment("c"), .text("2"), .processingInstruction(target: "t", data: "d"), .text("3"),
            ])
    }

    @Test func lineEndsAreNormalized() async {
        let outcome = await parse("<a>1\r\n2\r3\n</a>")
        #expect(texts(outcome) == ["1\n2\n3\n"])
    }

    /// libxml2 2.9's push parser hands CDATA sections over unnormalized; XML 1.0 §2.11 wants CR LF
    /// and a lone CR read as LF there too, also where a line end falls between two of libxml2's
    /// pieces of a long section, and whatever the chunks.
    @Test(arguments: [false, true])
    func lineEndsInCDATAAreNormalized(reportsCDATA: Bool) async {
        // libxml2 hands the start of a long section over as a piece of 300 bytes: with CR LF pairs
        // after one byte, that piece ends between the CR and the LF of a line end.
        var raw = "y" + String(repeating: "\r\n", count: 3_000)
        var expected = "y" + String(repeating: "\n", count: 3_000)
        for index in 0..<600 {
            let filler = String(repeating: "x", count: index % 7)
            raw += filler + (index.isMultiple(of: 3) ? "\r" : "\r\n")
            expected += filler + "\n"
        }
        let data = Data("<a>t\r\n<![CDATA[\(raw)]]>\r\n<![CDATA[\r]]>\n</a>".utf8)
        let options = XMLParsingOptions(reportsCDATA: reportsCDATA)
        let reference = await parse(chunks: [data], options: options)
        #expect(reference.error == nil)
        let pieces = reference.events.compactMap { event -> String? in
            switch event {
            case .text(let text), .cdata(let text): text
            default: nil
            }
        }
        #expect(pieces.joined() == "t\n" + expected + "\n\n\n")
        if reportsCDATA { #expect(pieces == ["t\n", expected, "\n", "\n", "\n"]) }
        for chunks in [
            Chunking.fixed(data, size: 1), Chunking.fixed(data, size: 299), Chunking.random(data, seed: 7, cuts: 50),
        ] {
            #expect(await parse(chunks: chunks, options: options) == reference)
        }
    }
}
