import Foundation
import LoopbackHTTP
import Testing

extension LoopbackHTTPTests {
    @Suite("Counters: bytes, requests, connections, backpressure")
    struct Counters {
        @Test func byteCountsMatchWhatTheClientReceived() throws {
            let body = LoopbackHTTPTests.distinctiveBytes(123_457)
            try LoopbackHTTPTests.withServer { server in
                server.route("/fixed", LoopbackResponse(body: .data(body)))
                server.route("/chunked", LoopbackResponse(body: .stream([body, body.prefix(10)])))
                let fixed = try RawHTTPClient.fetch(server.port, "/fixed")
                let chunked = try RawHTTPClient.fetch(server.port, "/chunked")
                #expect(eventually { server.exchanges.allSatisfy { $0.outcome == .completed } })

                let exchanges = server.exchanges
                #expect(exchanges.map(\.path) == ["/fixed", "/chunked"])
                #expect(exchanges.map(\.status) == [200, 200])
                #expect(exchanges[0].bytesWritten == fixed.bytesReceived)
                #expect(exchanges[0].bodyBytesWritten == body.count)
                #expect(exchanges[0].bytesWritten == fixed.headByteCount + body.count)
                #expect(exchanges[1].bytesWritten == chunked.bytesReceived)
                #expect(exchanges[1].bodyBytesWritten == body.count + 10)
                #expect(server.bytesWritten == fixed.bytesReceived + chunked.bytesReceived)
                #expect(server.bodyBytesWritten == 2 * body.count + 10)
            }
        }

        @Test func requestsAreCountedPerPathAndConnectionsPerAccept() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/a", LoopbackResponse(body: .text("a")))
                for path in ["/a", "/a?page=2", "/a", "/b"] { _ = try RawHTTPClient.fetch(server.port, path) }
                #expect(server.requestCounts == ["/a": 3, "/b": 1])
                #expect(server.requestCount(for: "/canary") == 0)
                #expect(server.connectionsAccepted == 4)
                #expect(server.exchanges.map(\.connection) == [1, 2, 3, 4])
            }
        }

        @Test func openConnectionsFollowTheClients() throws {
            try LoopbackHTTPTests.withServer { server in
                let clients = try (0..<3).map { _ in try RawHTTPClient(port: server.port) }
                #expect(eventually { server.openConnections == 3 })
                for client in clients { client.close() }
                #expect(eventually { server.openConnections == 0 })
                #expect(server.connectionsAccepted == 3)
                #expect(server.exchanges.isEmpty)
            }
        }

        @Test func smallSendBufferMakesTheWrittenCountStopWhenTheClientStopsReading() throws {
            let total = 100_000_000
            try LoopbackHTTPTests.withServer { server in
                server.route(
                    "/big",
                    LoopbackResponse(
                        body: .repeating(Data("<item>backpressure</item>\n".utf8), totalBytes: total),
                        sendBufferSize: 8_192
                    )
                )
                let client = try RawHTTPClient(port: server.port, receiveBufferSize: 8_192)
                try client.sendRequest("GET", "/big")
                _ = try client.readHead()
                try client.read(untilBuffered: 65_536)

                // The client reads no more: the server comes to wait for it, as it reports, with
                // what it wrote far below the total (at most what the kernels' buffers hold beyond
                // what the client read, whenever it is read).
                #expect(eventually(within: .seconds(60)) { server.sendsWaitingForClient == 1 })
                let written = server.bodyBytesWritten
                #expect(written < 4_000_000)
                #expect(server.exchanges.first?.outcome == .inProgress)

                // Reading again lets it grow.
                #expect(
                    eventually(within: .seconds(60)) {
                        client.readOnce(timeout: .milliseconds(100))
                        return server.bodyBytesWritten > written
                    })
                client.close()
                #expect(eventually { server.sendsWaitingForClient == 0 })
            }
        }
    }
}
