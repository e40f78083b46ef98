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
        /// A server that trickles (a byte every 2 s, in the body, in a header line, in a
        /// `100 Continue`) keeps the idle timeout happy; the total timeout stops it, with a typed
        /// error. That it stopped early is read from the server (which drips on a thread of its
        /// own, in real time), not from the test's clock, which a busy machine may delay.
        @Suite struct HTTPDeadlineTests {
            /// Far within the default idle timeout (a minute) a byte, far slower than the deadline.
            static let trickle = LoopbackResponse.Pacing.drip(bytes: 1, every: .seconds(2))
            /// Within an idle timeout of a second a byte, but a header line takes seconds.
            static let drip = LoopbackResponse.Pacing.drip(bytes: 1, every: .milliseconds(200))
            static let deadline = Duration.seconds(1)

            private static func deadlined() -> XMLHTTPConfiguration {
                var configuration = XMLHTTPConfiguration()
                configuration.totalTimeout = deadline
                return configuration
            }

            /// The server's count that shows how far the trickle got: body bytes, or all bytes for a
            /// trickled head (which alone is more than 50 bytes).
            static let trickles: [(String, LoopbackResponse)] = [
                ("body", LoopbackResponse(body: .text(String(repeating: " ", count: 100) + "<r/>"), pacing: trickle)),
                ("header line", LoopbackResponse(body: .text("<r/>"), headPacing: trickle)),
                ("100 Continue", LoopbackResponse(body: .text("<r/>"), headPacing: trickle, interimStatuses: [100])),
            ]

            @Test(arguments: trickles)
            func trickleIsStoppedByTheTotalTimeout(_ name: String, response: LoopbackResponse) async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/slow.xml", response)
                    let url = server.url("/slow.xml")
                    let clock = ContinuousClock()
                    let start = clock.now
                    let error = await HTTPTestSupport.error {
                        for try await _ in XMLEvents(url: url, configuration: Self.deadlined()) {}
                    }
                    let elapsed = clock.now - start
                    #expect(error as? XMLHTTPError == .totalTimeoutExceeded(url: url, after: Self.deadline), "\(name)")
                    #expect(elapsed >= Self.deadline, "\(name): \(elapsed)")
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 }, "\(name)")
                    // 40 bytes take the server 78 s: only a client that never left gets them.
                    let sent = name == "body" ? server.bodyBytesWritten : server.bytesWritten
                    #expect(sent < 40, "\(name): the server sent \(sent) bytes before the client left")
                }
            }

            /// Without a total timeout, the same trickled header line fails by the idle timeout, which
            /// says what happened: the head came too slowly, not "nothing".
            @Test func trickledHeaderLineIsTooSlowNotSilent() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/slow.xml", LoopbackResponse(body: .text("<r/>"), headPacing: Self.drip))
                    server.route("/silent.xml", LoopbackResponse(body: .text("<r/>"), fault: .neverRespond))
                    var configuration = XMLHTTPConfiguration()
                    configuration.idleTimeout = .seconds(1)
                    let slow = server.url("/slow.xml")
                    let slowError = await HTTPTestSupport.error {
                        _ = try await XMLByteSource.start(URLRequest(url: slow), configuration: configuration)
                    }
                    #expect(slowError as? XMLHTTPError == .headerTooSlow(url: slow, after: .seconds(1)))
                    #expect(String(describing: slowError).contains("too slowly"))
                    let silent = server.url("/silent.xml")
                    let silentError = await HTTPTestSupport.error {
                        _ = try await XMLByteSource.start(URLRequest(url: silent), configuration: configuration)
                    }
                    #expect(silentError as? XMLHTTPError == .stalled(url: silent, after: .seconds(1)))
                }
            }

            /// The total timeout counts pauses for the consumer too: a consumer that sleeps past it
            /// reads what was received, then the error.
            @Test func theTotalTimeoutCountsTheConsumersPauses() async throws {
                try await HTTPTestSupport.withServer { server in
                    let feed = NumberedFeed(count: 20_000, recordSize: 1_000)
                    server.route("/feed.xml", LoopbackResponse(body: feed.pieces(), sendBufferSize: 16_384))
                    let url = server.url("/feed.xml")
                    var received = 0
                    let error = await HTTPTestSupport.error {
                        for try await chunk in XMLByteSource(httpURL: url, configuration: Self.deadlined()) {
                            if received == 0 { try await Task.sleep(for: Self.deadline + .milliseconds(300)) }
                            received += chunk.count
                        }
                    }
                    #expect(error as? XMLHTTPError == .totalTimeoutExceeded(url: url, after: Self.deadline))
                    #expect(received > 0 && received < feed.byteCount)
                }
            }

            /// A transfer that ends in time is not affected (a deadline far from a busy machine's
            /// worst case).
            @Test func aTransferWithinItsDeadlineSucceeds() async throws {
                try await HTTPTestSupport.withServer { server in
                    let (_, data, _) = HTTPTestSupport.corpus(2_000_000)
                    server.route("/doc.xml", LoopbackResponse(body: .data(data), contentEncoding: .gzip))
                    let body = try await HTTPTestSupport.collect(
                        XMLByteSource(
                            httpURL: server.url("/doc.xml"),
                            configuration: XMLHTTPConfiguration(totalTimeout: .seconds(60))
                        ))
                    #expect(body == data)
                }
            }
        }
    }
#endif
