import ThreadSafety

#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsInput
    @testable import XMLEventsHTTP

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension HTTPTests {
        /// Leaving the loop or cancelling the task aborts the transfer and closes its connection at
        /// once, and a thousand of them leave nothing behind.
        ///
        /// Serialized, because two of them count the threads, descriptors and memory of the process.
        @Suite struct HTTPCancellationTests {
            /// A body the server cannot finish while the client is not reading: 100 MB through a small
            /// send buffer.
            private static func endlessFeed(_ server: LoopbackServer) -> URL {
                let feed = NumberedFeed(count: 100_000, recordSize: 1_000)
                server.route("/feed.xml", LoopbackResponse(body: feed.pieces(), sendBufferSize: 16_384))
                return server.url("/feed.xml")
            }

            /// Waits until this process holds no connection to `server` any more, and prints how long
            /// that took. Nothing but the cancellation can close it: the transfer is paused for the
            /// consumer (which never times out) or waits on a server that never answers, with an
            /// idle timeout of 10 minutes, so the wait's limit is a guard against a hang, not a
            /// measure of speed.
            private static func closesItsConnection(_ server: LoopbackServer, after event: String) async -> Bool {
                let clock = ContinuousClock()
                let start = clock.now
                let closed = await HTTPTestSupport.eventually(within: .seconds(60)) {
                    HTTPProcessProbe.clientConnections(toPort: server.port) == 0
                }
                if closed { print("connection closed \(clock.now - start) after \(event)") }
                return closed
            }

            /// An idle timeout that cannot end a transfer while a test waits for its cancellation.
            private static var patient: XMLHTTPConfiguration {
                var configuration = XMLHTTPConfiguration()
                configuration.idleTimeout = .seconds(600)
                return configuration
            }

            @Test func leavingTheLoopClosesTheConnection() async throws {
                try await HTTPTestSupport.withServer { server in
                    let url = Self.endlessFeed(server)
                    var records = 0
                    var connectedBefore = 0
                    for try await event in XMLEvents(url: url, configuration: Self.patient) {
                        if case .startElement(let name, _, _) = event, name.localName == "r" { records += 1 }
                        if records == 10 {
                            connectedBefore = HTTPProcessProbe.clientConnections(toPort: server.port)
                            break
                        }
                    }
                    // The probe sees the connection while it is open, so its going is seen too.
                    #expect(connectedBefore == 1)
                    #expect(await Self.closesItsConnection(server, after: "the loop ended"))
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 })
                    #expect(server.bodyBytesWritten < 10_000_000)
                }
            }

            @Test func cancellingTheTaskClosesTheConnection() async throws {
                try await HTTPTestSupport.withServer { server in
                    let url = Self.endlessFeed(server)
                    let started = LockedState(false)
                    let reader = Task {
                        for try await _ in XMLEvents(url: url, configuration: Self.patient) {
                            started.withLock { $0 = true }
                        }
                    }
                    #expect(await HTTPTestSupport.eventually { started.withLock { $0 } })
                    #expect(HTTPProcessProbe.clientConnections(toPort: server.port) == 1)
                    reader.cancel()
                    let outcome = await reader.result
                    #expect(throws: CancellationError.self) { try outcome.get() }
                    #expect(await Self.closesItsConnection(server, after: "the task was cancelled"))
                }
            }

            @Test func cancellingWhileWaitingForTheResponseEndsAtOnce() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/slow.xml", LoopbackResponse(body: .text("<a/>"), fault: .neverRespond))
                    let url = server.url("/slow.xml")
                    let waiter = Task {
                        let (response, _) = try await XMLByteSource.start(
                            URLRequest(url: url), configuration: Self.patient)
                        return response
                    }
                    #expect(await HTTPTestSupport.eventually { server.requestCount(for: "/slow.xml") == 1 })
                    #expect(HTTPProcessProbe.clientConnections(toPort: server.port) == 1)
                    waiter.cancel()
                    // Only the cancellation can end the wait: the server never answers, and the idle
                    // timeout would throw `stalled`, 10 minutes later.
                    let outcome = await waiter.result
                    #expect(throws: CancellationError.self) { _ = try outcome.get() }
                    #expect(await Self.closesItsConnection(server, after: "the wait was cancelled"))
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 })
                }
            }

            /// One start-then-cancel cycle: half leave the loop after the first chunk, half cancel their
            /// task right after starting it, before or after the request went out.
            private static func cycle(_ index: Int, url: URL) async {
                if index.isMultiple(of: 2) {
                    _ = await HTTPTestSupport.error {
                        for try await _ in XMLByteSource(httpURL: url) { break }
                    }
                } else {
                    let reader = Task {
                        for try await _ in XMLByteSource(httpURL: url) {}
                    }
                    if index % 4 == 3 { await Task.yield() }
                    reader.cancel()
                    _ = await reader.result
                }
            }

            /// Measured in a process of its own (``IsolatedMeasurement``), so that other suites'
            /// threads, descriptors and memory do not count.
            @Test func aThousandCancelledTransfersLeaveNothingBehind() async throws {
                let figures = try await Self.thousandCancelledTransfers.run()
                #expect(figures["closedBefore"] == 1)
                #expect(figures["settledAfter"] == 1)
                #expect(figures["ioThreads"] == 1)
                let threadGrowth = try #require(figures["threadGrowth"])
                let descriptorGrowth = try #require(figures["descriptorGrowth"])
                let memoryGrowth = try #require(figures["memoryGrowth"])
                print(
                    "1,000 cancelled transfers: threads \(threadGrowth), descriptors \(descriptorGrowth), RSS \(memoryGrowth) B"
                )
                let grownKinds = figures.filter { $0.key.hasPrefix("more descriptors") }.sorted { $0.key < $1.key }
                #expect(
                    threadGrowth <= 0 && descriptorGrowth <= 0,
                    "threads \(threadGrowth), descriptors \(descriptorGrowth): \(grownKinds)")
                // A sanitizer's shadow memory, quarantine and access history grow by design.
                if !SanitizerDetection.isActive { #expect(memoryGrowth < 16 << 20) }
                // Each cycle that leaves the loop after the first chunk was answered.
                #expect(figures["requests", default: 0] >= 500)
            }

            /// 1,000 cycles counted against a baseline taken after 100 of the same cycles and the same
            /// wait, so that whatever the process makes once and keeps is in the baseline; then the
            /// counts must come back to it, a single descriptor more failing.
            static let thousandCancelledTransfers = IsolatedMeasurement(name: "http.thousandCancelledTransfers") {
                try await HTTPTestSupport.withServer { server in
                    let url = Self.endlessFeed(server)
                    for index in 0..<100 { await Self.cycle(index, url: url) }
                    let closedBefore = Self.settle(server, threads: .max, descriptors: .max)
                    let threads = HTTPProcessProbe.threadCount
                    let descriptors = HTTPProcessProbe.descriptorCount
                    let descriptorKinds = HTTPProcessProbe.descriptorKinds
                    let memory = HTTPProcessProbe.residentBytes
                    let requestsBefore = server.requestCount(for: "/feed.xml")

                    for index in 0..<1_000 { await Self.cycle(index, url: url) }

                    let settledAfter = Self.settle(server, threads: threads, descriptors: descriptors)
                    var figures: IsolatedMeasurement.Figures = [
                        "closedBefore": closedBefore ? 1 : 0,
                        "settledAfter": settledAfter ? 1 : 0,
                        "ioThreads": HTTPProcessProbe.threads(named: "xmlevents-http"),
                        "threadGrowth": HTTPProcessProbe.threadCount - threads,
                        "descriptorGrowth": HTTPProcessProbe.descriptorCount - descriptors,
                        "memoryGrowth": HTTPProcessProbe.residentBytes - memory,
                        "requests": server.requestCount(for: "/feed.xml") - requestsBefore,
                    ]
                    for (kind, count) in HTTPProcessProbe.descriptorKinds
                    where count > descriptorKinds[kind, default: 0] {
                        figures["more descriptors: \(kind)"] = count - descriptorKinds[kind, default: 0]
                    }
                    return figures
                }
            }

            /// Waits until every connection to `server` is closed on both sides and the process holds
            /// no more than `threads` threads and `descriptors` descriptors (threads of the
            /// concurrency pool come and go; a leak is what stays); whether it came to that. The
            /// guard of a minute only turns a hang or a leak into a failure.
            ///
            /// It polls with a blocking sleep, not a task's: a task's sleep arms a Dispatch timer,
            /// and Dispatch opens a clock's timer descriptor the first time one is armed on it, which
            /// a short sleep on a loaded machine may not do (its deadline has passed when it comes to
            /// be armed), so that the wait itself added a descriptor, once, at a moment load chose.
            private static func settle(_ server: LoopbackServer, threads: Int, descriptors: Int) -> Bool {
                let deadline = ContinuousClock.now.advanced(by: .seconds(60))
                while ContinuousClock.now < deadline {
                    if server.openConnections == 0, HTTPProcessProbe.clientConnections(toPort: server.port) == 0,
                        HTTPProcessProbe.threadCount <= threads, HTTPProcessProbe.descriptorCount <= descriptors
                    {
                        return true
                    }
                    usleep(2_000)
                }
                return false
            }
        }
    }
#endif
