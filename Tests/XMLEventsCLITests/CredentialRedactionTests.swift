import Foundation
import LoopbackHTTP
import Testing

/// A URL's password never appears in what the tool prints: not in the summary's source row, the
/// progress line or any diagnostic, whether the transfer succeeds, is refused, answers 404 or
/// serves a malformed document. The user name stays.
@Suite struct CredentialRedactionTests {
    static let password = "s3cr3tPW"

    /// `url` with `alice` and the password as its user information.
    private static func withCredentials(_ url: URL) -> (typed: String, shown: String) {
        let text = url.absoluteString
        let typed = text.replacingOccurrences(of: "http://", with: "http://alice:\(password)@")
        let shown = text.replacingOccurrences(of: "http://", with: "http://alice:***@")
        return (typed, shown)
    }

    private static func expectNoPassword(_ run: CLIRun, sourceLocation: SourceLocation = #_sourceLocation) {
        let needle = Data(password.utf8)
        #expect(run.stdout.range(of: needle) == nil, "stdout: \(run.output)", sourceLocation: sourceLocation)
        #expect(run.stderr.range(of: needle) == nil, "stderr: \(run.errors)", sourceLocation: sourceLocation)
    }

    @Test func aSuccessfulTransferShowsTheURLWithoutThePassword() async throws {
        try await withServer { server in
            server.route("/doc.xml", LoopbackResponse(body: .data(TestDocuments.corpus[0].data)))
            let url = Self.withCredentials(server.url("/doc.xml"))
            let summary = try await CLI.run(["--progress", url.typed])
            #expect(summary.status == 0)
            Self.expectNoPassword(summary)
            #expect(SummaryRows(summary.output)["source"] == url.shown)

            let jsonl = try await CLI.run(["--format", "jsonl", "--progress", url.typed])
            #expect(jsonl.status == 0)
            Self.expectNoPassword(jsonl)
        }
    }

    @Test func aMissingDocumentIsReportedWithoutThePassword() async throws {
        try await withServer { server in
            let url = Self.withCredentials(server.url("/missing.xml"))
            let run = try await CLI.run([url.typed])
            #expect(run.status == 3)
            Self.expectNoPassword(run)
            #expect(run.errors == "\(url.shown): error: HTTP 404 Not Found\n")
        }
    }

    @Test func aMalformedDocumentIsReportedWithoutThePassword() async throws {
        try await withServer { server in
            server.route("/bad.xml", LoopbackResponse(body: .text("<r><a></r>")))
            let url = Self.withCredentials(server.url("/bad.xml"))
            for format in ["summary", "jsonl"] {
                let run = try await CLI.run(["--format", format, url.typed])
                #expect(run.status == 1)
                Self.expectNoPassword(run)
                #expect(run.errors.hasPrefix("\(url.shown):1:"), "\(run.errors)")
            }
        }
    }

    @Test func aRefusedConnectionIsReportedWithoutThePassword() async throws {
        let port = try RefusingPort()
        let url = Self.withCredentials(try #require(URL(string: "http://127.0.0.1:\(port.port)/feed.xml")))
        let run = try await CLI.run([url.typed])
        #expect(run.status == 3)
        Self.expectNoPassword(run)
        #expect(run.errors == "\(url.shown): error: connection refused\n")
    }

    /// Where a redirect led is shown too, and its own password is hidden as well.
    @Test func aRedirectTargetIsShownWithoutItsPassword() async throws {
        try await withServer { server in
            let target = server.url("/gone.xml").absoluteString
                .replacingOccurrences(of: "http://", with: "http://bob:hunter2PW@")
            server.route("/moved.xml", .redirect(to: target))
            let url = Self.withCredentials(server.url("/moved.xml"))
            let run = try await CLI.run([url.typed])
            #expect(run.status == 3)
            Self.expectNoPassword(run)
            #expect(!run.errors.contains("hunter2PW"), "\(run.errors)")
            let shownTarget = server.url("/gone.xml").absoluteString
                .replacingOccurrences(of: "http://", with: "http://bob:***@")
            #expect(run.errors == "\(url.shown): error: HTTP 404 Not Found (redirected to \(shownTarget))\n")
        }
    }

    /// Arguments are quoted in usage errors: a URL the tool cannot use is quoted without its
    /// password.
    @Test func aURLQuotedInAUsageErrorHasNoPassword() async throws {
        let invalid = try await CLI.run(["http://alice:\(Self.password)@"])
        #expect(invalid.status == 2)
        Self.expectNoPassword(invalid)
        #expect(invalid.errors.hasPrefix("xmlevents: error: invalid URL 'http://alice:***@'\n"))

        let extra = try await CLI.run(["feed.xml", "http://alice:\(Self.password)@example.org/"])
        #expect(extra.status == 2)
        Self.expectNoPassword(extra)
        #expect(extra.errors.hasPrefix("xmlevents: error: unexpected argument 'http://alice:***@example.org/'"))
    }
}
