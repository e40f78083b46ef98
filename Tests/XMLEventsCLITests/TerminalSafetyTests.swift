import Foundation
import LoopbackHTTP
import Testing

/// Nothing the input holds reaches the terminal raw: what the tool prints about a server's error
/// page, libxml2's messages, element names, file names and arguments has its control and
/// bidirectional characters escaped, checked on the raw bytes of standard output and error.
@Suite struct TerminalSafetyTests {
    /// OSC 52 (write the clipboard) ended by BEL, CSI (clear the screen) as ESC [ and as the C1
    /// byte, a bell, a right-to-left override, an isolate, DEL.
    static let hostile = "\u{1B}]52;c;ZXZpbA==\u{07} \u{1B}[2J \u{9B}31m \u{202E}fdp.exe \u{2067}x\u{2069} \u{7F}end"
    static let hostileEscaped =
        #"\u{1B}]52;c;ZXZpbA==\u{7} \u{1B}[2J \u{9B}31m \u{202E}fdp.exe \u{2067}x\u{2069} \u{7F}end"#

    private static func expectSafe(_ run: CLIRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TerminalSafety.unsafeCharacters(in: run.stdout) == [], "stdout", sourceLocation: sourceLocation)
        #expect(TerminalSafety.unsafeCharacters(in: run.stderr) == [], "stderr", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["summary", "jsonl", "xml"])
    func theServersErrorPageIsEscaped(format: String) async throws {
        try await withServer { server in
            server.route("/feed.xml", .text("Denied \(Self.hostile)\n", status: 403))
            let url = server.url("/feed.xml").absoluteString
            let run = try await CLI.run(["--format", format, url])
            #expect(run.status == 3)
            #expect(run.stdout.isEmpty)
            Self.expectSafe(run)
            #expect(
                run.errors
                    == "\(url): error: HTTP 403 Forbidden\n\(url): note: the server said: Denied \(Self.hostileEscaped)\n"
            )
        }
    }

    /// libxml2 quotes the namespace URI it refuses, a C1 CSI in it.
    @Test func libxml2sMessageQuotingTheDocumentIsEscaped() async throws {
        try await TestFiles.with { files in
            let path = try files.write(Data("<r xmlns:p=\"\u{9B}2J \u{202E}ab\"/>".utf8), named: "uri.xml")
            let summary = try await CLI.run([path])
            #expect(summary.status == 1)
            Self.expectSafe(summary)
            let message = #"the namespace name '\u{9B}2J \u{202E}ab' is not a valid URI"#
            #expect(summary.errors == "\(path):1:21: error: \(message)\n")

            let jsonl = try await CLI.run(["--format", "jsonl", path])
            #expect(jsonl.status == 1)
            Self.expectSafe(jsonl)
            let json = #""message":"the namespace name '\\u{9B}2J \\u{202E}ab' is not a valid URI""#
            #expect(jsonl.lines.last?.contains(json) == true, "\(jsonl.output)")
        }
    }

    /// XML names may hold U+061C (ARABIC LETTER MARK); the summary prints names.
    @Test func elementNamesInTheSummaryAreEscaped() async throws {
        let document = Data("<r\u{61C}x><e\u{61C}/><e\u{61C}/></r\u{61C}x>".utf8)
        let run = try await CLI.run(["-"], input: .data(document))
        #expect(run.status == 0)
        Self.expectSafe(run)
        let rows = SummaryRows(run.output)
        #expect(rows.number(#"e\u{61C}"#) == 2)
        #expect(rows.number(#"r\u{61C}x"#) == 1)
    }

    /// A file named with an escape sequence, as `find | xargs` may hand over.
    @Test func aFileNameIsEscapedInTheSourceRowAndInDiagnostics() async throws {
        try await TestFiles.with { files in
            let name = "feed\u{1B}]0;owned\u{07}\u{9B}2J.xml"
            let shown = #"feed\u{1B}]0;owned\u{7}\u{9B}2J.xml"#
            let good = try files.write(Data("<r/>".utf8), named: name)
            let run = try await CLI.run([good])
            #expect(run.status == 0)
            Self.expectSafe(run)
            #expect(SummaryRows(run.output)["source"] == files.directory.path + "/" + shown)

            let bad = try files.write(Data("<r><a></r>".utf8), named: "bad-" + name)
            let failed = try await CLI.run([bad])
            #expect(failed.status == 1)
            Self.expectSafe(failed)
            #expect(failed.errors.hasPrefix(files.directory.path + "/bad-" + shown + ":1:11: error: "))

            let missing = try await CLI.run([files.directory.path + "/missing-" + name])
            #expect(missing.status == 3)
            Self.expectSafe(missing)
            #expect(missing.errors.hasPrefix(files.directory.path + "/missing-" + shown + ": error: cannot open: "))
        }
    }

    @Test func argumentsQuotedInUsageErrorsAreEscaped() async throws {
        let run = try await CLI.run(["--format", "\u{1B}[2J\u{202E}"])
        #expect(run.status == 2)
        Self.expectSafe(run)
        #expect(run.errors.hasPrefix(#"xmlevents: error: unknown format '\u{1B}[2J\u{202E}' "#))
    }
}
