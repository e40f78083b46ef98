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
        /// The consumer's pace reaches the server through TCP: while the consumer sleeps, the server
        /// cannot write, and the client holds no more than its high watermark plus one libcurl write.
        ///
        /// The tests wait for what the code reports, not for time to pass: the stream reports that
        /// its producer, the transfer, waits for the consumer, and the server that its write waits
        /// for the client. From then on, while the consumer sleeps, the transfer reads nothing (its
        /// count of bytes received stays put) and the server writes no more than the buffers
        /// between them hold. A transfer that went on reading would show in any sleep, however short.
        @Suite struct HTTPBackpressureTests {
            /// One libcurl write, the most by which a write can overshoot the high watermark.
            static let oneWrite = 16_384

            /// The server offers 200 MB; the consumer reads 1 MB of events, stops until the transfer
            /// waits for it, sleeps on, then drains the rest. While it sleeps the transfer receives
            /// nothing, the server waits for the client, and what the server wrote stays under what
            /// the consumer took, plus the client's buffer, plus what the kernels and libcurl hold
            /// (explained with the bound below). Then every record arrives, once, in order.
            @Test func aSleepingConsumerStopsTheServer() async throws {
                try await HTTPTestSupport.withServer { server in
                    let feed = NumberedFeed(count: 200_000, recordSize: 1_000)
                    let sendBuffer = 16_384
                    let receiveBuffer = 65_536
                    server.route("/feed.xml", LoopbackResponse(body: feed.pieces(), sendBufferSize: sendBuffer))
                    var configuration = XMLHTTPConfiguration()
                    configuration.socketReceiveBufferSize = receiveBuffer
                    let watermarks = configuration.watermarks
                    let events = XMLEvents(url: server.url("/feed.xml"), configuration: configuration)
                    let progress = events.source.progress

                    var nextRecord = 0
                    var elementCount = 0
                    var outOfOrder = 0
                    var received: (atPause: Int, atWake: Int) = (0, 0)
                    var waited = (transfer: false, server: false)
                    var writtenAtWake = 0
                    var taken = 0
                    var bufferedAtSleep = 0
                    for try await event in events {
                        guard case .startElement(let name, let attributes, _) = event else { continue }
                        elementCount += 1
                        guard name.localName == "r" else { continue }
                        if attributes.first?.value != String(nextRecord) { outOfOrder += 1 }
                        nextRecord += 1
                        if nextRecord == 1_000 {  // 1 MB of records read
                            // The consumer takes nothing more. However slow the machine, the transfer
                            // comes to wait for it, and then the server for the client.
                            waited.transfer = await HTTPTestSupport.eventually(within: .seconds(60)) {
                                progress.isWaitingForConsumer
                            }
                            received.atPause = progress.receivedByteCount
                            bufferedAtSleep = progress.bufferedByteCount
                            taken = progress.decodedByteCount
                            waited.server = await HTTPTestSupport.eventually(within: .seconds(60)) {
                                server.sendsWaitingForClient == 1
                            }
                            // The consumer sleeps on; how long does not matter, since nothing reads.
                            try await Task.sleep(for: .milliseconds(500))
                            received.atWake = progress.receivedByteCount
                            writtenAtWake = server.bodyBytesWritten
                        }
                    }

                    // What may be in flight while the consumer sleeps, beyond what it has taken:
                    // its buffer (the high watermark plus one write), the chunk libcurl holds back when
                    // it pauses (one write), the client's socket receive buffer and the server's send
                    // buffer (each doubled by Linux for its bookkeeping), and 64 KiB for the in-flight
                    // TCP segments and the parser's current chunk.
                    let bound =
                        taken + watermarks.upperBound + 2 * Self.oneWrite + 2 * receiveBuffer + 2 * sendBuffer + 65_536
                    print(
                        "backpressure: taken \(taken), buffered \(bufferedAtSleep), received \(received.atPause) at "
                            + "the pause and \(received.atWake) at wake, server wrote \(writtenAtWake) (bound \(bound)), "
                            + "peak buffered \(progress.peakBufferedByteCount)"
                    )
                    #expect(waited.transfer, "the transfer never waited for the consumer")
                    #expect(waited.server, "the server never waited for the client")
                    #expect(received.atPause == received.atWake, "the transfer kept reading while the consumer slept")
                    #expect(writtenAtWake <= bound)
                    // Paused by the client's buffer: it filled to the high watermark, or the consumer fell
                    // asleep while draining it, which resumes the transfer only at the low watermark.
                    #expect(
                        bufferedAtSleep > watermarks.lowerBound
                            && bufferedAtSleep <= watermarks.upperBound + Self.oneWrite)
                    #expect(progress.peakBufferedByteCount <= watermarks.upperBound + Self.oneWrite)

                    #expect(nextRecord == feed.count)
                    #expect(outOfOrder == 0)
                    #expect(elementCount == feed.count + 1)
                    #expect(progress.decodedByteCount == feed.byteCount)
                    #expect(await HTTPTestSupport.eventually { server.bodyBytesWritten == feed.byteCount })
                }
            }

            /// A transfer paused because the consumer is behind never counts as stalled, however long
            /// the pause outlasts the idle timeout.
            @Test func pausesForTheConsumerAreNotStalls() async throws {
                try await HTTPTestSupport.withServer { server in
                    let feed = NumberedFeed(count: 20_000, recordSize: 1_000)
                    server.route("/feed.xml", LoopbackResponse(body: feed.pieces(), sendBufferSize: 16_384))
                    var configuration = XMLHTTPConfiguration()
                    // A second: between the pauses the server must keep sending within it, which even
                    // a loaded machine does.
                    let idleTimeout = Duration.seconds(1)
                    configuration.idleTimeout = idleTimeout
                    configuration.watermarks = 16_384...65_536
                    configuration.socketReceiveBufferSize = 65_536
                    let chunks = XMLByteSource(httpURL: server.url("/feed.xml"), configuration: configuration)
                    var received = 0
                    var paused = false
                    var receivedWhilePaused: [Int] = []
                    var writtenAtWake = 0
                    for try await chunk in chunks {
                        if received == 0 {
                            // Paused as the stream reports it, whatever the machine's speed; then asleep
                            // for twice the idle timeout. The pause must outlast the timeout, so this
                            // time is the test's subject, and longer would only test more.
                            paused = await HTTPTestSupport.eventually(within: .seconds(60)) {
                                chunks.progress.isWaitingForConsumer
                            }
                            receivedWhilePaused.append(chunks.progress.receivedByteCount)
                            try await Task.sleep(for: idleTimeout * 2)
                            receivedWhilePaused.append(chunks.progress.receivedByteCount)
                            writtenAtWake = server.bodyBytesWritten
                        }
                        received += chunk.count
                    }
                    #expect(received == feed.byteCount)
                    #expect(paused, "the transfer never waited for the consumer")
                    #expect(Set(receivedWhilePaused).count == 1, "received while paused: \(receivedWhilePaused)")
                    #expect(writtenAtWake < 1_000_000)
                    #expect(chunks.progress.peakBufferedByteCount <= 65_536 + Self.oneWrite)
                }
            }
        }
    }
#endif
