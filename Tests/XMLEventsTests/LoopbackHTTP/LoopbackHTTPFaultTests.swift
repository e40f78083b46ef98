import Foundation
import LoopbackHTTP
import Testing

extension LoopbackHTTPTests {
    @Suite("Faults and pacing: drip, stall, close, reset, silence")
    struct Faults {
        static let body = Data(repeating: UInt8(ascii: "x"), count: 1_000)

        @Test func dripSendsOnePiecePerInterval() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route(
                    "/drip",
                    LoopbackResponse(
                        body: .data(Data(Self.body.prefix(50))),
                        framing: .chunked,
                        pacing: .drip(bytes: 10, every: .milliseconds(60))
                    )
                )
                let started = ContinuousClock.now
                let response = try RawHTTPClient.fetch(server.port, "/drip")
                let elapsed = ContinuousClock.now - started
                #expect(response.chunkSizes == [10, 10, 10, 10, 10])
                #expect(response.isComplete)
                // Four pauses between five pieces; none after the last. The pace is the feature, so
                // its time is checked, one-sided: the server cannot finish sooner (it waits on the
                // monotonic clock after the request arrived), and a busy machine only makes it
                // later. The pieces themselves show in the chunk sizes above.
                #expect(elapsed >= .milliseconds(4 * 60 - 10))
            }
        }

        @Test func stallSendsNothingForItsDurationThenTheRest() throws {
            try LoopbackHTTPTests.withServer { server in
                let stall = LoopbackResponse.Fault.stall(afterBodyBytes: 100, for: .seconds(1))
                server.route("/stall", LoopbackResponse(body: .data(Self.body), fault: stall))
                let client = try RawHTTPClient(port: server.port)
                let requested = ContinuousClock.now
                try client.sendRequest("GET", "/stall")
                let head = try client.readHead()
                try client.read(untilBuffered: 100)
                #expect(client.buffer.count == 100)
                // The next byte comes only once the stall is over: a second after the request at the
                // least, since the stall began after the request had arrived. The stall's length is
                // the feature, so its time is checked, one-sided: a busy machine only makes it later.
                #expect(client.readOnce(timeout: RawHTTPClient.patience) != .timedOut)
                #expect(ContinuousClock.now - requested >= .seconds(1))
                let response = try client.readBody(of: head)
                #expect(response.body == Self.body)
                #expect(response.isComplete)
            }
        }

        @Test func indefiniteStallHoldsTheConnectionUntilStopEndsItPromptly() throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            let hang = LoopbackResponse.Fault.stallIndefinitely(afterBodyBytes: 0)
            server.route("/hang", LoopbackResponse(body: .data(Self.body), fault: hang))
            let client = try RawHTTPClient(port: server.port)
            try client.sendRequest("GET", "/hang")
            let head = try client.readHead()
            #expect(head.header("Content-Length") == "1000")
            // The stall never ends: nothing can come, however late the look.
            #expect(client.readOnce(timeout: .milliseconds(200)) == .timedOut)
            #expect(server.openConnections == 1)

            let stopping = ContinuousClock.now
            server.stop()
            // The stall would hold stop forever; a bound of a minute proves stop ended it without
            // timing the machine.
            #expect(ContinuousClock.now - stopping < .seconds(60))
            #expect(client.buffer.isEmpty)
            #expect(client.readToEnd() != .timedOut)
            #expect(server.exchanges.first?.outcome == .serverStopped)
            #expect(server.openConnections == 0)
        }

        @Test(arguments: [LoopbackResponse.Framing.automatic, .chunked])
        func closeMidBodyLeavesTheFramingUnmet(framing: LoopbackResponse.Framing) throws {
            try LoopbackHTTPTests.withServer { server in
                server.route(
                    "/cut",
                    LoopbackResponse(body: .data(Self.body), framing: framing, fault: .close(afterBodyBytes: 300))
                )
                let response = try RawHTTPClient.fetch(server.port, "/cut")
                #expect(response.status == 200)
                if framing == .automatic { #expect(response.header("Content-Length") == "1000") }
                if framing == .chunked { #expect(response.header("Transfer-Encoding") == "chunked") }
                #expect(response.body == Self.body.prefix(300))
                #expect(!response.isComplete)
                #expect(response.ending == .closed)
                #expect(eventually { server.exchanges.first?.outcome == .faultInjected })
                #expect(server.exchanges.first?.bodyBytesWritten == 300)
            }
        }

        @Test func resetMidBodyEndsTheConnectionWithAnError() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/reset", LoopbackResponse(body: .data(Self.body), fault: .reset(afterBodyBytes: 300)))
                let client = try RawHTTPClient(port: server.port)
                try client.sendRequest("GET", "/reset")
                // The RST may overtake bytes still in flight, even the head, so only the ending is sure.
                #expect(client.readToEnd() == .reset)
                #expect(client.bytesReceived <= 300 + 200)
                #expect(eventually { server.exchanges.first?.outcome == .faultInjected })
            }
        }

        @Test func neverRespondReadsTheRequestAndStaysSilentUntilTheClientLeaves() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/silent", LoopbackResponse(body: .text("never sent"), fault: .neverRespond))
                let client = try RawHTTPClient(port: server.port)
                try client.sendRequest("POST", "/silent", body: Data("payload".utf8))
                // The route never answers: nothing can come, however late the look.
                #expect(client.readOnce(timeout: .milliseconds(300)) == .timedOut)
                #expect(server.requestCount(for: "/silent") == 1)
                #expect(server.openConnections == 1)
                client.close()
                #expect(eventually { server.openConnections == 0 })
                #expect(server.exchanges.first?.outcome == .clientDisconnected)
                #expect(server.exchanges.first?.bytesWritten == 0)
            }
        }
    }
}
