#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension HTTPTests {
        /// The consumer's pace reaches the server through TCP: while the consumer sleeps, the server
        /// cannot write, and the client holds no more than its high watermark plus one libcurl write.
        ///
        /// Serialized: the proof times a sleep, which a busy neighbour would only lengthen, but its
        /// 200 MB deserve the machine to themselves.
        @Suite struct HTTPBackpressureTests {
            /// One libcurl write, the most by which a write can overshoot the high watermark.
            static let oneWrite = 16_384

            /// The server offers 200 MB; the consumer reads 1 MB of events, sleeps 3 s, then drains the
            /// rest. During the sleep the server's count of written body bytes stops growing, and it
            /// stays under what the consumer took, plus the client's buffer, plus what the kernels and
            /// libcurl hold (explained with the bound below). Then every record arrives, once, in order.
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
                    var written: (afterOneSecond: Int, atWake: Int) = (0, 0)
                    var taken = 0
                    var bufferedAtSleep = 0
                    for try await event in events {
                        guard case .startElement(let name, let attributes, _) = event else { continue }
                        elementCount += 1
                        guard name.localName == "r" else { continue }
                        if attributes.first?.value != String(nextRecord) { outOfOrder += 1 }
                        nextRecord += 1
                        if nextRecord == 1_000 {  // 1 MB of records read
                            // The sleeps are the scenario, a consumer asleep. The first reading waits a
                            // second for what the kernels and libcurl can take, a few hundred KB on
                            // loopback; a server slower than that would only make the count look flat
                            // sooner, and the bound below holds whenever it is read.
                            try await Task.sleep(for: .seconds(1))
                            written.afterOneSecond = server.bodyBytesWritten
                            bufferedAtSleep = progress.bufferedByteCount
                            taken = progress.decodedByteCount
                            try await Task.sleep(for: .seconds(2))
                            written.atWake = server.bodyBytesWritten
                        }
                    }

                    // What may be in flight while the consumer sleeps, beyond what it has taken:
                    // its buffer (the high watermark plus one write), the chunk libcurl holds back when
                    // it pauses (one write), the client's socket receive buffer and the server's send
                    // buffer (each doubled by Linux for its bookkeeping), and 64 KiB for the in-flight
                    // TCP segments and the parser's current chunk.
                    let bound =
                        taken + watermarks.high + 2 * Self.oneWrite + 2 * receiveBuffer + 2 * sendBuffer + 65_536
                    print(
                        "backpressure: taken \(taken), buffered \(bufferedAtSleep), server wrote \(written.afterOneSecond) "
                            + "after 1 s and \(written.atWake) after 3 s (bound \(bound)), peak buffered \(progress.peakBufferedByteCount)"
                    )
                    #expect(
                        written.afterOneSecond == written.atWake, "the server kept writing while the consumer slept")
                    #expect(written.atWake <= bound)
                    // Paused by the client's buffer: it filled to the high watermark, or the consumer fell
                    // asleep while draining it, which resumes the transfer only at the low watermark.
                    #expect(bufferedAtSleep > watermarks.low && bufferedAtSleep <= watermarks.high + Self.oneWrite)
                    #expect(progress.peakBufferedByteCount <= watermarks.high + Self.oneWrite)

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
                    configuration.idleTimeout = .milliseconds(200)
                    configuration.watermarks = XMLByteChunkStream.Watermarks(low: 16_384, high: 65_536)
                    configuration.socketReceiveBufferSize = 65_536
                    let chunks = XMLHTTPChunks(url: server.url("/feed.xml"), configuration: configuration)
                    var received = 0
                    var writtenWhilePaused: [Int] = []
                    for try await chunk in chunks {
                        if received == 0 {
                            // A second asleep: five times the idle timeout, at the least. The first
                            // reading comes after 400 ms, by when the server has long filled what the
                            // buffers take; the three after it must not move.
                            try await Task.sleep(for: .milliseconds(400))
                            for _ in 0..<4 {
                                writtenWhilePaused.append(server.bodyBytesWritten)
                                try await Task.sleep(for: .milliseconds(200))
                            }
                        }
                        received += chunk.count
                    }
                    #expect(received == feed.byteCount)
                    #expect(Set(writtenWhilePaused).count == 1, "paused: \(writtenWhilePaused)")
                    #expect(writtenWhilePaused.last ?? 0 < 1_000_000)
                    #expect(chunks.progress.peakBufferedByteCount <= 65_536 + Self.oneWrite)
                }
            }
        }
    }
#endif
