#if os(Linux)
    import CBrotli
    import CZstd
    import Foundation
    import LoopbackHTTP
    import Testing

    extension LoopbackHTTPTests {
        /// The server's zstd, brotli and layered codings, checked with the libraries' one-shot
        /// decoders (not the client's streaming ones), and its trickled heads and interim responses.
        @Suite("Content codings: zstd, brotli, layered; trickled heads")
        struct NewCodings {
            static let document = LoopbackHTTPTests.Encodings.document
            static let pieces = LoopbackHTTPTests.pieces(of: document, sizes: [10_000, 1, 65_536, 700])

            static func unzstd(_ data: Data) -> Data? {
                let capacity = document.count + 1
                var output = Data(count: capacity)
                let size = output.withUnsafeMutableBytes { out in
                    data.withUnsafeBytes { ZSTD_decompress(out.baseAddress, capacity, $0.baseAddress, data.count) }
                }
                return ZSTD_isError(size) == 0 ? output.prefix(size) : nil
            }

            static func unbrotli(_ data: Data) -> Data? {
                var size = document.count + 1
                var output = Data(count: size)
                let result = output.withUnsafeMutableBytes { out in
                    data.withUnsafeBytes { input in
                        BrotliDecoderDecompress(
                            data.count, input.bindMemory(to: UInt8.self).baseAddress, &size,
                            out.bindMemory(to: UInt8.self).baseAddress)
                    }
                }
                return result == BROTLI_DECODER_RESULT_SUCCESS ? output.prefix(size) : nil
            }

            @Test func zstdAndBrotliBodiesDecodeToTheOriginal() throws {
                try LoopbackHTTPTests.withServer { server in
                    server.route("/z", LoopbackResponse(body: .stream(Self.pieces), contentEncoding: .zstd))
                    server.route("/b", LoopbackResponse(body: .stream(Self.pieces), contentEncoding: .brotli))
                    let zstd = try RawHTTPClient.fetch(server.port, "/z")
                    let brotli = try RawHTTPClient.fetch(server.port, "/b")
                    #expect(zstd.header("Content-Encoding") == "zstd")
                    #expect(brotli.header("Content-Encoding") == "br")
                    #expect(Self.unzstd(zstd.body) == Self.document)
                    #expect(Self.unbrotli(brotli.body) == Self.document)
                    // Each piece is flushed: one chunk each, and the ending one more.
                    #expect(zstd.chunkSizes.count == Self.pieces.count + 1)
                }
            }

            /// Layers are applied in the order listed, and announced in it.
            @Test func layeredCodingsAreAppliedInOrder() throws {
                try LoopbackHTTPTests.withServer { server in
                    server.route(
                        "/layered",
                        LoopbackResponse(body: .stream(Self.pieces), contentEncoding: .layered([.zstd, .brotli])))
                    let response = try RawHTTPClient.fetch(server.port, "/layered")
                    #expect(response.header("Content-Encoding") == "zstd, br")
                    let zstd = try #require(Self.unbrotli(response.body))
                    #expect(Self.unzstd(zstd) == Self.document)
                    let whole = try LoopbackResponse.ContentEncoding.layered([.zstd, .brotli]).encode(
                        .stream(Self.pieces))
                    #expect(Self.unbrotli(whole).flatMap(Self.unzstd) == Self.document)
                }
            }

            /// The head trickles out a byte at a time, interim responses first.
            @Test func trickledHeadComesAByteAtATime() throws {
                try LoopbackHTTPTests.withServer { server in
                    server.route(
                        "/slow",
                        LoopbackResponse(
                            body: .text("<r/>"), headPacing: .drip(bytes: 1, every: .milliseconds(20)),
                            interimStatuses: [100]))
                    let client = try RawHTTPClient(port: server.port)
                    try client.sendRequest("GET", "/slow")
                    #expect(client.readOnce(timeout: RawHTTPClient.patience) == .bytes(1))
                    #expect(client.buffer == Array("H".utf8))
                    let started = ContinuousClock.now
                    let interim = try client.readHead()
                    #expect(interim.status == 100)
                    #expect(ContinuousClock.now - started >= .milliseconds(20 * 20))
                    let head = try client.readHead()
                    #expect(head.status == 200)
                    let response = try client.readBody(of: head)
                    #expect(response.text == "<r/>")
                }
            }
        }
    }
#endif
