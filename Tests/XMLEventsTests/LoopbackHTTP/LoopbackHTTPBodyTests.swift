import Foundation
import LoopbackHTTP
import Testing

extension LoopbackHTTPTests {
    @Suite("Bodies: fixed, streamed, chunked, request bodies")
    struct Bodies {
        @Test func fixedBodyGoesOutWithItsContentLength() throws {
            try LoopbackHTTPTests.withServer { server in
                let hello = LoopbackResponse(headers: [("Content-Type", "text/plain")], body: .text("hello"))
                server.route("/fixed", hello)
                let response = try RawHTTPClient.fetch(server.port, "/fixed")
                #expect(response.status == 200)
                #expect(response.header("Content-Length") == "5")
                #expect(response.header("Content-Type") == "text/plain")
                #expect(response.header("Connection") == "close")
                #expect(response.header("Transfer-Encoding") == nil)
                #expect(response.text == "hello")
                #expect(response.isComplete)
                #expect(response.ending == .closed)
            }
        }

        @Test func streamedBodyWithKnownLengthArrivesWhole() throws {
            let expected = LoopbackHTTPTests.distinctiveBytes(1_000_003)
            let pieces = LoopbackHTTPTests.pieces(of: expected, sizes: [1, 4_096, 70_000, 333])
            try LoopbackHTTPTests.withServer { server in
                server.route("/stream", LoopbackResponse(body: .stream(pieces, contentLength: expected.count)))
                let response = try RawHTTPClient.fetch(server.port, "/stream")
                #expect(response.header("Content-Length") == "1000003")
                #expect(response.body == expected)
                #expect(response.isComplete)
            }
        }

        @Test func streamedBodyOfUnknownLengthIsChunkedOneChunkPerPiece() throws {
            let expected = LoopbackHTTPTests.distinctiveBytes(300_000)
            let sizes = [1, 65_536, 17, 9_999]
            let pieces = LoopbackHTTPTests.pieces(of: expected, sizes: sizes)
            try LoopbackHTTPTests.withServer { server in
                server.route(
                    "/chunks",
                    LoopbackResponse(
                        body: .stream {
                            pieces.makeIterator()
                        }
                    )
                )
                let response = try RawHTTPClient.fetch(server.port, "/chunks")
                #expect(response.header("Transfer-Encoding") == "chunked")
                #expect(response.header("Content-Length") == nil)
                #expect(response.isComplete)
                #expect(response.body == expected)
                #expect(response.chunkSizes == pieces.map(\.count))
            }
        }

        @Test func everyRequestGetsTheStreamFromItsStart() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/again", LoopbackResponse(body: .stream([Data("one,".utf8), Data("two".utf8)])))
                for _ in 0..<3 {
                    let response = try RawHTTPClient.fetch(server.port, "/again")
                    #expect(response.text == "one,two")
                }
            }
        }

        @Test func fixedBodyCanBeForcedIntoChunksOrCloseDelimited() throws {
            let expected = LoopbackHTTPTests.distinctiveBytes(600_000)
            try LoopbackHTTPTests.withServer { server in
                server.route("/chunked", LoopbackResponse(body: .data(expected), framing: .chunked))
                server.route("/close", LoopbackResponse(body: .data(expected), framing: .closeDelimited))

                let chunked = try RawHTTPClient.fetch(server.port, "/chunked")
                #expect(chunked.header("Transfer-Encoding") == "chunked")
                #expect(chunked.isComplete)
                #expect(chunked.body == expected)

                let delimited = try RawHTTPClient.fetch(server.port, "/close")
                #expect(delimited.header("Transfer-Encoding") == nil)
                #expect(delimited.header("Content-Length") == nil)
                #expect(delimited.ending == .closed)
                #expect(delimited.body == expected)
            }
        }

        @Test func repeatingBodyIsThePatternCutAtTheTotal() throws {
            let pattern = Data("<item>42</item>".utf8)
            try LoopbackHTTPTests.withServer { server in
                let body = LoopbackResponse.Body.repeating(pattern, totalBytes: 100_003, chunkSize: 1_000)
                server.route("/repeat", LoopbackResponse(body: body))
                let response = try RawHTTPClient.fetch(server.port, "/repeat")
                var expected = Data()
                while expected.count < 100_003 { expected.append(pattern) }
                #expect(response.header("Content-Length") == "100003")
                #expect(response.body == expected.prefix(100_003))
            }
        }

        @Test func headRequestGetsTheHeadersAlone() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/fixed", LoopbackResponse(body: .text("twelve bytes")))
                let response = try RawHTTPClient.fetch(server.port, "/fixed", method: "HEAD")
                #expect(response.status == 200)
                #expect(response.header("Content-Length") == "12")
                #expect(response.bytesReceived == response.headByteCount)
            }
        }

        @Test func statusesWithoutBodySendNone() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/nothing", LoopbackResponse(status: 204, body: .text("ignored")))
                let response = try RawHTTPClient.fetch(server.port, "/nothing")
                #expect(response.status == 204)
                #expect(response.header("Content-Length") == nil)
                #expect(response.bytesReceived == response.headByteCount)
            }
        }

        @Test func http10ClientGetsACloseDelimitedBodyInsteadOfChunks() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/stream", LoopbackResponse(body: .stream([Data("old ".utf8), Data("client".utf8)])))
                let client = try RawHTTPClient(port: server.port)
                try client.sendRequest("GET", "/stream", version: "HTTP/1.0")
                let response = try client.readResponse()
                #expect(response.header("Transfer-Encoding") == nil)
                #expect(response.text == "old client")
                #expect(response.ending == .closed)
            }
        }

        @Test func streamEndingBeforeItsDeclaredLengthLeavesTheBodyShort() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/short", LoopbackResponse(body: .stream([Data(count: 600)], contentLength: 1_000)))
                let response = try RawHTTPClient.fetch(server.port, "/short")
                #expect(response.header("Content-Length") == "1000")
                #expect(response.body.count == 600)
                #expect(!response.isComplete)
                #expect(response.ending == .closed)
                #expect(eventually { server.exchanges.first?.outcome != .inProgress })
                guard case .failed = server.exchanges.first?.outcome else {
                    Issue.record("outcome \(String(describing: server.exchanges.first?.outcome))")
                    return
                }
            }
        }

        @Test func handlerReceivesThePostedBody() throws {
            let upload = LoopbackHTTPTests.distinctiveBytes(200_000)
            try LoopbackHTTPTests.withServer { server in
                server.route("/echo") { request in
                    LoopbackResponse(
                        headers: [("X-Method", request.method), ("X-Type", request.header("content-type") ?? "")],
                        body: .data(request.body)
                    )
                }
                let response = try RawHTTPClient.fetch(
                    server.port,
                    "/echo",
                    method: "POST",
                    headers: ["Content-Type: application/octet-stream"],
                    body: upload
                )
                #expect(response.header("X-Method") == "POST")
                #expect(response.header("X-Type") == "application/octet-stream")
                #expect(response.body == upload)
            }
        }

        @Test func clientExpectingContinueGetsItBeforeSendingTheBody() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/echo") { LoopbackResponse(body: .data($0.body)) }
                let client = try RawHTTPClient(port: server.port)
                try client.send(
                    Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n".utf8)
                )
                let interim = try client.readHead()
                #expect(interim.status == 100)
                try client.send(Array("ping".utf8))
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "ping")
            }
        }
    }
}
