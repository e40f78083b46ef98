import Foundation
import LoopbackHTTP
import Testing
import XMLCorpus

/// `--retries` and what the tool says of resumptions: a URL whose server breaks the body off
/// gives the events of the file, and the summary, the progress-less formats and a failure say how
/// many times the transfer went on.
@Suite struct HTTPRetriesFlagTests {
    private static let data = CorpusDocument(shape: .records, targetByteCount: 200_000).data()
    private static let entityTag = "\"v1\""

    private func withDocument<Result>(
        cuts: [LoopbackRangedDocument.Cut],
        advertisesRanges: Bool = true,
        _ body: (String, LoopbackRangedDocument) async throws -> Result
    ) async throws -> Result {
        let server = try LoopbackServer()
        defer { server.stop() }
        let document = LoopbackRangedDocument(
            .init(bytes: Self.data, entityTag: Self.entityTag), cuts: cuts, advertisesRanges: advertisesRanges)
        server.route("/doc.xml", document)
        return try await body(server.url("/doc.xml").absoluteString, document)
    }

    @Test func aBrokenOffTransferGivesTheEventsOfTheFileAndSaysSo() async throws {
        try await TestFiles.with { files in
            let path = try files.write(Self.data, named: "doc.xml")
            let fromFile = try await CLI.run(["--format", "jsonl", path])
            try await withDocument(cuts: [.close(at: 50_000), .reset(at: 120_000)]) { url, document in
                let run = try await CLI.run(["--format", "jsonl", url])
                #expect(run.status == 0)
                #expect(firstDifference(run, fromFile) == nil)
                #expect(run.errors == "\(url): note: the transfer broke off and was resumed 2 times\n")
                #expect(document.requests.count == 3)
            }
        }
    }

    @Test func theSummaryCountsResumptions() async throws {
        try await withDocument(cuts: [.close(at: 70_000)]) { url, _ in
            let run = try await CLI.run([url])
            #expect(run.status == 0)
            #expect(run.errors == "")
            let rows = SummaryRows(run.output)
            #expect(rows["resumptions"] == "once")
            #expect(rows.number("bytes read") == Self.data.count)
        }
        try await withDocument(cuts: []) { url, _ in
            let run = try await CLI.run([url])
            #expect(SummaryRows(run.output)["resumptions"] == "none")
        }
    }

    /// A server without ranges is asked for the same version again; the summary counts the
    /// bytes it sent twice, which the parser did not see twice.
    @Test func theSummaryCountsTheBytesReread() async throws {
        try await withDocument(cuts: [.close(at: 50_000), .close(at: 120_000)], advertisesRanges: false) {
            url, document in
            let run = try await CLI.run([url])
            #expect(run.status == 0, "\(run.errors)")
            let rows = SummaryRows(run.output)
            #expect(rows["resumptions"] == "2 times")
            #expect(rows.number("bytes re-read") == 170_000)
            #expect(rows.number("bytes read") == Self.data.count)
            #expect(document.requests.map(\.ifMatch) == [nil, Self.entityTag, Self.entityTag])
        }
        try await withDocument(cuts: []) { url, _ in
            let run = try await CLI.run([url])
            #expect(SummaryRows(run.output).number("bytes re-read") == 0)
        }
    }

    /// A server that sends a hundred bytes per connection: `--retries 1` allows one attempt in
    /// a row and four short continuations in all, so five requests, then the break's error.
    @Test func aTricklingServerGetsAtMostFourTimesTheRetriesAndOne() async throws {
        let cuts = stride(from: 100, to: Self.data.count, by: 100).map { LoopbackRangedDocument.Cut.close(at: $0) }
        try await withDocument(cuts: cuts) { url, document in
            let run = try await CLI.run(["--retries", "1", "--format", "jsonl", url])
            #expect(run.status == 3)
            #expect(run.errors.hasPrefix("\(url): error: the body ended early, after 500 of "), "\(run.errors)")
            #expect(run.errors.hasSuffix("note: the transfer broke off and was resumed 4 times before this\n"))
            #expect(document.requests.count == 5)
        }
    }

    @Test func retriesZeroLeavesTheBreaksError() async throws {
        try await withDocument(cuts: [.close(at: 1_000)]) { url, document in
            let run = try await CLI.run(["--retries", "0", url])
            #expect(run.status == 3)
            #expect(run.errors.hasPrefix("\(url): error: the body ended early, after 1,000 of "), "\(run.errors)")
            #expect(run.errors.split(separator: "\n").count == 1)
            #expect(document.requests.count == 1)
        }
    }

    /// `--retries 1`: one attempt in a row, so a second cut at the same offset is the end.
    @Test func retriesBoundTheAttemptsInARow() async throws {
        try await withDocument(cuts: [.close(at: 5_000), .close(at: 5_000)]) { url, document in
            let run = try await CLI.run(["--retries=1", "--format", "jsonl", url])
            #expect(run.status == 3)
            #expect(run.errors.hasPrefix("\(url): error: the body ended early, after 5,000 of "), "\(run.errors)")
            #expect(document.requests.map(\.range) == [nil, "bytes=5000-"])
        }
    }

    /// A refusal says why, and how many resumptions went before it.
    @Test func aRefusedContinuationSaysWhyAndWhatWentBefore() async throws {
        let second = LoopbackRangedDocument.Version(bytes: Self.data, entityTag: "\"v2\"")
        try await withDocument(cuts: [.close(at: 40_000), .close(at: 90_000, replacingWith: second)]) { url, _ in
            let run = try await CLI.run(["--format", "jsonl", url])
            #expect(run.status == 3)
            #expect(
                run.errors
                    == "\(url): error: the body broke off after 90,000 bytes and cannot be resumed: "
                    + "the document changed since the transfer began\n"
                    + "\(url): note: the transfer broke off and was resumed once before this\n")
        }
    }

    @Test(arguments: [
        (["--retries", "x", "http://127.0.0.1/"], "'--retries' needs a whole number (such as 0 or 5), not 'x'"),
        (["--retries", "-1", "http://127.0.0.1/"], "'--retries' needs a whole number"),
        (["--retries", "1001", "http://127.0.0.1/"], "'--retries' must be between 0 and 1000, not '1001'"),
        (["--retries", "2", "feed.xml"], "'--retries' applies to http and https URLs only"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) async throws {
        let run = try await CLI.run(arguments)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("xmlevents: error: \(message)"), "\(run.errors)")
    }
}
