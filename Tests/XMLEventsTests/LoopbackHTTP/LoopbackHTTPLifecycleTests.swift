import Foundation
import LoopbackHTTP
import Synchronization
import Testing

@testable import LoopbackHTTP

extension LoopbackHTTPTests {
    @Suite("Lifecycle: concurrency, keep-alive, stop, leaks")
    struct Lifecycle {
        /// Counts arrivals, for a route whose handlers wait for one another.
        final class Turnstile: Sendable {
            let arrived = Atomic<Int>(0)
        }

        @Test func twoHundredConnectionsAreServedConcurrently() throws {
            let clientCount = 200
            let turnstile = Turnstile()
            try LoopbackHTTPTests.withServer { server in
                // Every handler waits until all have arrived: this only finishes if all 200
                // requests are being served at the same time. (A handler gives up after a minute
                // and says so; the clients wait longer, to hear it.)
                server.route("/together") { _ in
                    turnstile.arrived.add(1, ordering: .relaxed)
                    let all = eventually {
                        turnstile.arrived.load(ordering: .relaxed) >= clientCount
                    }
                    return LoopbackResponse(body: .text(all ? "together" : "alone"))
                }
                let clients = try (0..<clientCount).map { _ in try RawHTTPClient(port: server.port) }
                for client in clients { try client.sendRequest("GET", "/together") }
                let responses = try clients.map { try $0.readResponse(timeout: RawHTTPClient.patience * 2) }
                #expect(responses.allSatisfy { $0.text == "together" })
                #expect(server.connectionsAccepted == clientCount)
                #expect(server.requestCount(for: "/together") == clientCount)
                for client in clients { client.close() }
                #expect(eventually { server.openConnections == 0 })
            }
        }

        @Test func keptAliveConnectionServesSequentialAndPipelinedRequests() throws {
            try LoopbackHTTPTests.withServer(.init(keepAlive: true)) { server in
                server.route("/one", LoopbackResponse(body: .text("one")))
                server.route("/two", LoopbackResponse(body: .stream([Data("t".utf8), Data("wo".utf8)])))
                let client = try RawHTTPClient(port: server.port)
                try client.sendRequest("GET", "/one")
                let first = try client.readResponse()
                try client.send(Array("GET /two HTTP/1.1\r\nHost: x\r\n\r\nGET /one HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                let second = try client.readResponse()
                let third = try client.readResponse()
                try client.sendRequest("GET", "/one", headers: ["Connection: close"])
                let last = try client.readResponse()

                #expect([first.text, second.text, third.text, last.text] == ["one", "two", "one", "one"])
                #expect(first.header("Connection") == nil)
                #expect(second.header("Transfer-Encoding") == "chunked")
                #expect(last.header("Connection") == "close")
                #expect(client.readToEnd() == .closed)
                #expect(server.connectionsAccepted == 1)
            }
        }

        @Test func stopWithBusyConnectionsReturnsPromptlyAndReleasesEverything() throws {
            let server = try LoopbackServer()
            let port = server.port
            let prefix = server.threadNamePrefix
            let hang = LoopbackResponse.Fault.stallIndefinitely(afterBodyBytes: 3)
            server.route("/stall", LoopbackResponse(body: .text("stalled"), fault: hang))
            server.route("/silent", LoopbackResponse(fault: .neverRespond))
            server.route(
                "/drip", LoopbackResponse(body: .text("slowly"), pacing: .drip(bytes: 1, every: .seconds(600))))
            server.route(
                "/big",
                LoopbackResponse(body: .repeating(Data("z".utf8), totalBytes: 1_000_000_000), sendBufferSize: 4_096)
            )
            let clients = try (0..<5).map { _ in try RawHTTPClient(port: port, receiveBufferSize: 4_096) }
            for (client, path) in zip(clients, ["/stall", "/silent", "/drip", "/big"]) {
                try client.sendRequest("GET", path)
            }
            // The fifth client sends nothing: its thread waits in recv.
            #expect(eventually { server.openConnections == 5 && server.exchanges.count == 4 })
            #expect(ProcessResources.threads(namedWithPrefix: prefix).count == 6)
            // The listener and the five accepted connections.
            let serverSockets = ProcessResources.socketInodes(onLocalPort: port)
            #expect(serverSockets.count == 6)

            let stopping = ContinuousClock.now
            server.stop()
            // Stop wakes every thread through its stop signal; what it must not do is wait for the
            // drip's next byte (10 minutes away) or for a stall or a send that never ends. A
            // minute proves that without timing the machine.
            #expect(ContinuousClock.now - stopping < .seconds(60))
            #expect(ProcessResources.threads(namedWithPrefix: prefix).isEmpty)
            #expect(ProcessResources.openSocketInodes().isDisjoint(with: serverSockets), "the listener is closed too")
            #expect(server.openConnections == 0)
            for client in clients { #expect(client.readToEnd() != .timedOut) }
            server.stop()
        }

        #if os(Linux)
            /// Counted in a process of its own (see ``IsolatedMeasurement``): the other suites' threads
            /// and descriptors come and go in this one.
            @Test func startStopCyclesLeaveDescriptorsAndThreadsFlat() async throws {
                let figures = try await Self.startStopCycles.run()
                #expect(
                    figures["failedCycles"] == 0, "a cycle left a thread or socket of its server, or was not served")
                let descriptorGrowth = try #require(figures["descriptorGrowth"])
                let threadGrowth = try #require(figures["threadGrowth"])
                #expect(
                    descriptorGrowth <= 0 && threadGrowth <= 0,
                    "descriptors \(descriptorGrowth), threads \(threadGrowth)")
            }

            /// 50 servers started, loaded with a stalled, an idle and a served connection, and stopped.
            static let startStopCycles = IsolatedMeasurement(name: "loopback.startStopCycles") {
                /// Whether one server's life went as it should and left nothing of its own behind.
                func cycle() throws -> Bool {
                    let server = try LoopbackServer()
                    let hang = LoopbackResponse.Fault.stallIndefinitely(afterBodyBytes: 1)
                    server.route("/stall", LoopbackResponse(body: .text("abc"), fault: hang))
                    let stalled = try RawHTTPClient(port: server.port)
                    try stalled.sendRequest("GET", "/stall")
                    let idle = try RawHTTPClient(port: server.port)
                    let served = try RawHTTPClient.fetch(server.port, "/missing")
                    let settled = eventually { server.openConnections == 2 && server.exchanges.count == 2 }
                    let serverSockets = ProcessResources.socketInodes(onLocalPort: server.port)
                    server.stop()
                    let threadsLeft = ProcessResources.threads(namedWithPrefix: server.threadNamePrefix).count
                    let socketsLeft = ProcessResources.openSocketInodes().intersection(serverSockets).count
                    stalled.close()
                    idle.close()
                    return settled && served.status == 404 && serverSockets.count == 3 && threadsLeft == 0
                        && socketsLeft == 0
                }
                var failedCycles = try cycle() ? 0 : 1  // Also warms up what the runtime allocates once.
                let descriptors = ProcessResources.descriptorCount()
                let threads = ProcessResources.threadCount()
                for _ in 0..<50 {
                    if try !cycle() { failedCycles += 1 }
                }
                _ = eventually {
                    ProcessResources.descriptorCount() <= descriptors && ProcessResources.threadCount() <= threads
                }
                return [
                    "failedCycles": failedCycles,
                    "descriptorGrowth": ProcessResources.descriptorCount() - descriptors,
                    "threadGrowth": ProcessResources.threadCount() - threads,
                ]
            }
        #endif

        @Test func droppingTheServerStopsIt() throws {
            var server: LoopbackServer? = try LoopbackServer()
            let port = try #require(server?.port)
            let prefix = try #require(server?.threadNamePrefix)
            let idle = try RawHTTPClient(port: port)
            #expect(eventually { server?.openConnections == 1 })
            let serverSockets = ProcessResources.socketInodes(onLocalPort: port)
            #expect(serverSockets.count == 2)
            server = nil
            #expect(ProcessResources.threads(namedWithPrefix: prefix).isEmpty)
            #expect(idle.readToEnd() == .closed)
            #expect(ProcessResources.openSocketInodes().isDisjoint(with: serverSockets), "the listener is closed too")
        }

        @Test func concurrentStopsAllReturnOnceStopped() async throws {
            let server = try LoopbackServer()
            let prefix = server.threadNamePrefix
            let idle = try RawHTTPClient(port: server.port)
            #expect(eventually { server.openConnections == 1 })
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        server.stop()
                        #expect(ProcessResources.threads(namedWithPrefix: prefix).isEmpty)
                    }
                }
            }
            idle.close()
        }
    }
}
