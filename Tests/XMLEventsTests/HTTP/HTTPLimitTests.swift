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
        /// The size limits of a response, each with its own typed error: the decoded body
        /// (``XMLHTTPConfiguration/maximumBodyByteCount``), the head and its lines.
        @Suite struct HTTPLimitTests {
            static let limit = 100_000

            private static func limited() -> XMLHTTPConfiguration {
                var configuration = XMLHTTPConfiguration()
                configuration.maximumBodyByteCount = limit
                return configuration
            }

            private static func drain(_ chunks: XMLByteSource) async -> (count: Int, error: (any Error)?) {
                var count = 0
                let error = await HTTPTestSupport.error {
                    for try await chunk in chunks { count += chunk.count }
                }
                return (count, error)
            }

            static let oversized: [(String, LoopbackResponse.ContentEncoding, LoopbackResponse.Framing)] = [
                ("chunked", .identity, .chunked),
                ("gzip", .gzip, .automatic),
                ("deflate under gzip", .layered([.deflate, .gzip]), .automatic),
            ]

            /// A body over the limit delivers exactly the limit's bytes, then the error; the server is
            /// left with the rest unread.
            @Test(arguments: oversized)
            func aBodyOverTheLimitEndsAfterTheLimit(
                _ name: String, encoding: LoopbackResponse.ContentEncoding, framing: LoopbackResponse.Framing
            ) async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/big.xml",
                        LoopbackResponse(
                            body: .repeating(Data("<r/>".utf8), totalBytes: 50_000_000), contentEncoding: encoding,
                            framing: framing, sendBufferSize: 16_384))
                    let url = server.url("/big.xml")
                    let (count, error) = await Self.drain(XMLByteSource(httpURL: url, configuration: Self.limited()))
                    #expect(count == Self.limit, "\(name)")
                    #expect(error as? XMLHTTPError == .bodyTooLarge(url: url, limit: Self.limit), "\(name)")
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 }, "\(name)")
                    #expect(server.bodyBytesWritten < 10_000_000, "\(name)")
                }
            }

            /// A body whose `Content-Length` says it is too large fails before its first chunk, and a
            /// body of exactly the limit is whole.
            @Test func aDeclaredLengthOverTheLimitFailsAtOnce() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/big.xml", LoopbackResponse(body: .repeating(Data(" ".utf8), totalBytes: Self.limit + 1)))
                    server.route(
                        "/fits.xml", LoopbackResponse(body: .repeating(Data(" ".utf8), totalBytes: Self.limit)))
                    let big = server.url("/big.xml")
                    let error = await HTTPTestSupport.error {
                        _ = try await XMLByteSource.start(URLRequest(url: big), configuration: Self.limited())
                    }
                    #expect(error as? XMLHTTPError == .bodyTooLarge(url: big, limit: Self.limit))
                    let (count, fitsError) = await Self.drain(
                        XMLByteSource(httpURL: server.url("/fits.xml"), configuration: Self.limited()))
                    #expect(count == Self.limit)
                    #expect(fitsError == nil)
                }
            }

            /// A header line longer than libcurl takes, or a head of more than 300 KiB, is "header too
            /// large", not libcurl's "Out of memory" or a broken connection.
            @Test func oversizedHeadsAreHeaderTooLarge() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/line.xml",
                        LoopbackResponse(
                            headers: [("X-Padding", String(repeating: "a", count: 1_000_000))], body: .text("<r/>")))
                    let manyLines = (0..<5_000).map { ("X-Field-\($0)", String(repeating: "b", count: 60)) }
                    server.route("/head.xml", LoopbackResponse(headers: manyLines, body: .text("<r/>")))
                    for path in ["/line.xml", "/head.xml"] {
                        let url = server.url(path)
                        let error = await HTTPTestSupport.error {
                            _ = try await XMLByteSource.start(URLRequest(url: url))
                        }
                        guard let failure = error as? XMLHTTPError, failure.code == .headerTooLarge, failure.url == url
                        else {
                            Issue.record("\(path): unexpected \(String(describing: error))")
                            continue
                        }
                        #expect(String(describing: error).contains("larger than"))
                    }
                }
            }

            /// 70,000 folded continuation lines (as many as libcurl's 300 KiB head allows) join into
            /// one field.
            @Test func foldedHeaderLinesAreJoined() async throws {
                try await HTTPTestSupport.withServer { server in
                    let digits = (0..<70_000).map { String($0 % 10) }
                    let folded = digits.joined(separator: "\r\n ")
                    server.route("/folded.xml", LoopbackResponse(headers: [("X-Folded", folded)], body: .text("<r/>")))
                    let (response, _) = try await XMLByteSource.start(URLRequest(url: server.url("/folded.xml")))
                    let value = try #require(response.value(forHTTPHeaderField: "X-Folded"))
                    #expect(value == digits.joined(separator: " "))
                }
            }

            /// Joining folded lines costs their length, not its square: the field grows in place, its
            /// storage reallocated only as it doubles, never copied for each line (copying it took
            /// three times as long at 70,000 lines). Watched through the storage's address after each
            /// line, which moves a few dozen times at most when the field grows in place and at
            /// nearly every line when it is copied; no clock is read.
            @Test func foldingIsLinear() {
                let lineCount = 70_000
                var head = CurlResponseHead()
                var moves = 0
                var address: UInt?
                for line in ["HTTP/1.1 200 OK\r\n", "X-Folded: start\r\n"]
                    + Array(repeating: " c\r\n", count: lineCount)
                {
                    var line = line
                    _ = line.withUTF8 { head.add(UnsafeRawBufferPointer($0)) }
                    // Read and let go before the next line, so that the field stays uniquely owned.
                    let now = head.fields.last?.value.utf8.withContiguousStorageIfAvailable {
                        UInt(bitPattern: $0.baseAddress)
                    }
                    if let now, now != address {
                        moves += 1
                        address = now
                    }
                }
                #expect(head.fields.count == 1)
                #expect(head.fields.first?.value.utf8.count == "start".utf8.count + 2 * lineCount)
                #expect(moves <= 64, "the field's storage moved \(moves) times in \(lineCount) lines")
            }
        }
    }
#endif
