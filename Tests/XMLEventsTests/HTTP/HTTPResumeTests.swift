#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    extension HTTPTests {
        /// A transfer that breaks off mid-body goes on from the byte it reached, against real servers
        /// that cut their responses where it hurts: the consumer gets exactly the events of the
        /// whole document, as parsed from a file, none lost and none twice.
        @Suite struct HTTPResumeTests {
            typealias Cut = LoopbackRangedDocument.Cut

            /// Cuts inside a multi-byte character, at a multiple of 4 KiB (between two steps of the
            /// parser), inside a start tag, at the end of one libcurl read: with FIN, every byte sent
            /// arrives, so each continuation starts exactly at its cut; with RST, what was in flight
            /// may be lost, and the continuation starts where the bytes that did arrive end.
            @Test(arguments: [Cut.Kind.close, .reset])
            func cutsAtChosenOffsetsAreResumed(kind: Cut.Kind) async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(300_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let offsets = [
                        try ResumeSupport.insideMultiByteCharacter(of: data, from: 5_000),
                        3 * 4_096,
                        try ResumeSupport.insideStartTag(of: data, from: 40_000),
                        100_000,
                        100_000 + 16_384,
                        250_001,
                    ]
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag),
                        cuts: offsets.map { Cut(offset: $0, kind: kind) })
                    server.route("/doc.xml", document)
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: ResumeSupport.configuration())
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(String(describing: error))")
                    #expect(received == reference)
                    let progress = events.source.progress
                    #expect(progress.resumptionCount == offsets.count)
                    #expect(progress.resumptionAttemptCount == offsets.count)
                    #expect(progress.receivedByteCount == data.count)
                    #expect(progress.expectedByteCount == data.count)
                    #expect(progress.isFinished)

                    let requests = document.requests
                    try #require(requests.count == offsets.count + 1)
                    #expect(requests[0].range == nil && requests[0].status == 200)
                    var previous = 0
                    for (request, cut) in zip(requests.dropFirst(), offsets) {
                        let start = try #require(request.firstByte)
                        #expect(request.status == 206)
                        #expect(request.range == "bytes=\(start)-")
                        #expect(request.ifRange == ResumeSupport.entityTag)
                        #expect(start > previous || (start == previous && kind == .reset))
                        #expect(kind == .reset ? start <= cut : start == cut)
                        previous = start
                    }
                    if kind == .close {
                        // Nothing was sent twice: each continuation began at the first byte not yet sent.
                        #expect(server.bodyBytesWritten == data.count)
                    }
                }
            }

            /// A server silent past the idle timeout, the connection open: the transfer drops it and
            /// asks for the rest.
            @Test func aStallPastTheIdleTimeoutIsResumed() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(120_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.stall(at: 50_000)])
                    server.route("/doc.xml", document)
                    // A second: the server must send the 50,000 bytes before the stall within it,
                    // which even a loaded machine does.
                    var configuration = ResumeSupport.configuration()
                    configuration.idleTimeout = .seconds(1)
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: configuration)
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(String(describing: error))")
                    #expect(received == reference)
                    #expect(events.source.progress.resumptionCount == 1)
                    #expect(document.requests.map(\.range) == [nil, "bytes=50000-"])
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 })
                }
            }

            /// A chunked first response has no length; the continuations' `Content-Range` gives it.
            @Test func aChunkedBodyIsResumedAndLearnsItsLength() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(150_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag),
                        cuts: [.close(at: 30_000), .reset(at: 90_000)], framing: .chunked)
                    server.route("/doc.xml", document)
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: ResumeSupport.configuration())
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(String(describing: error))")
                    #expect(received == reference)
                    #expect(events.source.progress.resumptionCount == 2)
                    #expect(events.source.progress.expectedByteCount == data.count)
                }
            }

            /// Without an entity tag, a `Last-Modified` a second or more older than the `Date` is the
            /// validator `If-Range` carries.
            @Test func aStrongLastModifiedServesWhenThereIsNoEntityTag() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(80_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let modified = "Sun, 06 Nov 1994 08:49:37 GMT"
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, lastModified: modified), cuts: [.close(at: 40_000)])
                    server.route("/doc.xml", document)
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: ResumeSupport.configuration())
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(String(describing: error))")
                    #expect(received == reference)
                    #expect(document.requests.map(\.ifRange) == [nil, modified])
                }
            }

            static let codings: [(LoopbackResponse.ContentEncoding, XMLHTTPContentCoding)] = [
                (.gzip, .gzip), (.deflate, .deflate), (.zstd, .zstd), (.brotli, .brotli),
            ]

            /// A compressed body is resumed over its coded bytes, which ranges address: the
            /// continuation's bytes go on with the same coded stream, into the same decoder.
            @Test(arguments: codings)
            func codedBodiesAreResumedIntoTheSameDecoder(
                encoding: LoopbackResponse.ContentEncoding, coding: XMLHTTPContentCoding
            ) async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(400_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let coded = try encoding.encode(.data(data))
                    let offsets = [coded.count / 5, 2 * coded.count / 5 + 1, 3 * coded.count / 5 + 7]
                    let document = LoopbackRangedDocument(
                        .init(bytes: coded, entityTag: ResumeSupport.entityTag, contentEncoding: coding.rawValue),
                        cuts: [.close(at: offsets[0]), .reset(at: offsets[1]), .close(at: offsets[2])])
                    server.route("/doc.xml", document)
                    let events = XMLEvents(
                        url: server.url("/doc.xml"), configuration: ResumeSupport.configuration(codings: [coding]))
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(coding): \(String(describing: error))")
                    #expect(received == reference, "\(coding)")
                    let progress = events.source.progress
                    #expect(progress.resumptionCount == 3)
                    #expect(progress.receivedByteCount == coded.count)
                    #expect(progress.decodedByteCount == data.count)
                }
            }

            /// A hundred concurrent transfers, each cut five times (FIN and RST in turn, at offsets
            /// of its own): every one delivers the events of the file.
            @Test func aHundredTransfersCutFiveTimesEachAreAllCorrect() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let documents = (0..<100).map { index in
                        let cuts = (1...5).map { step in
                            Cut(
                                offset: step * 9_000 + (index * 37 + step * 101) % 4_000,
                                kind: step % 2 == 0 ? .reset : .close)
                        }
                        return LoopbackRangedDocument(
                            .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: cuts)
                    }
                    for (index, document) in documents.enumerated() { server.route("/doc\(index).xml", document) }
                    let configuration = ResumeSupport.configuration()
                    let outcomes = await withTaskGroup(of: (Int, [XMLEvent], String?, Int).self) { group in
                        for index in documents.indices {
                            let url = server.url("/doc\(index).xml")
                            group.addTask {
                                let events = XMLEvents(url: url, configuration: configuration)
                                let (received, error) = await ResumeSupport.collect(events)
                                return (index, received, error.map { "\($0)" }, events.source.progress.resumptionCount)
                            }
                        }
                        var outcomes: [(Int, [XMLEvent], String?, Int)] = []
                        for await outcome in group { outcomes.append(outcome) }
                        return outcomes
                    }
                    #expect(outcomes.count == 100)
                    for (index, received, error, resumptions) in outcomes {
                        #expect(error == nil, "transfer \(index): \(error ?? "")")
                        #expect(received == reference, "transfer \(index)")
                        #expect(resumptions == 5, "transfer \(index)")
                        #expect(documents[index].requests.count == 6, "transfer \(index)")
                    }
                }
            }

            /// Attempts are counted in a row: a continuation that brings bytes starts the count again,
            /// so three attempts mend any number of breaks as long as each continuation progresses.
            @Test func attemptsAreCountedInARowAndProgressStartsThemAgain() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let cuts = [10_000, 10_000, 10_000, 20_000, 20_000, 20_000].map { Cut.close(at: $0) }
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: cuts)
                    server.route("/doc.xml", document)
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: ResumeSupport.configuration())
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(String(describing: error))")
                    #expect(received == reference)
                    #expect(
                        document.requests.map(\.range) == [
                            nil, "bytes=10000-", "bytes=10000-", "bytes=10000-", "bytes=20000-", "bytes=20000-",
                            "bytes=20000-",
                        ])
                    #expect(events.source.progress.resumptionAttemptCount == 6)
                }
            }

            /// When the attempts in a row are spent, the break's own error ends the transfer, with the
            /// counts of the whole body.
            @Test func spentAttemptsEndWithTheBreaksError() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let cuts = Array(repeating: Cut.close(at: 10_000), count: 4)
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: cuts)
                    server.route("/doc.xml", document)
                    let url = server.url("/doc.xml")
                    let events = XMLEvents(url: url, configuration: ResumeSupport.configuration(attempts: 3))
                    let (_, error) = await ResumeSupport.collect(events)
                    #expect(
                        error as? XMLHTTPError
                            == .truncatedBody(url: url, receivedByteCount: 10_000, expectedByteCount: data.count))
                    #expect(document.requests.count == 4)
                    #expect(events.source.progress.resumptionAttemptCount == 3)
                }
            }

            /// With resumption off, a break ends the transfer as it always did.
            @Test func resumptionOffLeavesTheBreaksError() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: 10_000)])
                    server.route("/doc.xml", document)
                    let url = server.url("/doc.xml")
                    var configuration = XMLHTTPConfiguration()
                    configuration.maximumResumptionAttempts = 0
                    let (_, error) = await ResumeSupport.collect(XMLEvents(url: url, configuration: configuration))
                    #expect(
                        error as? XMLHTTPError
                            == .truncatedBody(url: url, receivedByteCount: 10_000, expectedByteCount: data.count))
                    #expect(document.requests.count == 1)
                }
            }

            /// Cancelling the consumer while the transfer waits out a back-off ends it at once.
            @Test(.timeLimit(.minutes(1))) func cancellingDuringTheBackoffEndsAtOnce() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: 20_000)])
                    server.route("/doc.xml", document)
                    // A back-off of an hour: the consumer ends at all only if cancelling cut it
                    // short (were it not, the time limit would end the test).
                    var configuration = ResumeSupport.configuration(backoff: .seconds(3_600))
                    configuration.resumptionJitter = 0
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: configuration)
                    let consumer = Task { await ResumeSupport.collect(events) }
                    #expect(await HTTPTestSupport.eventually { events.source.progress.resumptionAttemptCount == 1 })
                    consumer.cancel()
                    let (_, error) = await consumer.value
                    #expect(error is CancellationError, "\(String(describing: error))")
                    #expect(document.requests.count == 1)
                    #expect(events.source.progress.resumptionCount == 0)
                }
            }

            /// A back-off cut short by cancellation asks for nothing afterwards: the I/O thread
            /// forgets it, and no continuation is asked for when the back-off would have ended.
            @Test func aCancelledBackoffAsksForNothingLater() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: 20_000)])
                    server.route("/doc.xml", document)
                    var configuration = ResumeSupport.configuration(backoff: .milliseconds(300))
                    configuration.resumptionJitter = 0
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: configuration)
                    let consumer = Task { await ResumeSupport.collect(events) }
                    #expect(await HTTPTestSupport.eventually { events.source.progress.resumptionAttemptCount == 1 })
                    consumer.cancel()
                    _ = await consumer.value
                    // That nothing happens can only be seen once it would have: past the back-off.
                    try await Task.sleep(for: .milliseconds(900))
                    #expect(document.requests.count == 1)
                    #expect(events.source.progress.resumptionCount == 0)
                }
            }

            /// The total deadline counts the back-offs too, and ends one that would outlast it.
            @Test(.timeLimit(.minutes(1))) func theTotalTimeoutEndsABackoff() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let document = LoopbackRangedDocument(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: 20_000)])
                    server.route("/doc.xml", document)
                    let url = server.url("/doc.xml")
                    // A back-off of an hour: the transfer ends at all only if the deadline cut it
                    // short (were it not, the time limit would end the test).
                    var configuration = ResumeSupport.configuration(backoff: .seconds(3_600))
                    configuration.totalTimeout = .milliseconds(500)
                    let (_, error) = await ResumeSupport.collect(XMLEvents(url: url, configuration: configuration))
                    #expect(error as? XMLHTTPError == .totalTimeoutExceeded(url: url, after: .milliseconds(500)))
                    #expect(document.requests.count == 1)
                }
            }
        }
    }
#endif
