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
        /// Every way a transfer fails ends in a typed ``XMLHTTPError`` naming the URL, in bounded time:
        /// never a silent end, never a hang.
        @Suite struct HTTPFailureTests {
            /// Reads every chunk of `chunks`, and returns how many bytes came and the error that ended it.
            private static func drain(_ chunks: XMLByteSource) async -> (byteCount: Int, error: (any Error)?) {
                var count = 0
                let error = await HTTPTestSupport.error {
                    for try await chunk in chunks { count += chunk.count }
                }
                return (count, error)
            }

            private static func httpError(_ error: (any Error)?) -> XMLHTTPError? {
                error as? XMLHTTPError
            }

            @Test func errorStatusIsThrownBeforeAnyChunkWithTheStartOfItsBody() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/missing.xml", .text("no such feed: missing.xml\n", status: 404))
                    let url = server.url("/missing.xml")
                    let (count, error) = await Self.drain(XMLByteSource(httpURL: url))
                    #expect(count == 0)
                    let expected = XMLHTTPError.unacceptableStatus(
                        404, url: url, bodyPrefix: Data("no such feed: missing.xml\n".utf8))
                    #expect(Self.httpError(error) == expected)
                    #expect(String(describing: expected).contains(url.absoluteString))
                    #expect(String(describing: expected).contains("404"))

                    let startError = await HTTPTestSupport.error {
                        _ = try await XMLByteSource.start(URLRequest(url: url))
                    }
                    #expect(Self.httpError(startError) == expected)
                }
            }

            /// Only the start of a large error body is downloaded and kept.
            @Test func errorBodyIsBounded() async throws {
                try await HTTPTestSupport.withServer { server in
                    let page = Data(repeating: 0x65, count: 5_000_000)
                    server.route("/broken", LoopbackResponse(status: 500, body: .data(page), sendBufferSize: 8_192))
                    var configuration = XMLHTTPConfiguration()
                    configuration.maximumErrorBodyByteCount = 100
                    let (_, error) = await Self.drain(
                        XMLByteSource(httpURL: server.url("/broken"), configuration: configuration))
                    guard let failure = Self.httpError(error), failure.code == .unacceptableStatus,
                        failure.status == 500, let prefix = failure.bodyPrefix
                    else {
                        Issue.record("unexpected \(String(describing: error))")
                        return
                    }
                    #expect(prefix == page.prefix(100))
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 })
                    #expect(server.bodyBytesWritten < 2_000_000)
                }
            }

            @Test func redirectsBeyondTheLimitFail() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/a", .redirect(to: "/b"))
                    server.route("/b", .redirect(to: "/c"))
                    server.route("/c", .redirect(to: "/a"))
                    var configuration = XMLHTTPConfiguration()
                    configuration.maximumRedirects = 4
                    let (_, error) = await Self.drain(
                        XMLByteSource(httpURL: server.url("/a"), configuration: configuration))
                    #expect(Self.httpError(error) == .tooManyRedirects(url: server.url("/b"), limit: 4))
                    #expect(
                        server.requestCount(for: "/a") + server.requestCount(for: "/b") + server.requestCount(for: "/c")
                            == 5)

                    configuration.maximumRedirects = 0
                    let (_, unfollowed) = await Self.drain(
                        XMLByteSource(httpURL: server.url("/a"), configuration: configuration))
                    let refusal = Self.httpError(unfollowed)
                    #expect(refusal?.code == .unacceptableStatus && refusal?.status == 302)
                    #expect(refusal?.url == server.url("/a"))
                }
            }

            @Test func refusedConnectionFails() async throws {
                let port = try UnansweredPort.refusing()
                let (_, error) = await Self.drain(XMLByteSource(httpURL: port.url))
                #expect(Self.httpError(error) == .connectionRefused(url: port.url))
            }

            @Test func unresolvableHostFails() async throws {
                let url = try #require(URL(string: "http://no-such-host.invalid/feed.xml"))
                let (_, error) = await Self.drain(XMLByteSource(httpURL: url))
                #expect(Self.httpError(error) == .hostNotFound(url: url))
            }

            @Test func slowConnectionTimesOut() async throws {
                let port = try UnansweredPort.unanswered()
                var configuration = XMLHTTPConfiguration()
                configuration.connectTimeout = .milliseconds(300)
                let clock = ContinuousClock()
                let start = clock.now
                let (_, error) = await Self.drain(XMLByteSource(httpURL: port.url, configuration: configuration))
                let elapsed = clock.now - start
                #expect(Self.httpError(error) == .connectTimedOut(url: port.url, after: .milliseconds(300)))
                // The timeout is the feature, so its time is checked, one-sided: libcurl cannot give
                // up before its 300 ms have passed (50 ms for its timer's granularity), and a busy
                // machine only makes it later.
                #expect(elapsed >= .milliseconds(250))
            }

            /// A server that goes silent mid-body fails after the idle timeout, with the bytes before
            /// the silence delivered.
            @Test func silentServerStalls() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/doc.xml",
                        LoopbackResponse(
                            body: .data(Data(repeating: 0x20, count: 100_000)),
                            fault: .stallIndefinitely(afterBodyBytes: 1_000))
                    )
                    // A second: the server must send its first 1,000 bytes within it, which even a
                    // loaded machine does.
                    var configuration = XMLHTTPConfiguration()
                    configuration.idleTimeout = .seconds(1)
                    let url = server.url("/doc.xml")
                    let (count, error) = await Self.drain(XMLByteSource(httpURL: url, configuration: configuration))
                    #expect(count == 1_000)
                    #expect(Self.httpError(error) == .stalled(url: url, after: .seconds(1)))
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 })
                }
            }

            /// A server that never answers stalls too; the request's `timeoutInterval` is the idle
            /// timeout when the configuration sets none.
            @Test func unansweredRequestStallsAfterTheRequestTimeout() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/doc.xml", LoopbackResponse(body: .text("<a/>"), fault: .neverRespond))
                    let url = server.url("/doc.xml")
                    var request = URLRequest(url: url)
                    request.timeoutInterval = 0.3
                    let error = await HTTPTestSupport.error { _ = try await XMLByteSource.start(request) }
                    #expect(Self.httpError(error) == .stalled(url: url, after: .milliseconds(300)))
                }
            }

            static let shortBodies: [(String, LoopbackResponse.Framing, LoopbackResponse.ContentEncoding)] = [
                ("content-length", .automatic, .identity),
                ("chunked", .chunked, .identity),
                ("gzip, chunked", .automatic, .gzip),
            ]

            @Test(arguments: shortBodies)
            func bodyCutShortFails(
                _ name: String, framing: LoopbackResponse.Framing, encoding: LoopbackResponse.ContentEncoding
            )
                async throws
            {
                try await HTTPTestSupport.withServer { server in
                    let (_, data, _) = HTTPTestSupport.corpus(500_000)
                    server.route(
                        "/doc.xml",
                        LoopbackResponse(
                            body: .data(data), contentEncoding: encoding, framing: framing,
                            fault: .close(afterBodyBytes: 20_000))
                    )
                    let url = server.url("/doc.xml")
                    let (count, error) = await Self.drain(XMLByteSource(httpURL: url))
                    guard let failure = Self.httpError(error), failure.code == .truncatedBody, failure.url == url,
                        let received = failure.receivedByteCount
                    else {
                        Issue.record("\(name): unexpected \(String(describing: error))")
                        return
                    }
                    let expected = failure.expectedByteCount
                    #expect(received == 20_000)
                    #expect(expected == (framing == .automatic && encoding == .identity ? data.count : nil))
                    #expect(count > 0 && count < data.count)
                }
            }

            @Test func resetConnectionFails() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/doc.xml",
                        LoopbackResponse(
                            body: .data(Data(repeating: 0x20, count: 500_000)), fault: .reset(afterBodyBytes: 10_000)))
                    let url = server.url("/doc.xml")
                    let (_, error) = await Self.drain(XMLByteSource(httpURL: url))
                    let failure = Self.httpError(error)
                    #expect(
                        [.connectionLost, .truncatedBody].contains(failure?.code) && failure?.url == url,
                        "unexpected \(String(describing: error))")
                }
            }

            @Test func undecodableBodyFails() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/doc.xml",
                        LoopbackResponse(headers: [("Content-Encoding", "gzip")], body: .text("<not-gzip/>")))
                    let url = server.url("/doc.xml")
                    let (_, error) = await Self.drain(XMLByteSource(httpURL: url))
                    let failure = Self.httpError(error)
                    #expect(failure?.code == .undecodableContent, "unexpected \(String(describing: error))")
                    #expect(failure?.url == url)
                }
            }

            @Test func unsupportedRequestsFailBeforeAnyConnection() async throws {
                let ftp = try #require(URL(string: "ftp://127.0.0.1/feed.xml"))
                let (_, error) = await Self.drain(XMLByteSource(httpURL: ftp))
                #expect(Self.httpError(error)?.code == .unsupportedRequest, "unexpected \(String(describing: error))")
                #expect(Self.httpError(error)?.url == ftp)
                var noURL = URLRequest(url: ftp)
                noURL.url = nil
                let (_, missing) = await Self.drain(XMLByteSource(request: noURL))
                let refusal = try #require(Self.httpError(missing), "unexpected \(String(describing: missing))")
                #expect(refusal.code == .unsupportedRequest)
                #expect(refusal.url == nil)
            }

            @Test func redirectToAnotherSchemeIsRefused() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/doc.xml", .redirect(to: "file:///etc/passwd"))
                    let (count, error) = await Self.drain(XMLByteSource(httpURL: server.url("/doc.xml")))
                    #expect(count == 0)
                    #expect(
                        Self.httpError(error)?.code == .unsupportedRequest, "unexpected \(String(describing: error))")
                }
            }

            @Test func everyDescriptionNamesTheURL() throws {
                let url = try #require(URL(string: "http://example.invalid/feed.xml"))
                let errors: [XMLHTTPError] = [
                    .unacceptableStatus(503, url: url, bodyPrefix: Data("Service Unavailable\n".utf8)),
                    .hostNotFound(url: url),
                    .connectionRefused(url: url),
                    .connectTimedOut(url: url, after: .seconds(3)),
                    .stalled(url: url, after: .seconds(60)),
                    .truncatedBody(url: url, receivedByteCount: 10, expectedByteCount: 20),
                    .connectionLost(url: url, reason: "reset"),
                    .tooManyRedirects(url: url, limit: 10),
                    .undecodableContent(url: url, reason: "bad gzip"),
                    .unsupportedRequest(url: url, reason: "ftp"),
                    .transferFailed(url: url, code: 35, message: "TLS"),
                ]
                for error in errors {
                    #expect(error.description.contains(url.absoluteString), "\(error)")
                }
                #expect(
                    errors[0].description == "http://example.invalid/feed.xml answered HTTP 503: Service Unavailable")
            }
        }
    }
#endif
