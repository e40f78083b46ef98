import Foundation
import Testing
import XMLCorpus

@testable import XMLEvents

/// The record splitter finds exactly the places where the single parser ends a child of the root
/// element, whatever pieces the bytes come in, and knows the prolog and the root's start and end.
@Suite struct RecordSplitterTests {
    /// Where the single parser ends each child of the root: the offset after its `>` and the line,
    /// from the end-element events' locations.
    static func parsedBoundaries(of document: Data) async throws -> [RecordSplitter.Boundary] {
        var options = XMLParsingOptions()
        options.locatesEveryEvent = true
        var events = XMLEvents(data: document, options: options).makeAsyncIterator()
        var depth = 0
        var boundaries: [RecordSplitter.Boundary] = []
        while let event = try await events.next() {
            switch event {
            case .startElement: depth += 1
            case .endElement:
                depth -= 1
                if depth == 1, let location = events.location {
                    boundaries.append(RecordSplitter.Boundary(offset: location.byteOffset, line: location.line))
                }
            default: break
            }
        }
        return boundaries
    }

    /// The boundaries the splitter finds in `document` read in pieces of `pieceSize` bytes: their
    /// offsets, and the line of the last in each piece (the splitter counts lines only there); the
    /// lines of the others are counted here, and at pieces of one byte every boundary is a last.
    static func split(_ document: Data, pieceSize: Int) -> (RecordSplitter, [RecordSplitter.Boundary]) {
        var splitter = RecordSplitter()
        var boundaries: [RecordSplitter.Boundary] = []
        var start = 0
        var (counted, line) = (0, 1)
        document.withUnsafeBytes { bytes in
            while start < bytes.count {
                let end = Swift.min(start + pieceSize, bytes.count)
                splitter.scan(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                for offset in splitter.boundaryOffsets.dropLast() {
                    line += bytes[counted..<offset].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
                    counted = offset
                    boundaries.append(RecordSplitter.Boundary(offset: offset, line: line))
                }
                if let last = splitter.lastBoundary { boundaries.append(last) }
                #expect(splitter.lastBoundary?.offset == splitter.boundaryOffsets.last)
                start = end
            }
        }
        return (splitter, boundaries)
    }

    static let pieceSizes = [1, 2, 3, 7, 15, 16, 17, 31, 64, 4096, 1 << 20]

    static let edgeCases: [(String, String)] = [
        ("plain", "<r><a>1</a><b/><c x=\"1\">t</c></r>"),
        (
            "end tags in comments, CDATA, PIs and attribute values",
            """
            <?xml version="1.0"?>
            <!-- </r> <a> -->
            <?pi </r> > ?>
            <r>
              <a title="x > y" other='&lt;/a>'><!-- </a> - -> ->--><![CDATA[</a> ]] ]>]]></a>
              <a><?p </a>?></a>
              <b/>
              <c><c><c/></c></c>
            </r>
            <!-- after </r> -->
            """
        ),
        ("namespaces on the root", "<r xmlns=\"urn:r\" xmlns:p=\"urn:p\"><p:a/><a p:k=\"v\">x</a></r>"),
        ("a byte order mark", "\u{FEFF}<r><a/><a/></r>"),
        ("CRLF and lone CR", "<r>\r\n  <a>x\r\ny</a>\r  <a\r\n k='1'/>\r\n</r>\r\n"),
        (
            "a document type declaration without declarations",
            "<!DOCTYPE r SYSTEM \"r.dtd\" [ <!-- ]> <!ENTITY --> <?pi ]> ?> ]>\n<r><a/></r>"
        ),
        ("one record", "<r><only>x</only></r>"),
        ("text between records", "<r>head<a/>mid &amp; more<a/>tail</r>"),
        ("deep records", "<r><a><a><a><a/></a></a></a><a/></r>"),
        ("names with dashes and dots", "<r><a-b.c>x</a-b.c><_x/></r>"),
        ("multibyte text", "<r><a>日本語</a>\n<a é='ü'>ø</a></r>"),
        (
            // Tags longer than the scan's 64-byte blocks, whose values hold `>`, `/>`, the other
            // quote, or an odd number of quotes of a kind, before the `>` that ends them.
            "long tags with markup characters in their values",
            "<r>\n<a" + (0..<20).map { " k\($0)=\"v\"" }.joined() + " gt=\"x > y\" empty='/>' mixed=\"it's\""
                + " other='say \"hi\" >'" + (0..<15).map { " z\($0)='1'" }.joined() + "/>\n"
                + "<b q=\"'\"" + (0..<12).map { " p\($0)=\"2\"" }.joined() + ">text \" with ' quotes > here</b>"
                + "<c" + String(repeating: " ", count: 130) + "/><d x='>>>\"'></d>\n</r>"
        ),
        (
            // Many 64-byte blocks of plain tags, read from the bitmaps at once, among what that
            // read leaves to the byte-wise one: `>` in character data and in values, comments,
            // CDATA sections and processing instructions between and inside records, empty
            // records, and the root's end tag in the same (whole) block as records.
            "plain tags over many blocks, among markup they leave to the byte-wise read",
            "<r>"
                + (0..<40).map { index in
                    [
                        "<a i=\"\(index)\"><b>x</b><c/><d><e>y</e></d></a>", "<a>1 > 0<b/></a><e/>",
                        "<a><!-- <a> --><b k='/>'/></a>", "<a><![CDATA[</a>]]><?p </a>?><b/></a>",
                        "<a>x</a>\n<a/><a v=\">\">t</a>",
                    ][index % 5]
                }.joined() + "<z/></r>\n<!-- " + String(repeating: "x", count: 80) + " -->"
        ),
    ]

    @Test(arguments: edgeCases.indices)
    func edgeCasesSplitWhereTheParserEndsRecords(case index: Int) async throws {
        let (name, text) = Self.edgeCases[index]
        let document = Data(text.utf8)
        let expected = try await Self.parsedBoundaries(of: document)
        #expect(!expected.isEmpty, "\(name)")
        for pieceSize in Self.pieceSizes {
            let (splitter, boundaries) = Self.split(document, pieceSize: pieceSize)
            #expect(boundaries == expected, "\(name), pieces of \(pieceSize)")
            #expect(splitter.refusal == nil, "\(name)")
            let rootStart = try #require(splitter.rootStart)
            let rootStartTagEnd = try #require(splitter.rootStartTagEnd)
            #expect(document[rootStart] == UInt8(ascii: "<"))
            #expect(document[rootStartTagEnd - 1] == UInt8(ascii: ">"))
            let rootEnd = try #require(splitter.rootEnd)
            #expect(String(decoding: document[..<rootEnd], as: UTF8.self).hasSuffix("</r>"))
        }
    }

    @Test(arguments: CorpusShape.allCases)
    func corpusDocumentsSplitWhereTheParserEndsRecords(shape: CorpusShape) async throws {
        let document = CorpusDocument(shape: shape, targetByteCount: 1_000_000).data()
        let expected = try await Self.parsedBoundaries(of: document)
        #expect(expected.count > 50)
        for pieceSize in [1, 13, 4096, 65_536] {
            let (_, boundaries) = Self.split(document, pieceSize: pieceSize)
            #expect(boundaries == expected, "pieces of \(pieceSize)")
        }
    }

    @Test func declarationsInTheInternalSubsetRefuseTheSplit() {
        let documents = [
            "<!DOCTYPE r [<!ATTLIST a k CDATA \"d\">]><r><a/></r>",
            "<!DOCTYPE r [ %pe; ]><r><a/></r>",
            "<!DOCTYPE r [<!ENTITY % pe \"x\">]><r><a/></r>",
        ]
        for document in documents {
            for pieceSize in [1, 5, 100] {
                let (splitter, _) = Self.split(Data(document.utf8), pieceSize: pieceSize)
                #expect(splitter.refusal == .internalSubsetDeclarations, "\(document), pieces of \(pieceSize)")
            }
        }
        let (quoted, _) = Self.split(Data("<!DOCTYPE r SYSTEM \"<!ENTITY\"><r><a/></r>".utf8), pieceSize: 3)
        #expect(quoted.refusal == nil)
        #expect(!quoted.declaresEntities)
    }

    /// General entities are left to the frame to judge (see `ParallelEntitiesTests`).
    @Test func generalEntitiesAreNotedNotRefused() {
        for pieceSize in [1, 5, 100] {
            let document = "<!DOCTYPE r [<!-- x --><!ENTITY e \"x\"><!ENTITY f SYSTEM \"f.xml\">]><r><a>&e;</a></r>"
            let (splitter, _) = Self.split(Data(document.utf8), pieceSize: pieceSize)
            #expect(splitter.refusal == nil, "pieces of \(pieceSize)")
            #expect(splitter.declaresEntities, "pieces of \(pieceSize)")
        }
    }

    /// A long start tag is read once however many quoted values it has. Looking for its end
    /// again after each single-quoted value took time in the square of its length: a megabyte
    /// tag of 100,000 attributes in one piece took 15 s in an optimized build; this one, twice
    /// as long, took minutes in a debug build (and fails its time limit).
    @Test(.timeLimit(.minutes(1))) func aLongTagIsReadOnceWhateverItsValues() {
        let text = "<r><a" + String(repeating: " k='v'", count: 200_000) + "/><b/></r>"
        let document = Data(text.utf8)
        let afterA = document.count - "<b/></r>".utf8.count
        for pieceSize in [document.count, 4096] {
            let (splitter, boundaries) = Self.split(document, pieceSize: pieceSize)
            #expect(boundaries.map(\.offset) == [afterA, afterA + 4], "pieces of \(pieceSize)")
            #expect(splitter.refusal == nil)
        }
    }

    @Test func anEmptyRootHasNoRecords() {
        let (splitter, boundaries) = Self.split(Data("<?xml version='1.0'?><r a='>'/>".utf8), pieceSize: 2)
        #expect(splitter.refusal == .emptyRoot)
        #expect(boundaries.isEmpty)
    }
}
