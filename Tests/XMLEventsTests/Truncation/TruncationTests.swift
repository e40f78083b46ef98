import Foundation
import Testing
import XMLEvents

/// Input that ends before the document does is ``XMLParsingError/Code/truncated``, wherever the
/// cut falls (a tag, an attribute value, a comment, CDATA, a processing instruction, a
/// reference, a multi-byte character, the XML declaration, the document type declaration), with
/// libxml2's own report kept as the message's detail; an error that more input could not have
/// mended keeps its code.
@Suite struct TruncationTests {
    static let document = Data(TruncationSample.document.utf8)
    static let rootStart = document.firstRange(of: Data("<catalog ".utf8))?.lowerBound ?? 0
    static let rootEnd = document.firstRange(of: Data("</catalog>".utf8))?.upperBound ?? 0

    /// The ways a cut document is fed: whole, a byte at a time, in random pieces with `.huge`,
    /// and in 7-byte pieces parsed as they arrive.
    static func feeds(_ data: Data, seed: Int) -> [(String, [Data], XMLParsingOptions)] {
        [
            ("whole", [data], .default),
            ("bytewise", Chunking.fixed(data, size: 1), .default),
            ("random pieces, huge", Chunking.random(data, seed: UInt64(seed), cuts: 5), .huge),
            (
                "7-byte pieces as they arrive", Chunking.fixed(data, size: 7),
                XMLParsingOptions(parsesAsBytesArrive: true)
            ),
        ]
    }

    /// Every cut in `lengths` of the sample, in every feed, that does not end in `.truncated`.
    static func cutsNotTruncated(_ lengths: Range<Int>) async -> [String] {
        var failures: [String] = []
        for length in lengths {
            let prefix = document.prefix(length)
            for (feed, chunks, options) in feeds(prefix, seed: length) {
                let outcome = await parse(chunks: chunks, options: options)
                guard let error = outcome.error, error.code == .truncated else {
                    let tail = String(decoding: prefix.suffix(16), as: UTF8.self).debugDescription
                    failures.append(
                        "\(length) bytes (…\(tail)), \(feed): \(outcome.error.map { "\($0)" } ?? "no error")")
                    continue
                }
                if outcome.events.last == .endDocument {
                    failures.append("\(length) bytes, \(feed): ended the document")
                }
            }
        }
        return failures
    }

    @Test func theSampleIsWellFormedAndHasEveryConstruct() async throws {
        #expect(Self.document.count > 3_000)
        let outcome = await parse(Self.document)
        #expect(outcome.error == nil, "\(outcome.error.map { "\($0)" } ?? "")")
        var kinds: Set<String> = []
        for event in outcome.events {
            switch event {
            case .doctype: kinds.insert("doctype")
            case .startElement(_, let attributes, let namespaces) where !attributes.isEmpty && !namespaces.isEmpty:
                kinds.insert("element with attributes and namespaces")
            case .comment: kinds.insert("comment")
            case .processingInstruction: kinds.insert("processing instruction")
            default: break
            }
        }
        #expect(kinds.count == 4, "\(kinds)")
        let text = TruncationSample.document
        for construct in [
            "<?xml", "<!ENTITY", "<!ATTLIST", "xmlns:dc=", "&publisher;", "&#x2014;", "<![CDATA[", "é", "猫", "📚",
        ] {
            #expect(text.contains(construct), "the sample has no \(construct)")
        }
    }

    @Test func everyCutInsideTheRootIsTruncated() async {
        let failures = await Self.cutsNotTruncated((Self.rootStart + 1)..<Self.rootEnd)
        #expect(
            failures.isEmpty,
            "\(failures.count) of \(4 * (Self.rootEnd - Self.rootStart - 1)) cuts: \(failures.prefix(12).joined(separator: "\n"))"
        )
    }

    @Test func everyCutInTheProlog() async {
        let failures = await Self.cutsNotTruncated(1..<(Self.rootStart + 1))
        #expect(failures.isEmpty, "\(failures.count) cuts: \(failures.prefix(12).joined(separator: "\n"))")
    }

    /// Where the cut fell is said first, then libxml2's report, in the package's words.
    @Test(arguments: [
        (
            "x:note=\"&publisher; &#x2014",
            "inside <catalog>: 1 element is not closed (a malformed character reference: '&#x' must be followed by "
                + "hexadecimal digits and ';')"
        ),
        ("<dc:title>吾", "inside <dc:title>: 3 elements are not closed"),
        ("<!-- reviewed by ö0 —", "inside <book>: 2 elements are not closed (a comment is not closed by '-->')"),
        ("<quote><![CDATA[<p>Jean", "inside <quote>: 3 elements are not closed"),
        (
            "<?render mode=\"row\" ind",
            "inside <catalog>: 1 element is not closed (the processing instruction 'render' is not closed by '?>'"
        ),
        (
            "<?xml version=\"1.0\" encod",
            "before its first tag was complete (the XML declaration is not closed by '?>')"
        ),
        ("<!ENTITY copy \"&#16", "before its root element"),
    ])
    func theMessageSaysWhereAndKeepsLibXML2sReport(cutAfter prefix: String, message: String) async throws {
        let range = try #require(Self.document.firstRange(of: Data(prefix.utf8)))
        // Inside a multi-byte character, a byte short of its end.
        let length = prefix.last.map { $0.utf8.count > 1 } == true ? range.upperBound - 1 : range.upperBound
        let error = try #require(await parse(Self.document.prefix(length)).error)
        #expect(error.code == .truncated)
        #expect(error.message.hasPrefix("the document ended"), "\(error.message)")
        #expect(error.message.contains(message), "\(error.message)")
    }

    /// Errors that no later byte could mend keep their codes, however close to the cut: in the
    /// text libxml2 holds until the input ends, in a cut start tag, in the last step, and earlier.
    @Test(arguments: [
        ("<r>abc &undefined;", XMLParsingError.Code.undeclaredEntity, 18),
        ("<r>x&undefined; and more text", .undeclaredEntity, 15),
        ("<r>abc \u{1} def", .invalidCharacter, 7),
        ("<r>abc \u{1}", .invalidCharacter, 7),
        ("<r>&#0;", .invalidCharacter, 7),
        ("<r>a&#x110000;", .invalidCharacter, 14),
        ("<r a='x\u{1}'", .invalidCharacter, 7),
        ("<r>abc ]]> def", XMLParsingError.Code(rawValue: 62), 3),
        ("<r><e a='1' a='2'/>", XMLParsingError.Code(rawValue: 42), 17),
        ("<r><a></b>", .tagNameMismatch, 10),
        ("<r><x:y/>", XMLParsingError.Code(rawValue: 201), 7),
        ("<r>a & b and more text", XMLParsingError.Code(rawValue: 68), 6),
        ("<r><e b=c/> and more", XMLParsingError.Code(rawValue: 39), 8),
    ])
    func errorsTheEndDidNotCauseKeepTheirCodes(document: String, code: XMLParsingError.Code, byteOffset: Int)
        async throws
    {
        let data = Data(document.utf8)
        for (feed, chunks, options) in Self.feeds(data, seed: byteOffset) {
            let error = try #require(await parse(chunks: chunks, options: options).error, "\(document), \(feed)")
            #expect(error.code == code, "\(document.debugDescription), \(feed): \(error)")
            #expect(error.byteOffset == byteOffset, "\(document.debugDescription), \(feed): \(error)")
        }
    }

    /// A real error in the sample keeps its code and place at every cut after it.
    @Test func anEarlierErrorIsReportedAtEveryLaterCut() async throws {
        var text = TruncationSample.document
        let bad = try #require(text.range(of: "&publisher; &#x2014; &copy; 1992"))
        text.replaceSubrange(bad, with: "&publishr; &#x2014; &copy; 1992")
        let data = Data(text.utf8)
        let errorEnd = try #require(data.firstRange(of: Data("&publishr;".utf8))).upperBound
        var failures: [String] = []
        for length in stride(from: errorEnd, to: data.count, by: 37) {
            for (feed, chunks, options) in Self.feeds(data.prefix(length), seed: length) {
                let error = await parse(chunks: chunks, options: options).error
                if error?.code != .undeclaredEntity || error?.byteOffset != errorEnd {
                    failures.append("\(length), \(feed): \(error.map { "\($0)" } ?? "no error")")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
