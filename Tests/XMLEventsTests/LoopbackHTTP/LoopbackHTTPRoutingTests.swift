import Foundation
import LoopbackHTTP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension LoopbackHTTPTests {
    @Suite("Routing: handlers, statuses, redirects, bad requests")
    struct Routing {
        @Test func unknownPathIsNotFoundAndStillCounted() throws {
            try LoopbackHTTPTests.withServer { server in
                let response = try RawHTTPClient.fetch(server.port, "/nowhere?x=1")
                #expect(response.status == 404)
                #expect(response.text == "Not Found\n")
                #expect(server.requestCount(for: "/nowhere") == 1)
            }
        }

        @Test func anyStatusCarriesItsBody() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/boom", .text("it broke\n", status: 500))
                server.route("/gone", .text(status: 410))
                let boom = try RawHTTPClient.fetch(server.port, "/boom")
                #expect(boom.status == 500)
                #expect(boom.text == "it broke\n")
                let gone = try RawHTTPClient.fetch(server.port, "/gone")
                #expect(gone.status == 410)
                #expect(gone.text == "Gone\n")
            }
        }

        @Test func handlerSeesMethodPathQueryAndHeaders() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/inspect") { request in
                    let name = request.queryValue("name") ?? "-"
                    let summary =
                        "\(request.method) \(request.path) \(request.query ?? "-") \(name) "
                        + "\(request.header("x-probe") ?? "-") \(request.version)"
                    return LoopbackResponse(body: .text(summary))
                }
                let response = try RawHTTPClient.fetch(
                    server.port,
                    "/inspect?name=a%20b+c&flag",
                    method: "PUT",
                    headers: ["X-Probe:   spaced value  "]
                )
                #expect(response.text == "PUT /inspect name=a%20b+c&flag a b c spaced value HTTP/1.1")
            }
        }

        @Test func routesCanBeReplacedAndRemoved() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/r", LoopbackResponse(body: .text("first")))
                let first = try RawHTTPClient.fetch(server.port, "/r")
                server.route("/r", LoopbackResponse(body: .text("second")))
                let second = try RawHTTPClient.fetch(server.port, "/r")
                server.removeRoute("/r")
                let removed = try RawHTTPClient.fetch(server.port, "/r")
                #expect(first.text == "first")
                #expect(second.text == "second")
                #expect(removed.status == 404)
            }
        }

        @Test(arguments: [301, 302, 307])
        func redirectCarriesItsLocation(status: Int) throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/old", .redirect(to: "/new", status: status))
                let response = try RawHTTPClient.fetch(server.port, "/old")
                #expect(response.status == status)
                #expect(response.header("Location") == "/new")
            }
        }

        @Test func urlSessionFollowsARedirectChain() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/hop1", .redirect(to: "/hop2", status: 301))
            server.route("/hop2", .redirect(to: server.url("/hop3").absoluteString, status: 302))
            server.route("/hop3", .redirect(to: "/final", status: 307))
            server.route("/final", LoopbackResponse(body: .text("arrived")))
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await session.data(from: server.url("/hop1"))
            #expect(String(decoding: data, as: UTF8.self) == "arrived")
            #expect(response.url?.path == "/final")
            #expect(server.requestCounts == ["/hop1": 1, "/hop2": 1, "/hop3": 1, "/final": 1])
        }

        @Test func redirectLoopGoesOnForAsLongAsItIsFollowed() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/ping", .redirect(to: "/pong"))
                server.route("/pong", .redirect(to: "/ping"))
                var target = "/ping"
                for _ in 0..<10 {
                    let response = try RawHTTPClient.fetch(server.port, target)
                    #expect(response.status == 302)
                    target = try #require(response.header("Location"))
                }
                #expect(server.requestCount(for: "/ping") == 5)
                #expect(server.requestCount(for: "/pong") == 5)
            }
        }

        @Test(
            arguments: [
                ("GARBAGE\r\n\r\n", 400),
                ("GET /x HTTP/1.1\r\nBad Header\r\n\r\n", 400),
                ("GET /x HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
                ("GET /x HTTP/2.0\r\n\r\n", 505),
                ("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
                ("POST /x HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", 400),
            ]
        )
        func badRequestIsAnsweredWithItsStatusAndClosed(request: String, status: Int) throws {
            try Self.expectRejection(of: request, status: status)
        }

        @Test func oversizedHeadIsRejected() throws {
            try Self.expectRejection(
                of: "GET /x HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n", status: 431)
        }

        private static func expectRejection(of request: String, status: Int) throws {
            try LoopbackHTTPTests.withServer { server in
                let client = try RawHTTPClient(port: server.port)
                try client.send(Array(request.utf8))
                let response = try client.readResponse()
                #expect(response.status == status)
                #expect(response.header("Connection") == "close")
                #expect(client.readToEnd() == .closed)
            }
        }
    }
}
