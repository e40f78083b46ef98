#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing
    import XMLCorpus

    @testable import XMLEvents
    @testable import XMLEventsInput
    @testable import XMLEventsHTTP

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension HTTPTests {
        /// An HTTP ``XMLByteSource`` against a real HTTP/1.1 server on 127.0.0.1: what a successful transfer
        /// delivers, and when.
        @Suite struct HTTPChunksTests {
            static let framings: [LoopbackResponse.Framing] = [.automatic, .chunked, .closeDelimited]

            @Test(arguments: framings)
            func bodyArrivesWholeInOrderOnce(framing: LoopbackResponse.Framing) async throws {
                try await HTTPTestSupport.withServer { server in
                    let (_, data, _) = HTTPTestSupport.corpus(3_000_000)
                    server.route("/doc.xml", LoopbackResponse(body: .data(data), framing: framing))
                    let body = try await HTTPTestSupport.collect(XMLByteSource(httpURL: server.url("/doc.xml")))
                    #expect(body == data)
                }
            }

            @Test func responseHeadComesBeforeTheFirstChunk() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = Data("<feed><entry/></feed>".utf8)
                    server.route(
                        "/feed.xml",
                        LoopbackResponse(
                            headers: [("Content-Type", "application/atom+xml"), ("X-Feed-Id", "42")],
                            body: .data(data)
                        )
                    )
                    let url = server.url("/feed.xml")
                    var (response, chunks) = try await XMLByteSource.start(URLRequest(url: url))
                    #expect(response.statusCode == 200)
                    #expect(response.url == url)
                    #expect(response.expectedContentLength == data.count)
                    #expect(response.value(forHTTPHeaderField: "content-type") == "application/atom+xml")
                    #expect(response.value(forHTTPHeaderField: "X-FEED-ID") == "42")
                    var body = Data()
                    while let chunk = try await chunks.next() { body.append(chunk) }
                    #expect(body == data)
                }
            }

            /// The head is handed out as soon as it is complete, even while the body has not started.
            @Test func responseHeadComesWhileTheBodyIsHeldBack() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/held.xml",
                        LoopbackResponse(
                            body: .data(Data(repeating: 0x20, count: 10_000)),
                            fault: .stallIndefinitely(afterBodyBytes: 0)
                        )
                    )
                    let (response, _) = try await XMLByteSource.start(URLRequest(url: server.url("/held.xml")))
                    #expect(response.statusCode == 200)
                    #expect(response.expectedContentLength == 10_000)
                }
            }

            /// The first chunks are delivered while the server has not finished the body (and never will).
            @Test func chunksStreamBeforeTheBodyIsComplete() async throws {
                try await HTTPTestSupport.withServer { server in
                    let (_, data, _) = HTTPTestSupport.corpus(200_000)
                    server.route(
                        "/doc.xml",
                        LoopbackResponse(body: .data(data), fault: .stallIndefinitely(afterBodyBytes: 50_000)))
                    var received = 0
                    for try await chunk in XMLByteSource(httpURL: server.url("/doc.xml")) {
                        received += chunk.count
                        if received == 50_000 { break }
                    }
                    #expect(received == 50_000)
                    #expect(await HTTPTestSupport.eventually { server.bodyBytesWritten == 50_000 })
                }
            }

            @Test func redirectsAreFollowedToTheFinalURL() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = Data("<moved/>".utf8)
                    server.route("/old.xml", .redirect(to: "/older.xml", status: 301))
                    server.route("/older.xml", .redirect(to: server.url("/new.xml").absoluteString, status: 307))
                    server.route("/new.xml", LoopbackResponse(body: .data(data)))
                    let (response, chunks) = try await XMLByteSource.start(URLRequest(url: server.url("/old.xml")))
                    #expect(response.url == server.url("/new.xml"))
                    #expect(response.statusCode == 200)
                    var iterator = chunks
                    var body = Data()
                    while let chunk = try await iterator.next() { body.append(chunk) }
                    #expect(body == data)
                    #expect(server.requestCount(for: "/old.xml") == 1)
                    #expect(server.requestCount(for: "/new.xml") == 1)
                }
            }

            @Test func requestMethodHeadersAndBodyAreSent() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/search") { request in
                        let echo =
                            "\(request.method) \(request.header("X-Token") ?? "-") \(request.header("User-Agent") ?? "-") "
                        return LoopbackResponse(body: .data(Data(echo.utf8) + request.body))
                    }
                    var request = URLRequest(url: server.url("/search"))
                    request.httpMethod = "PUT"
                    request.setValue("secret", forHTTPHeaderField: "X-Token")
                    request.httpBody = Data("<query/>".utf8)
                    let body = try await HTTPTestSupport.collect(XMLByteSource(request: request))
                    #expect(String(decoding: body, as: UTF8.self) == "PUT secret XMLEvents <query/>")

                    var custom = XMLHTTPConfiguration()
                    custom.userAgent = "FeedReader/2"
                    let get = try await HTTPTestSupport.collect(
                        XMLByteSource(httpURL: server.url("/search"), configuration: custom))
                    #expect(String(decoding: get, as: UTF8.self) == "GET - FeedReader/2 ")
                }
            }

            @Test func emptyBodiesEndAtOnce() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/empty", LoopbackResponse(status: 204))
                    server.route("/doc.xml", LoopbackResponse(body: .data(Data("<a/>".utf8))))
                    var (response, chunks) = try await XMLByteSource.start(URLRequest(url: server.url("/empty")))
                    #expect(response.statusCode == 204)
                    #expect(try await chunks.next() == nil)

                    var head = URLRequest(url: server.url("/doc.xml"))
                    head.httpMethod = "HEAD"
                    var (headResponse, headChunks) = try await XMLByteSource.start(head)
                    #expect(headResponse.expectedContentLength == 4)
                    #expect(try await headChunks.next() == nil)
                }
            }

            @Test func progressReportsTheTransfer() async throws {
                try await HTTPTestSupport.withServer { server in
                    let (_, data, _) = HTTPTestSupport.corpus(1_000_000)
                    server.route("/doc.xml", LoopbackResponse(body: .data(data)))
                    let chunks = XMLByteSource(httpURL: server.url("/doc.xml"))
                    #expect(chunks.progress.fractionCompleted == nil)
                    var iterator = chunks.makeAsyncIterator()
                    _ = try await chunks.response
                    #expect(chunks.progress.expectedByteCount == data.count)
                    var fractions: [Double] = []
                    while try await iterator.next() != nil {
                        fractions.append(chunks.progress.fractionCompleted ?? -1)
                    }
                    #expect(fractions == fractions.sorted())
                    #expect(chunks.progress.receivedByteCount == data.count)
                    #expect(chunks.progress.decodedByteCount == data.count)
                    #expect(chunks.progress.fractionCompleted == 1)
                    #expect(chunks.progress.isFinished)
                    #expect(chunks.progress.bufferedByteCount == 0)
                    #expect(
                        chunks.progress.peakBufferedByteCount <= XMLHTTPConfiguration.default.watermarks.upperBound
                            + 16_384)
                }
            }

            /// Each iteration is a new request.
            @Test func eachIteratorRequestsAnew() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/doc.xml", LoopbackResponse(body: .text("<a/>")))
                    let chunks = XMLByteSource(httpURL: server.url("/doc.xml"))
                    #expect(server.requestCount(for: "/doc.xml") == 0)
                    let first = try await HTTPTestSupport.collect(chunks)
                    let second = try await HTTPTestSupport.collect(chunks)
                    #expect(first == Data("<a/>".utf8))
                    #expect(second == Data("<a/>".utf8))
                    #expect(server.requestCount(for: "/doc.xml") == 2)
                }
            }
        }
    }
#endif
