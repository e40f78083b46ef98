import Foundation
import LoopbackHTTP
import Testing

/// `--max-time` and `--max-bytes`: the total deadline and the body limit of a URL, each failure
/// with exit status 3 and a message that names the flag; a bad value is a usage error.
@Suite struct HTTPLimitFlagsTests {
    private func withServer<Result>(_ body: (LoopbackServer) async throws -> Result) async throws -> Result {
        let server = try LoopbackServer()
        defer { server.stop() }
        return try await body(server)
    }

    @Test func maxBytesStopsALargerBody() async throws {
        try await withServer { server in
            let document = "<r>" + String(repeating: "<e/>", count: 10_000) + "</r>"
            server.route("/doc.xml", LoopbackResponse(body: .text(document), contentEncoding: .gzip))
            let url = server.url("/doc.xml").absoluteString
            let over = try await CLI.run(["--format", "jsonl", "--max-bytes", "1K", url])
            #expect(over.status == 3)
            #expect(over.errors == "\(url): error: the body is larger than 1,024 bytes (--max-bytes)\n")
            let within = try await CLI.run(["--max-bytes=2M", url])
            #expect(within.status == 0)
            #expect(within.errors == "")
        }
    }

    @Test func maxTimeStopsATricklingServer() async throws {
        try await withServer { server in
            server.route(
                "/slow.xml",
                LoopbackResponse(
                    body: .text(String(repeating: " ", count: 50) + "<r/>"),
                    pacing: .drip(bytes: 1, every: .seconds(2))))
            let url = server.url("/slow.xml").absoluteString
            let run = try await CLI.run(["--max-time", "0.5", url])
            #expect(run.status == 3)
            // The server drips on a thread of its own, in real time: it sent a few of the 54 bytes
            // (40 take it 78 s) before the tool left. It notices the tool's leaving at its next
            // write; a minute only turns a connection that stays open into a failure.
            let patience = ContinuousClock.now.advanced(by: .seconds(60))
            while server.openConnections > 0, ContinuousClock.now < patience {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(server.openConnections == 0)
            #expect(server.bodyBytesWritten < 40, "\(server.bodyBytesWritten) bytes sent")
            #expect(run.errors == "\(url): error: the transfer did not finish within 0.5 seconds (--max-time)\n")
        }
    }

    @Test(arguments: [
        (
            ["--max-time", "abc", "http://127.0.0.1/"],
            "'--max-time' needs a number of seconds (such as 30 or 0.5), not 'abc'"
        ),
        (["--max-time", "-1", "http://127.0.0.1/"], "'--max-time' needs a number of seconds"),
        (["--max-time", "0", "http://127.0.0.1/"], "'--max-time' must be between 0.001 and 31536000 seconds, not '0'"),
        (["--max-time=1e9", "http://127.0.0.1/"], "'--max-time' needs a number of seconds"),
        (
            ["--max-bytes", "12X", "http://127.0.0.1/"],
            "'--max-bytes' needs a whole number of bytes (such as 4096, 64K or 2G), not '12X'"
        ),
        (["--max-bytes", "0", "http://127.0.0.1/"], "'--max-bytes' must be between 1 and"),
        (["--max-bytes", "99999999999G", "http://127.0.0.1/"], "'--max-bytes' must be between 1 and"),
        (["--max-bytes", "1M", "feed.xml"], "'--max-bytes' applies to http and https URLs only"),
        (["--max-time", "5", "-"], "'--max-time' applies to http and https URLs only"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) async throws {
        let run = try await CLI.run(arguments)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("xmlevents: error: \(message)"), "\(run.errors)")
    }
}
