import Foundation
import LoopbackHTTP
import Testing
import XMLCorpus

/// URLs: the same events as from a file, HTTP failures as status 3, and the demo.
@Suite struct HTTPInputTests {
    @Test func aURLGivesTheEventsOfTheFile() async throws {
        try await withServer { server in
            try await TestFiles.with { files in
                let document = TestDocuments.corpus[0]
                server.route("/doc.xml", LoopbackResponse(body: .data(document.data)))
                let path = try document.write(in: files)
                let url = server.url("/doc.xml").absoluteString
                let fromURL = try await CLI.run(["--format", "jsonl", url])
                let fromFile = try await CLI.run(["--format", "jsonl", path])
                #expect(fromURL.status == 0)
                #expect(fromURL.errors == "")
                #expect(firstDifference(fromURL, fromFile) == nil)
                // Network chunks are cut to --chunk-size; the events stay the same.
                let cut = try await CLI.run(["--format", "jsonl", "--chunk-size", "100", url])
                #expect(firstDifference(cut, fromFile) == nil)
            }
        }
    }

    @Test func aMissingDocumentExitsThreeWithTheStatus() async throws {
        try await withServer { server in
            let url = server.url("/missing.xml").absoluteString
            let run = try await CLI.run(["--format", "jsonl", url])
            #expect(run.status == 3)
            #expect(run.output == "")
            #expect(run.errors == "\(url): error: HTTP 404 Not Found\n")
        }
    }

    /// The server's explanation, when it says more than the status, is a note.
    @Test func theServersExplanationIsANote() async throws {
        try await withServer { server in
            server.route("/feed.xml", .text("Rate limit exceeded, try again in 60 s\n", status: 429))
            let url = server.url("/feed.xml").absoluteString
            let run = try await CLI.run([url])
            #expect(run.status == 3)
            #expect(
                run.errors
                    == "\(url): error: HTTP 429 Too Many Requests\n"
                    + "\(url): note: the server said: Rate limit exceeded, try again in 60 s\n")
        }
    }

    @Test func anUnreachableServerExitsThree() async throws {
        // Bound without listening, and held through the run: a port that was only closed could be
        // taken by a server another test starts meanwhile.
        let port = try UnansweredPort.refusing()
        let url = port.url.absoluteString
        let run = try await CLI.run([url])
        withExtendedLifetime(port) {}
        #expect(run.status == 3)
        #expect(run.errors == "\(url): error: connection refused\n")
    }

    @Test func aBodyCutShortExitsThree() async throws {
        try await withServer { server in
            let data = TestDocuments.corpus[0].data
            server.route("/cut.xml", LoopbackResponse(body: .data(data), fault: .close(afterBodyBytes: 1_000)))
            let url = server.url("/cut.xml").absoluteString
            let run = try await CLI.run([url])
            #expect(run.status == 3)
            #expect(
                run.errors == "\(url): error: the body ended early, after 1,000 of \(grouped(data.count)) bytes\n")
        }
    }

    /// The demo, smaller: every record arrives, and the client never buffers more than its high
    /// watermark plus one network read, although the server could send far faster.
    @Test func theDemoStreamsWithBoundedMemory() async throws {
        let byteCount = 3_000_000
        let expected = CorpusDocument(shape: .records, targetByteCount: byteCount).metadata()
        let run = try await CLI.run([], environment: ["XMLEVENTS_DEMO_BYTES": String(byteCount)])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output.hasPrefix("xmlevents demo: "))
        let rows = SummaryRows(run.output)
        #expect(rows.number("record") == expected.itemCount)
        #expect(rows.number("elements") == expected.elementCount)
        #expect(rows.number("bytes read") == byteCount)
        #expect(rows.number("server sent") == byteCount)
        let peak = try #require(rows.number("peak buffered"))
        let highWatermark = try #require(rows["peak buffered"].flatMap(Self.highWatermark))
        #expect(highWatermark == 1 << 20)
        #expect(peak <= highWatermark + 16 * 1_024)
        #expect(peak > 0)
    }

    /// In other formats the demo's narration goes to standard error, leaving standard output data.
    @Test func theDemoKeepsDataFormatsClean() async throws {
        let run = try await CLI.run(["--format", "jsonl"], environment: ["XMLEVENTS_DEMO_BYTES": "10000"])
        #expect(run.status == 0)
        #expect(run.lines.first?.hasPrefix(#"{"event":"startDocument""#) == true)
        #expect(run.lines.last == #"{"event":"endDocument"}"#)
        #expect(run.errors.hasPrefix("xmlevents demo: "))
        #expect(run.errors.contains("peak buffered: "))
    }

    /// `(high watermark 1,048,576)` in the demo's row.
    private static func highWatermark(_ row: String) -> Int? {
        guard let range = row.range(of: "high watermark ") else { return nil }
        return Int(row[range.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
    }

    private func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
