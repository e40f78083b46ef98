import Foundation
import LoopbackHTTP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension LoopbackHTTPTests {
    @Suite("Content codings: gzip, deflate, raw deflate")
    struct Encodings {
        static let document: Data = {
            var xml = "<?xml version=\"1.0\"?>\n<feed>\n"
            for index in 0..<5_000 { xml += "  <entry id=\"\(index)\"><title>Entry \(index)</title></entry>\n" }
            return Data((xml + "</feed>\n").utf8)
        }()

        static let pieces = LoopbackHTTPTests.pieces(of: document, sizes: [10_000, 1, 65_536, 700])

        @Test(
            arguments: [
                (LoopbackResponse.ContentEncoding.gzip, "gzip", Int32(31), UInt8(0x1f)),
                (.deflate, "deflate", 15, 0x78),
                (.rawDeflate, "deflate", -15, nil),
            ] as [(LoopbackResponse.ContentEncoding, String, Int32, UInt8?)]
        )
        func codedBodyInflatesToTheOriginal(
            encoding: LoopbackResponse.ContentEncoding,
            header: String,
            windowBits: Int32,
            firstByte: UInt8?
        ) throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/coded", LoopbackResponse(body: .stream(Self.pieces), contentEncoding: encoding))
                let response = try RawHTTPClient.fetch(server.port, "/coded")
                #expect(response.header("Content-Encoding") == header)
                #expect(response.header("Transfer-Encoding") == "chunked")
                #expect(response.isComplete)
                if let firstByte { #expect(response.body.first == firstByte) }
                #expect(response.body.count < Self.document.count / 3)
                #expect(try Inflater.inflate(response.body, windowBits: windowBits) == Self.document)
                // Each piece of the body is flushed, so it is one chunk, and the trailer one more.
                #expect(response.chunkSizes.count == Self.pieces.count + 1)
            }
        }

        @Test func fixedBodyIsCodedAndChunkedSinceItsCodedLengthIsUnknown() throws {
            try LoopbackHTTPTests.withServer { server in
                server.route("/fixed", LoopbackResponse(body: .data(Self.document), contentEncoding: .gzip))
                let response = try RawHTTPClient.fetch(server.port, "/fixed")
                #expect(response.header("Content-Length") == nil)
                #expect(try Inflater.inflate(response.body, windowBits: 31) == Self.document)
            }
        }

        @Test func identityBodyKeepsTheHeadersContentEncoding() throws {
            try LoopbackHTTPTests.withServer { server in
                let lie = LoopbackResponse(headers: [("Content-Encoding", "gzip")], body: .text("not gzip at all"))
                server.route("/lie", lie)
                let response = try RawHTTPClient.fetch(server.port, "/lie")
                #expect(response.header("Content-Encoding") == "gzip")
                #expect(response.text == "not gzip at all")
            }
        }

        @Test func urlSessionDecodesGzip() async throws {
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/feed.xml", LoopbackResponse(body: .stream(Self.pieces), contentEncoding: .gzip))
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await session.data(from: server.url("/feed.xml"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(data == Self.document)
        }
    }
}
