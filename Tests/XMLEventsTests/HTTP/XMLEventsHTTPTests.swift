#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing
    import XMLCorpus

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension HTTPTests {
        /// `XMLEvents(url:)` and `XMLEvents(request:)`: the chunk source fed into the parser, with the
        /// transfer's progress reachable from the events.
        @Suite struct XMLEventsHTTPTests {
            @Test func eventsOverHTTPAreTheEventsOfTheDocument() async throws {
                try await HTTPTestSupport.withServer { server in
                    let (document, data, elementCount) = HTTPTestSupport.corpus(1_000_000)
                    server.route(
                        "/doc.xml",
                        LoopbackResponse(body: .stream(document.chunks(ofSize: 40_000)), contentEncoding: .gzip)
                    )
                    var overHTTP: [XMLEvent] = []
                    for try await event in XMLEvents(url: server.url("/doc.xml")) { overHTTP.append(event) }
                    var inMemory: [XMLEvent] = []
                    for try await event in XMLEvents(data: data) { inMemory.append(event) }
                    #expect(overHTTP == inMemory)
                    #expect(overHTTP.count { if case .startElement = $0 { true } else { false } } == elementCount)
                }
            }

            @Test func progressIsReachableFromTheEvents() async throws {
                try await HTTPTestSupport.withServer { server in
                    let (_, data, elementCount) = HTTPTestSupport.corpus(500_000)
                    server.route("/doc.xml", LoopbackResponse(body: .data(data)))
                    let events = XMLEvents(url: server.url("/doc.xml"))
                    let progress = events.source.progress
                    let count = try await HTTPTestSupport.countElements(events)
                    #expect(count == elementCount)
                    #expect(progress.expectedByteCount == data.count)
                    #expect(progress.receivedByteCount == data.count)
                    #expect(progress.fractionCompleted == 1)
                }
            }

            @Test func requestInitializerSendsTheRequest() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/query") { request in
                        let ok = request.method == "POST" && request.header("Accept") == "application/xml"
                        return ok
                            ? LoopbackResponse(
                                body: .data(Data("<result>".utf8) + request.body + Data("</result>".utf8)))
                            : .text(status: 400)
                    }
                    var request = URLRequest(url: server.url("/query"))
                    request.httpMethod = "POST"
                    request.setValue("application/xml", forHTTPHeaderField: "Accept")
                    request.httpBody = Data("<hit/><hit/>".utf8)
                    let count = try await HTTPTestSupport.countElements(XMLEvents(request: request))
                    #expect(count == 3)
                }
            }

            /// The first events come while the body is still on its way.
            @Test func eventsStreamBeforeTheBodyIsComplete() async throws {
                try await HTTPTestSupport.withServer { server in
                    let feed = NumberedFeed(count: 1_000, recordSize: 100)
                    server.route(
                        "/feed.xml",
                        LoopbackResponse(body: feed.pieces(of: 1_000), fault: .stallIndefinitely(afterBodyBytes: 5_000))
                    )
                    var records = 0
                    for try await event in XMLEvents(url: server.url("/feed.xml")) {
                        if case .startElement(let name, _, _) = event, name.localName == "r" { records += 1 }
                        if records == 20 { break }
                    }
                    #expect(records == 20)
                    #expect(await HTTPTestSupport.eventually { server.bodyBytesWritten == 5_000 })
                }
            }

            @Test func errorStatusComesBeforeAnyEvent() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/gone.xml", .text("<error>gone</error>", status: 410))
                    let url = server.url("/gone.xml")
                    var events = 0
                    let error = await HTTPTestSupport.error {
                        for try await _ in XMLEvents(url: url) { events += 1 }
                    }
                    #expect(events == 0)
                    #expect(
                        error as? XMLHTTPError
                            == .unacceptableStatus(410, url: url, bodyPrefix: Data("<error>gone</error>".utf8)))
                }
            }

            /// A malformed document fails with the parser's error, after its good events, and the
            /// transfer of the rest is abandoned.
            @Test func malformedDocumentFailsAndAbandonsTheTransfer() async throws {
                try await HTTPTestSupport.withServer { server in
                    let broken = Data("<feed><r>1</r><r>2</oops>".utf8) + Data(repeating: 0x20, count: 50_000_000)
                    server.route("/broken.xml", LoopbackResponse(body: .data(broken), sendBufferSize: 16_384))
                    var records = 0
                    let error = await HTTPTestSupport.error {
                        for try await event in XMLEvents(url: server.url("/broken.xml")) {
                            if case .startElement(let name, _, _) = event, name.localName == "r" { records += 1 }
                        }
                    }
                    #expect(records == 2)
                    #expect(error is XMLParsingError)
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 })
                    #expect(server.bodyBytesWritten < 10_000_000)
                }
            }

            @Test func truncatedBodyIsAnHTTPErrorNotAParsingError() async throws {
                try await HTTPTestSupport.withServer { server in
                    let (_, data, _) = HTTPTestSupport.corpus(300_000)
                    server.route(
                        "/doc.xml", LoopbackResponse(body: .data(data), fault: .close(afterBodyBytes: 100_000)))
                    let url = server.url("/doc.xml")
                    let error = await HTTPTestSupport.error {
                        _ = try await HTTPTestSupport.countElements(XMLEvents(url: url))
                    }
                    #expect(
                        error as? XMLHTTPError
                            == .truncatedBody(url: url, receivedByteCount: 100_000, expectedByteCount: data.count))
                }
            }
        }
    }
#endif
