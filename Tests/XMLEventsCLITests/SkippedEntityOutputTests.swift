import Foundation
import Testing

/// An entity reference the parser did not replace shows in every format of `xmlevents`: its
/// own JSON line, a count in the summary, written back by `--format xml`, and named on the
/// element's object in `--format elements`.
@Suite struct SkippedEntityOutputTests {
    static let document = Data(
        #"<!DOCTYPE d SYSTEM "d.dtd"><d><p>a&nbsp;b</p><p>plain</p><p>&x;&y;</p></d>"#.utf8)

    @Test func jsonLinesHaveAnEventForIt() async throws {
        try await TestFiles.with { files in
            let path = try files.write(Self.document, named: "skipped.xml")
            let run = try await CLI.run(["--format", "jsonl", path])
            #expect(run.status == 0)
            let lines = run.lines.filter { $0.contains(#""skippedEntity""#) || $0.contains(#""text""#) }
            #expect(
                lines == [
                    #"{"event":"text","text":"a"}"#, #"{"event":"skippedEntity","name":"nbsp"}"#,
                    #"{"event":"text","text":"b"}"#, #"{"event":"text","text":"plain"}"#,
                    #"{"event":"skippedEntity","name":"x"}"#, #"{"event":"skippedEntity","name":"y"}"#,
                ])
        }
    }

    @Test func theSummaryCountsThem() async throws {
        try await TestFiles.with { files in
            let path = try files.write(Self.document, named: "skipped.xml")
            let whole = try await CLI.run(["--format", "summary", path])
            #expect(whole.status == 0)
            #expect(SummaryRows(whole.output).number("skipped entities") == 3, "\(whole.output)")
            let selected = try await CLI.run(["--format", "summary", "--select", "/d/p", path])
            #expect(SummaryRows(selected.output).number("skipped entities") == 3, "\(selected.output)")
            // A document without any has no such row.
            let plain = try files.write(Data("<d>text</d>".utf8), named: "plain.xml")
            #expect(SummaryRows(try await CLI.run(["--format", "summary", plain]).output)["skipped entities"] == nil)
        }
    }

    @Test func theXMLFormatWritesTheReferencesBack() async throws {
        try await TestFiles.with { files in
            let path = try files.write(Self.document, named: "skipped.xml")
            let run = try await CLI.run(["--format", "xml", path])
            #expect(run.status == 0)
            #expect(run.output.contains("<d><p>a&nbsp;b</p><p>plain</p><p>&x;&y;</p></d>"), "\(run.output)")
        }
    }

    @Test func theElementsFormatNamesThem() async throws {
        try await TestFiles.with { files in
            let path = try files.write(Self.document, named: "skipped.xml")
            let run = try await CLI.run(["--format", "elements", "--select", "/d", path])
            #expect(run.status == 0)
            #expect(
                run.lines == [
                    ##"{"#name":"d","p":[{"#text":"ab","#skippedEntities":"nbsp"},"plain",{"#skippedEntities":["x","y"]}]}"##
                ])
        }
    }
}
