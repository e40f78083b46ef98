#if os(Linux)
    import CZstd
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    /// The content decoders without a network: whatever the chunks of the coded body, the same
    /// body comes out, one bounded step at a time, and bad input is a failure that says why.
    @Suite struct ContentDecodingPipelineTests {
        static let document: Data = {
            var xml = "<?xml version=\"1.0\"?>\n<feed>\n"
            for index in 0..<3_000 { xml += "  <entry id=\"\(index)\"><title>Entry \(index)</title></entry>\n" }
            return Data((xml + "</feed>\n").utf8)
        }()

        /// Feeds `coded` in pieces of `size` bytes and decodes everything.
        private static func decode(_ coded: Data, codings: [XMLHTTPContentCoding], pieces size: Int) throws -> [Data] {
            let pipeline = try ContentDecodingPipeline(codings: codings)
            var outputs: [Data] = []
            var offset = coded.startIndex
            while true {
                switch try pipeline.nextOutcome() {
                case .decoded(let bytes):
                    outputs.append(bytes)
                case .ended:
                    return outputs
                case .needsInput:
                    if offset < coded.endIndex {
                        let end = min(offset + size, coded.endIndex)
                        pipeline.feed(coded[offset..<end])
                        offset = end
                    } else {
                        pipeline.endOfInput()
                    }
                }
            }
        }

        static let cases: [(LoopbackResponse.ContentEncoding, [XMLHTTPContentCoding])] = [
            (.gzip, [.gzip]), (.deflate, [.deflate]), (.rawDeflate, [.deflate]), (.zstd, [.zstd]),
            (.brotli, [.brotli]), (.layered([.gzip, .brotli]), [.gzip, .brotli]),
            (.layered([.brotli, .zstd, .deflate]), [.brotli, .zstd, .deflate]),
        ]

        @Test(arguments: cases)
        func anySplitDecodesToTheSameBodyInBoundedSteps(
            encoding: LoopbackResponse.ContentEncoding, codings: [XMLHTTPContentCoding]
        ) throws {
            let coded = try encoding.encode(
                .stream(
                    stride(from: 0, to: Self.document.count, by: 10_000).map {
                        Self.document[$0..<min($0 + 10_000, Self.document.count)]
                    }))
            for size in [1, 7, 4_096, coded.count] {
                let outputs = try Self.decode(coded, codings: codings, pieces: size)
                #expect(outputs.reduce(Data(), +) == Self.document, "\(codings) in pieces of \(size)")
                #expect(outputs.allSatisfy { !$0.isEmpty && $0.count <= ContentDecodingPipeline.step })
            }
        }

        /// A complete gzip member followed by a stray byte (a newline a server appends, a zero, the
        /// first byte of a member's magic) or two is not a body that ends well: the stray byte
        /// starts a member that never comes, whether it arrives with the member's end or alone.
        @Test(arguments: [[0x0A], [0x00], [0x1F], [0x1F, 0x8B], [0x0A, 0x0A]] as [[UInt8]])
        func aStrayByteAfterAGzipMemberIsAFailure(_ stray: [UInt8]) throws {
            let member = try LoopbackResponse.ContentEncoding.gzip.encode(.data(Self.document))
            let body = member + Data(stray)
            for size in [1, 5, member.count, member.count + 1, body.count] {
                #expect(throws: ContentDecodingFailure.self, "\(stray) in pieces of \(size)") {
                    _ = try Self.decode(body, codings: [.gzip], pieces: size)
                }
            }
            let outputs = try Self.decode(member, codings: [.gzip], pieces: member.count)
            #expect(outputs.reduce(Data(), +) == Self.document)
        }

        /// The failure says which: a byte that cannot start a member is not gzip; one that could
        /// leaves the body ending inside its stream.
        @Test func aStrayByteAfterAGzipMemberSaysWhy() throws {
            let member = try LoopbackResponse.ContentEncoding.gzip.encode(.text("<r/>"))
            #expect(throws: ContentDecodingFailure("the body ends before the end of its gzip stream")) {
                _ = try Self.decode(member + Data([0x0A]), codings: [.gzip], pieces: member.count)
            }
            #expect(throws: ContentDecodingFailure("the body is not valid gzip: incorrect header check")) {
                _ = try Self.decode(member + Data([0x0A, 0x0A]), codings: [.gzip], pieces: member.count + 2)
            }
        }

        /// A zstd frame that asks for a window over 8 MiB is refused before anything is decoded.
        @Test func zstdWindowsOverEightMebibytesAreRefused() throws {
            let context = try #require(ZSTD_createCCtx())
            defer { ZSTD_freeCCtx(context) }
            _ = ZSTD_CCtx_setParameter(context, ZSTD_c_windowLog, 24)
            var coded = Data()
            var output = [UInt8](repeating: 0, count: 1 << 16)
            for directive in [ZSTD_e_flush, ZSTD_e_end] {
                Data("<r/>".utf8).withUnsafeBytes { input in
                    output.withUnsafeMutableBytes { buffer in
                        var inBuffer = ZSTD_inBuffer(
                            src: input.baseAddress, size: directive == ZSTD_e_flush ? input.count : 0, pos: 0)
                        var outBuffer = ZSTD_outBuffer(dst: buffer.baseAddress, size: buffer.count, pos: 0)
                        _ = ZSTD_compressStream2(context, &outBuffer, &inBuffer, directive)
                        coded.append(contentsOf: buffer[..<outBuffer.pos])
                    }
                }
            }
            #expect(
                throws: ContentDecodingFailure(
                    "the body is not valid zstd: Frame requires too much memory for decoding")
            ) {
                _ = try Self.decode(coded, codings: [.zstd], pieces: coded.count)
            }
        }

        @Test func contentEncodingListsAreReadInOrder() throws {
            let headers = [
                ("Content-Type", "text/xml"), ("content-encoding", " X-GZip , identity"), ("Content-Encoding", "br"),
            ]
            let codings = try ContentCodingList.codings(in: headers, accepted: XMLHTTPContentCoding.allCases)
            #expect(codings == [.gzip, .brotli])
            #expect(throws: ContentDecodingFailure("the server sent br although it was not asked for")) {
                _ = try ContentCodingList.codings(in: headers, accepted: [.gzip])
            }
            #expect(try ContentCodingList.codings(in: [("Content-Encoding", "identity")], accepted: []) == [])
            #expect(ContentCodingList.acceptEncoding(for: [.zstd, .gzip]) == "zstd, gzip")
        }
    }
#endif
