#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing
    import XMLEvents

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The response's head from `XMLEvents`' iterator before the first event, and a conditional
    /// request's `304 Not Modified` as an outcome of its own.
    @Suite struct HTTPResponseHeadTests {
        static let feed = "<feed><entry>one</entry><entry>two</entry></feed>"
        static let etag = "\"v1\""
        static let lastModified = "Tue, 01 Dec 2026 10:00:00 GMT"

        /// Serves the feed with its validators, and a 304 to a request that names the current
        /// version by `If-None-Match` or by `If-Modified-Since`.
        static func serveFeed(on server: LoopbackServer) {
            server.route("/feed") { request in
                let validators = [("ETag", etag), ("Last-Modified", lastModified), ("Cache-Control", "max-age=60")]
                if request.header("If-None-Match") == etag || request.header("If-Modified-Since") == lastModified {
                    return LoopbackResponse(status: 304, headers: validators)
                }
                return LoopbackResponse(
                    headers: validators + [("Content-Type", "application/xml; charset=utf-8")], body: .text(feed))
            }
            server.route("/old-feed", .redirect(to: "/feed", status: 301))
        }

        static func events<Source>(_ iterator: inout XMLEvents<Source>.Iterator) async throws -> [XMLEvent] {
            var events: [XMLEvent] = []
            while let event = try await iterator.next() { events.append(event) }
            return events
        }

        @Test func theHeadComesBeforeTheFirstEventWithoutConsumingOne() async throws {
            try await HTTPTestSupport.withServer { server in
                Self.serveFeed(on: server)
                let feed = XMLEvents(url: server.url("/old-feed"))
                var iterator = feed.makeAsyncIterator()
                let response = try #require(try await feed.source.response)
                #expect(response.statusCode == 200)
                #expect(response.url == server.url("/feed"))
                #expect(response.value(forHTTPHeaderField: "etag") == Self.etag)
                #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/xml; charset=utf-8")
                #expect(try await feed.source.response == response)
                let events = try await Self.events(&iterator)
                var expected: [XMLEvent] = []
                for try await event in XMLEvents(string: Self.feed) { expected.append(event) }
                #expect(events == expected)
                #expect(server.requestCount(for: "/feed") == 1)
            }
        }

        @Test(arguments: ["If-None-Match", "If-Modified-Since"])
        func aConditionalRequestForTheCurrentVersionIsNotModified(field: String) async throws {
            try await HTTPTestSupport.withServer { server in
                Self.serveFeed(on: server)
                var request = URLRequest(url: server.url("/feed"))
                request.setValue(field == "If-None-Match" ? Self.etag : Self.lastModified, forHTTPHeaderField: field)
                let feed = XMLEvents(request: request)
                var iterator = feed.makeAsyncIterator()
                let response = try #require(try await feed.source.response)
                #expect(response.statusCode == 304)
                #expect(response.value(forHTTPHeaderField: "Cache-Control") == "max-age=60")
                await #expect(throws: XMLHTTPError.notModified(response)) { _ = try await iterator.next() }
                #expect(try await iterator.next() == nil)
            }
        }

        @Test func notModifiedIsCaughtByItsCaseInAForLoop() async throws {
            try await HTTPTestSupport.withServer { server in
                Self.serveFeed(on: server)
                var request = URLRequest(url: server.url("/feed"))
                request.setValue(Self.etag, forHTTPHeaderField: "If-None-Match")
                var events = 0
                var refreshedETag: String?
                do {
                    for try await _ in XMLEvents(request: request) { events += 1 }
                } catch let error as XMLHTTPError where error.code == .notModified {
                    refreshedETag = error.response?.value(forHTTPHeaderField: "ETag")
                }
                #expect(events == 0)
                #expect(refreshedETag == Self.etag)

                // Another version is a full answer.
                request.setValue("\"v0\"", forHTTPHeaderField: "If-None-Match")
                for try await _ in XMLEvents(request: request) { events += 1 }
                #expect(events > 0)
            }
        }

        @Test func aFailureBeforeTheHeadIsThrownByBothResponseAndNext() async throws {
            try await HTTPTestSupport.withServer { server in
                server.route("/missing", .text("no such feed", status: 404))
                let missing = XMLEvents(url: server.url("/missing"))
                var iterator = missing.makeAsyncIterator()
                let first = await HTTPTestSupport.error { _ = try await missing.source.response }
                guard let refusal = first as? XMLHTTPError, refusal.code == .unacceptableStatus, refusal.status == 404
                else {
                    Issue.record("expected HTTP 404, got \(String(describing: first))")
                    return
                }
                let second = await HTTPTestSupport.error { _ = try await iterator.next() }
                #expect(second as? XMLHTTPError == first as? XMLHTTPError)
            }
        }

        /// Like the progress, the response answers for the latest iteration after it has ended and
        /// let its transfer go: no request is made for it.
        @Test func afterTheEndTheHeadIsStillKnown() async throws {
            try await HTTPTestSupport.withServer { server in
                Self.serveFeed(on: server)
                let feed = XMLEvents(url: server.url("/feed"))
                var iterator = feed.makeAsyncIterator()
                _ = try await Self.events(&iterator)
                let response = try #require(try await feed.source.response)
                #expect(response.value(forHTTPHeaderField: "etag") == Self.etag)
                #expect(server.requestCount(for: "/feed") == 1)
            }
        }

        /// Asked before any iteration, the response starts the transfer that the next iteration
        /// then reads: one request for both, and every event.
        @Test func askedBeforeAnyIterationTheLoopReadsTheSameTransfer() async throws {
            try await HTTPTestSupport.withServer { server in
                Self.serveFeed(on: server)
                let feed = XMLEvents(url: server.url("/feed"))
                let response = try #require(try await feed.source.response)
                #expect(response.statusCode == 200)
                var events: [XMLEvent] = []
                for try await event in feed { events.append(event) }
                var expected: [XMLEvent] = []
                for try await event in XMLEvents(string: Self.feed) { expected.append(event) }
                #expect(events == expected)
                #expect(server.requestCount(for: "/feed") == 1)
                // A second iteration transfers anew, and the response is then its own.
                for try await _ in feed {}
                #expect(server.requestCount(for: "/feed") == 2)
                #expect(try await feed.source.response == response)
            }
        }

        /// A loop on the main actor parses ahead in a task of its own, which reads the transfer;
        /// the response is still the source's to give, from the loop, during the iteration.
        @MainActor
        @Test func aLoopOnTheMainActorAsksDuringTheIteration() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            Self.serveFeed(on: server)
            let feed = XMLEvents(url: server.url("/feed"))
            var heads: [XMLHTTPResponse] = []
            for try await _ in feed {
                if heads.isEmpty { heads.append(try #require(try await feed.source.response)) }
            }
            #expect(heads.first?.value(forHTTPHeaderField: "etag") == Self.etag)
            #expect(server.requestCount(for: "/feed") == 1)
        }
    }
#endif
