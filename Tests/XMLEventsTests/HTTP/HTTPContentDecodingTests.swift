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
        /// Content codings are asked for, checked and undone by the package itself, on the
        /// consumer's side of the backpressure, against a real server that codes its bodies.
        @Suite struct HTTPContentDecodingTests {
            static let every = XMLHTTPConfiguration(acceptedContentCodings: XMLHTTPContentCoding.allCases)

            private static func drain(_ chunks: XMLByteSource) async -> (body: Data, sizes: [Int], error: (any Error)?)
            {
                var body = Data()
                var sizes: [Int] = []
                let error = await HTTPTestSupport.error {
                    for try await chunk in chunks {
                        body.append(chunk)
                        sizes.append(chunk.count)
                    }
                }
                return (body, sizes, error)
            }

            static let encodings: [LoopbackResponse.ContentEncoding] = [
                .gzip, .deflate, .rawDeflate, .zstd, .brotli, .layered([.gzip, .brotli]), .layered([.zstd, .deflate]),
            ]

            @Test(arguments: encodings)
            func everyCodingIsDecodedInBoundedChunks(encoding: LoopbackResponse.ContentEncoding) async throws {
                try await HTTPTestSupport.withServer { server in
                    let (document, data, _) = HTTPTestSupport.corpus(1_000_000)
                    server.route(
                        "/doc.xml",
                        LoopbackResponse(body: .stream(document.chunks(ofSize: 50_000)), contentEncoding: encoding))
                    let chunks = XMLByteSource(httpURL: server.url("/doc.xml"), configuration: Self.every)
                    let (body, sizes, error) = await Self.drain(chunks)
                    #expect(error == nil, "\(encoding): \(String(describing: error))")
                    #expect(body == data, "\(encoding)")
                    #expect(sizes.allSatisfy { $0 <= ContentDecodingPipeline.step })
                    #expect(chunks.progress.decodedByteCount == data.count)
                    #expect(chunks.progress.receivedByteCount < data.count / 2)
                }
            }

            /// Only gzip and deflate are asked for by default, and a server that sends another coding
            /// gets a typed error before the first chunk, however large its body would be.
            @Test func theDefaultsAskForGzipAndDeflateOnlyAndRefuseTheRest() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/echo") { request in
                        LoopbackResponse(body: .text(request.header("Accept-Encoding") ?? "none"))
                    }
                    let asked = try await HTTPTestSupport.collect(XMLByteSource(httpURL: server.url("/echo")))
                    #expect(String(decoding: asked, as: UTF8.self) == "gzip, deflate")
                    let all = try await HTTPTestSupport.collect(
                        XMLByteSource(httpURL: server.url("/echo"), configuration: Self.every))
                    #expect(String(decoding: all, as: UTF8.self) == "gzip, deflate, br, zstd")
                    let none = try await HTTPTestSupport.collect(
                        XMLByteSource(
                            httpURL: server.url("/echo"),
                            configuration: XMLHTTPConfiguration(acceptedContentCodings: [])))
                    #expect(String(decoding: none, as: UTF8.self) == "identity")

                    let bomb = try LoopbackResponse.ContentEncoding.zstd.encode(
                        .repeating(Data(" ".utf8), totalBytes: 1 << 30))
                    server.route(
                        "/bomb.xml", LoopbackResponse(headers: [("Content-Encoding", "zstd")], body: .data(bomb)))
                    let url = server.url("/bomb.xml")
                    let error = await HTTPTestSupport.error { _ = try await XMLByteSource.start(URLRequest(url: url)) }
                    #expect(
                        error as? XMLHTTPError
                            == .undecodableContent(
                                url: url, reason: "the server sent zstd although it was not asked for"))
                    #expect(String(describing: error).contains("zstd although it was not asked for"))
                }
            }

            static let refusals: [(String, String, String)] = [
                ("compress", "<r/>", "the server sent the content coding 'compress', which is not supported"),
                ("br", "<r>not brotli</r>", "the body is not valid brotli"),
                ("zstd", "<r>not zstd</r>", "the body is not valid zstd"),
                ("gzip", "<r>not gzip</r>", "the body is not valid gzip"),
                ("gzip, gzip, gzip, gzip, gzip", "<r/>", "5 content codings, more than the 4 accepted"),
            ]

            /// Garbage under a known label, or a label it does not know, is a typed error that says so.
            @Test(arguments: refusals)
            func undecodableBodiesFailWithTheirReason(label: String, body: String, reason: String) async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/doc.xml", LoopbackResponse(headers: [("Content-Encoding", label)], body: .text(body)))
                    let url = server.url("/doc.xml")
                    let (delivered, _, error) = await Self.drain(XMLByteSource(httpURL: url, configuration: Self.every))
                    #expect(delivered.isEmpty)
                    guard let failure = error as? XMLHTTPError, failure.code == .undecodableContent, failure.url == url,
                        let said = failure.reason
                    else {
                        Issue.record("\(label): unexpected \(String(describing: error))")
                        return
                    }
                    #expect(said.hasPrefix(reason) || said.contains(reason), "\(label): \(said)")
                }
            }

            /// A body found undecodable ends its transfer at once, though the consumer still holds the
            /// iterator, which then ends.
            @Test func anUndecodableBodyEndsItsTransfer() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/garbage.xml",
                        LoopbackResponse(
                            headers: [("Content-Encoding", "br")],
                            body: .repeating(Data("<r>not brotli</r>".utf8), totalBytes: 20_000_000),
                            sendBufferSize: 16_384))
                    let url = server.url("/garbage.xml")
                    var iterator = XMLByteSource(httpURL: url, configuration: Self.every).makeAsyncIterator()
                    let error = await HTTPTestSupport.error { _ = try await iterator.next() }
                    guard let failure = error as? XMLHTTPError, failure.code == .undecodableContent, failure.url == url
                    else {
                        Issue.record("unexpected \(String(describing: error))")
                        return
                    }
                    #expect(await HTTPTestSupport.eventually { server.openConnections == 0 })
                    #expect(server.bodyBytesWritten < 10_000_000)
                    let after = try await iterator.next()
                    #expect(after == nil)
                }
            }

            /// A stream cut at its end (the connection closed cleanly after part of it) or followed by
            /// garbage is an error, not a silently short body.
            @Test func incompleteOrOverlongStreamsFail() async throws {
                try await HTTPTestSupport.withServer { server in
                    let coded = try LoopbackResponse.ContentEncoding.gzip.encode(
                        .text(String(repeating: "<r/>", count: 1)))
                    server.route(
                        "/cut.xml",
                        LoopbackResponse(headers: [("Content-Encoding", "gzip")], body: .data(coded.dropLast(8))))
                    let deflated = try LoopbackResponse.ContentEncoding.deflate.encode(.text("<r/>"))
                    server.route(
                        "/long.xml",
                        LoopbackResponse(
                            headers: [("Content-Encoding", "deflate")], body: .data(deflated + Data("junk".utf8))))
                    let (_, _, cut) = await Self.drain(XMLByteSource(httpURL: server.url("/cut.xml")))
                    #expect(
                        cut as? XMLHTTPError
                            == .undecodableContent(
                                url: server.url("/cut.xml"), reason: "the body ends before the end of its gzip stream"))
                    let (_, _, long) = await Self.drain(XMLByteSource(httpURL: server.url("/long.xml")))
                    #expect(
                        long as? XMLHTTPError
                            == .undecodableContent(
                                url: server.url("/long.xml"), reason: "data follows the end of the deflate stream"))
                }
            }

            /// A complete gzip member followed by one stray byte, from a real server, in the same
            /// write or alone after a pause: a typed error after the document's events, never a
            /// silent end.
            @Test(arguments: [Data([0x0A]), Data([0x00]), Data([0x1F])])
            func aStrayByteAfterAGzipMemberIsUndecodable(_ stray: Data) async throws {
                try await HTTPTestSupport.withServer { server in
                    let document = Data("<r><a>text</a></r>".utf8)
                    let member = try LoopbackResponse.ContentEncoding.gzip.encode(.data(document))
                    server.route(
                        "/together.xml",
                        LoopbackResponse(headers: [("Content-Encoding", "gzip")], body: .data(member + stray)))
                    server.route(
                        "/apart.xml",
                        LoopbackResponse(
                            headers: [("Content-Encoding", "gzip")], body: .stream([member, stray]),
                            pacing: .drip(bytes: member.count, every: .milliseconds(50))))
                    for path in ["/together.xml", "/apart.xml"] {
                        let url = server.url(path)
                        let (body, _, error) = await Self.drain(XMLByteSource(httpURL: url))
                        guard let failure = error as? XMLHTTPError, failure.code == .undecodableContent else {
                            Issue.record("\(path) \(stray): \(String(describing: error))")
                            continue
                        }
                        #expect(failure.url == url)
                        #expect(body == document, "\(path)")
                        var events: [XMLEvent] = []
                        let parsed = await HTTPTestSupport.error {
                            for try await event in XMLEvents(url: url) { events.append(event) }
                        }
                        #expect(parsed is XMLHTTPError, "\(path): \(String(describing: parsed))")
                        #expect(!events.contains(.endDocument), "\(path)")
                    }
                }
            }

            /// gzip members one after the other are one body (RFC 1952 §2.2), and an empty body is
            /// complete in any coding.
            @Test func concatenatedGzipMembersAndEmptyBodiesAreWhole() async throws {
                try await HTTPTestSupport.withServer { server in
                    let first = try LoopbackResponse.ContentEncoding.gzip.encode(.text("<r>"))
                    let second = try LoopbackResponse.ContentEncoding.gzip.encode(.text("</r>"))
                    server.route(
                        "/two.xml",
                        LoopbackResponse(headers: [("Content-Encoding", "gzip")], body: .data(first + second)))
                    server.route(
                        "/empty.xml", LoopbackResponse(headers: [("Content-Encoding", "br, gzip")], body: .empty))
                    let two = try await HTTPTestSupport.collect(XMLByteSource(httpURL: server.url("/two.xml")))
                    #expect(String(decoding: two, as: UTF8.self) == "<r></r>")
                    let empty = try await HTTPTestSupport.collect(
                        XMLByteSource(httpURL: server.url("/empty.xml"), configuration: Self.every))
                    #expect(empty.isEmpty)
                    var head = URLRequest(url: server.url("/two.xml"))
                    head.httpMethod = "HEAD"
                    let (response, _) = try await XMLByteSource.start(head)
                    #expect(response.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
                }
            }

            /// The excerpt of a compressed error body is decoded.
            @Test func compressedErrorBodiesAreDecodedForTheExcerpt() async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route(
                        "/gone.xml",
                        LoopbackResponse(
                            status: 410, body: .text("this feed has moved to /feeds/new.xml\n"), contentEncoding: .gzip)
                    )
                    let url = server.url("/gone.xml")
                    let (_, _, error) = await Self.drain(XMLByteSource(httpURL: url))
                    #expect(
                        error as? XMLHTTPError
                            == .unacceptableStatus(
                                410, url: url, bodyPrefix: Data("this feed has moved to /feeds/new.xml\n".utf8)))
                }
            }

            /// Decoding happens as the consumer reads: while it holds still, a 512 MiB gzip bomb has
            /// been decoded no further than what it took, and the transfer has paused with the encoded
            /// bytes alone in its buffer, within the high watermark.
            @Test func nothingIsDecodedAheadOfTheConsumer() async throws {
                try await HTTPTestSupport.withServer { server in
                    var document = Data("<r/>".utf8)
                    document.append(Data(repeating: 0x20, count: 1 << 20))
                    let coded = try LoopbackResponse.ContentEncoding.gzip.encode(
                        .stream([document] + Array(repeating: Data(repeating: 0x20, count: 1 << 20), count: 511)))
                    server.route(
                        "/bomb.xml", LoopbackResponse(headers: [("Content-Encoding", "gzip")], body: .data(coded)))
                    let chunks = XMLByteSource(httpURL: server.url("/bomb.xml"))
                    var iterator = chunks.makeAsyncIterator()
                    let first = try #require(try await iterator.next())
                    #expect(first.prefix(4) == Data("<r/>".utf8))
                    // While the consumer holds still, the transfer receives up to the high watermark and
                    // pauses, the rest of the encoded body (several MB) left in the network.
                    let high = XMLHTTPConfiguration.default.watermarks.upperBound
                    let progress = chunks.progress
                    #expect(coded.count > 2 * high)
                    #expect(
                        await HTTPTestSupport.eventually { progress.receivedByteCount >= high },
                        "received \(progress.receivedByteCount), buffered \(progress.bufferedByteCount)")
                    #expect(progress.decodedByteCount == first.count)
                    // The buffer, the chunks the first read took, and one write over the watermark.
                    #expect(progress.receivedByteCount <= high + 3 * 16_384)
                    #expect(progress.peakBufferedByteCount <= high + 16_384)
                    var total = first.count
                    while let chunk = try await iterator.next() { total += chunk.count }
                    #expect(total == document.count + 511 << 20)
                    #expect(chunks.progress.decodedByteCount == total)
                }
            }
        }
    }
#endif
