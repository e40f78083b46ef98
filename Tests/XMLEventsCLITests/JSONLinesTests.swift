import Foundation
import Testing

/// `--format jsonl`, line for line, and its independence from how the input is cut.
@Suite struct JSONLinesTests {
    /// Every event kind, spelled exactly: key order, `null`s, escapes.
    @Test func everyEventKindHasItsExactLine() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.everyEventKind.write(in: files)
            let run = try await CLI.run(["--format", "jsonl", "--cdata", path])
            #expect(run.status == 0)
            #expect(run.errors == "")
            let expected = [
                #"{"event":"startDocument","version":"1.0","encoding":"UTF-8","standalone":true}"#,
                #"{"event":"doctype","name":"a:feed","publicID":"-//Example//DTD Feed//EN","systemID":"feed.dtd"}"#,
                #"{"event":"comment","text":" a comment "}"#,
                #"{"event":"processingInstruction","target":"app","data":"mode=\"test\""}"#,
                #"{"event":"startElement","name":"a:feed","localName":"feed","prefix":"a","namespace":"urn:x","#
                    + #""attributes":[{"name":"xml:lang","localName":"lang","prefix":"xml","#
                    + #""namespace":"http://www.w3.org/XML/1998/namespace","value":"en"}],"#
                    + #""namespaces":[{"prefix":"a","uri":"urn:x"},{"prefix":null,"uri":"urn:default"}]}"#,
                #"{"event":"text","text":"\u000a"}"#,
                #"{"event":"startElement","name":"entry","localName":"entry","prefix":null,"namespace":"urn:default","#
                    + #""attributes":[{"name":"a:id","localName":"id","prefix":"a","namespace":"urn:x","value":"e1"},"#
                    + #"{"name":"note","localName":"note","prefix":null,"namespace":null,"value":"line\u000abreak"}],"#
                    + #""namespaces":[]}"#,
                #"{"event":"text","text":"Tom & Jerry <3 café ☃\u0009tab\u000dcr\u007fdel \"quoted\" \\ back"}"#,
                #"{"event":"endElement","name":"entry","localName":"entry","prefix":null,"namespace":"urn:default"}"#,
                #"{"event":"cdata","text":"<raw> & ]]"}"#,
                #"{"event":"cdata","text":">"}"#,
                #"{"event":"startElement","name":"empty","localName":"empty","prefix":null,"namespace":"urn:default","#
                    + #""attributes":[],"namespaces":[]}"#,
                #"{"event":"endElement","name":"empty","localName":"empty","prefix":null,"namespace":"urn:default"}"#,
                #"{"event":"text","text":"\u000a"}"#,
                #"{"event":"endElement","name":"a:feed","localName":"feed","prefix":"a","namespace":"urn:x"}"#,
                #"{"event":"endDocument"}"#,
            ]
            #expect(run.lines == expected)
            // Every line is a JSON object of its own.
            for line in run.lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                #expect(object is [String: Any], "\(line)")
            }
        }
    }

    /// NEL, the other C1 controls and the Unicode line and paragraph separators are escaped too:
    /// a reader that splits on Unicode line breaks (Python's `splitlines`) still sees one line
    /// per event.
    @Test func unicodeLineBreaksAreEscaped() async throws {
        try await TestFiles.with { files in
            let path = try files.write(
                Data("<a>1\u{85}2\u{2028}3\u{2029}4\u{9F}5\u{A0}6\u{2027}7</a>".utf8), named: "breaks.xml")
            let run = try await CLI.run(["--format", "jsonl", path])
            #expect(run.status == 0)
            #expect(run.lines.contains(#"{"event":"text","text":"1\u00852\u20283\u20294\u009f5\#u{A0}6\#u{2027}7"}"#))
            let text = try #require(run.output.split(separator: "\n").first { $0.contains(#""text""#) })
            #expect(!text.contains { $0.isNewline })
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
            #expect(object?["text"] == "1\u{85}2\u{2028}3\u{2029}4\u{9F}5\u{A0}6\u{2027}7")
        }
    }

    /// Without `--cdata`, CDATA is part of the surrounding text, as the library coalesces it.
    @Test func cdataIsTextByDefault() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.everyEventKind.write(in: files)
            let run = try await CLI.run(["--format", "jsonl", path])
            #expect(run.status == 0)
            #expect(run.lines.contains(#"{"event":"text","text":"<raw> & ]]>"}"#))
            #expect(!run.output.contains(#""event":"cdata""#))
        }
    }

    /// A parse error ends the output with an `error` line at the right place, after the events
    /// before it.
    @Test func aParseErrorIsTheLastLine() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.mismatched.write(in: files)
            let run = try await CLI.run(["--format", "jsonl", path])
            #expect(run.status == 1)
            #expect(run.lines.count == 6)
            #expect(
                run.lines.last
                    == #"{"event":"error","code":"tagNameMismatch","codeValue":76,"#
                    + #""message":"the end tag </a> does not match the start tag <b> on line 2","line":3,"column":5,"byteOffset":14}"#
            )
        }
    }

    /// The error line names the code: `truncated` for a document cut inside an attribute value,
    /// `duplicateAttribute` for a repeated attribute, `contentModelNotFinished` for one of a DTD's
    /// (a code the library does not name would be `null`, with the number).
    @Test(arguments: [
        (
            "<r><e a='cut",
            #"{"event":"error","code":"truncated","codeValue":100010,"#
                + #""message":"the document ended early inside <r>: 1 element is not closed (an attribute value is not "#
                + #"closed by its quote)","#
                + #""line":1,"column":13,"byteOffset":12}"#
        ),
        (
            "<r><e a='1' a='2'/></r>",
            #"{"event":"error","code":"duplicateAttribute","codeValue":42,"#
                + #""message":"the attribute 'a' appears twice in one start tag","#
                + #""line":1,"column":18,"byteOffset":17}"#
        ),
        (
            "<!DOCTYPE r [<!ELEMENT r (a>]><r/>",
            #"{"event":"error","code":"contentModelNotFinished","codeValue":55,"#
                + #""message":"a content model expects ',', '|' or ')' here","#
                + #""line":1,"column":28,"byteOffset":27}"#
        ),
    ])
    func theErrorLineNamesTheCode(document: String, errorLine: String) async throws {
        try await TestFiles.with { files in
            let path = try TestDocument("cut.xml", document, wellFormed: false).write(in: files)
            let run = try await CLI.run(["--format", "jsonl", path])
            #expect(run.status == 1)
            #expect(run.lines.last == errorLine)
        }
    }

    /// `--drop-whitespace` drops the whitespace-only runs and nothing else.
    @Test func dropWhitespaceDropsWhitespaceOnlyText() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.everyEventKind.write(in: files)
            let run = try await CLI.run(["--format", "jsonl", "--drop-whitespace", path])
            #expect(run.status == 0)
            #expect(!run.lines.contains(#"{"event":"text","text":"\u000a"}"#))
            #expect(run.lines.count == 13)
        }
    }

    /// One byte at a time gives the same lines as 64 KiB at a time, errors included, for
    /// hand-written documents and generated ones of every shape.
    @Test(arguments: TestDocuments.handWritten + TestDocuments.corpus)
    func chunkSizeDoesNotChangeTheEvents(_ document: TestDocument) async throws {
        try await TestFiles.with { files in
            let path = try document.write(in: files)
            let whole = try await CLI.run(["--format", "jsonl", "--no-progress", path])
            let bytewise = try await CLI.run(["--format", "jsonl", "--chunk-size", "1", path])
            #expect(whole.status == (document.isWellFormed ? 0 : 1))
            #expect(bytewise.status == whole.status)
            #expect(firstDifference(bytewise, whole) == nil)
            #expect(bytewise.errors == whole.errors)
            let lastEvent = document.isWellFormed ? #"{"event":"endDocument""# : #"{"event":"error""#
            #expect(whole.lines.last?.hasPrefix(lastEvent) == true)
        }
    }
}
