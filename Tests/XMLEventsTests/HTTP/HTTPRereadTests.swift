#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsInput
    @testable import XMLEventsHTTP

    extension HTTPTests {
        /// A server without ranges but with a strong validator (nginx's `gzip_static`, Python's
        /// `http.server`) is asked for the same version again, and the bytes the parser already
        /// had are dropped: the consumer gets exactly the events of the file. Another version,
        /// length or coding, or other bytes under the same validator, is refused; no validator
        /// leaves the break's error.
        @Suite struct HTTPRereadTests {
            typealias Document = LoopbackRangedDocument

            /// Like nginx serving a stored `.gz` with `gzip_static`: `Content-Encoding: gzip`, a
            /// strong `ETag`, no `Accept-Ranges`, and the whole `200` for a `Range`.
            ///
            /// Small socket buffers keep what an RST can discard well below the distance between
            /// two cuts, so that each continuation gets past the byte where the last one broke
            /// however slowly the client is scheduled.
            static func gzipStatic(_ coded: Data, cuts: [Document.Cut]) -> Document {
                Document(
                    .init(bytes: coded, entityTag: ResumeSupport.entityTag, contentEncoding: "gzip"), cuts: cuts,
                    rangeHandling: .ignored, advertisesRanges: false, sendBufferSize: 4_096)
            }

            /// Six cuts of a 2.9 MB document's gzip stream, by FIN or RST: each continuation asks
            /// for the same version with `If-Match`, drops what the parser had, and goes on into the
            /// same decoder.
            @Test(arguments: [Document.Cut.Kind.close, .reset])
            func aGzipStaticServerCutSixTimesGivesTheEventsOfTheFile(kind: Document.Cut.Kind) async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(2_900_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let coded = try LoopbackResponse.ContentEncoding.gzip.encode(.data(data))
                    let offsets = (1...6).map { coded.count * $0 / 7 + $0 * 13 }
                    let document = Self.gzipStatic(coded, cuts: offsets.map { Document.Cut(offset: $0, kind: kind) })
                    server.route("/doc.xml", document)
                    var configuration = ResumeSupport.configuration(codings: [.gzip])
                    configuration.socketReceiveBufferSize = 8_192
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: configuration)
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(String(describing: error))")
                    // Compared apart from the expectation, which would print both lists whole.
                    let isReference = received == reference
                    #expect(isReference, "\(received.count) events of \(reference.count)")
                    let progress = events.source.progress
                    #expect(progress.resumptionCount == 6)
                    #expect(progress.receivedByteCount == coded.count)
                    #expect(progress.decodedByteCount == data.count)
                    if kind == .close {
                        #expect(progress.rereadByteCount == offsets.reduce(0, +))
                    } else {
                        #expect(progress.rereadByteCount <= offsets.reduce(0, +))
                    }
                    let requests = document.requests
                    #expect(requests.count == 7)
                    #expect(requests.allSatisfy { $0.status == 200 && $0.range == nil && $0.ifRange == nil })
                    #expect(requests.map(\.ifMatch) == [nil] + Array(repeating: ResumeSupport.entityTag, count: 6))
                }
            }

            /// Without an entity tag, a strong `Last-Modified` asks for the same version with
            /// `If-Unmodified-Since`, as from Python's `http.server`.
            @Test func aStrongLastModifiedAsksWithIfUnmodifiedSince() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(200_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let modified = "Sun, 06 Nov 1994 08:49:37 GMT"
                    let document = Document(
                        .init(bytes: data, lastModified: modified), cuts: [.close(at: 50_001), .reset(at: 120_003)],
                        advertisesRanges: false)
                    server.route("/doc.xml", document)
                    let events = XMLEvents(url: server.url("/doc.xml"), configuration: ResumeSupport.configuration())
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(error == nil, "\(String(describing: error))")
                    #expect(received == reference)
                    #expect(document.requests.map(\.ifUnmodifiedSince) == [nil, modified, modified])
                    #expect(document.requests.map(\.ifMatch) == [nil, nil, nil])
                    #expect(events.source.progress.rereadByteCount > 50_001)
                }
            }

            static let cut = 30_000

            /// Serves `version` without ranges, cut at ``cut`` and replaced by `replacement`;
            /// returns the error, after checking that the events are a proper prefix of the first
            /// version's and that no byte after the cut was delivered.
            private static func refusal(
                _ version: (Data) -> Document.Version, replacement: ((Data) -> Document.Version)?
            ) async throws -> (error: (any Error)?, url: URL, document: Document) {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(100_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let document = Document(
                        version(data), cuts: [.close(at: cut, replacingWith: replacement?(data))],
                        advertisesRanges: false)
                    server.route("/doc.xml", document)
                    let url = server.url("/doc.xml")
                    let events = XMLEvents(url: url, configuration: ResumeSupport.configuration())
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(ResumeSupport.isProperPrefix(received, of: reference))
                    #expect(!received.isEmpty)
                    #expect(events.source.progress.receivedByteCount == cut)
                    #expect(events.source.progress.decodedByteCount == cut)
                    return (error, url, document)
                }
            }

            static func tagged(_ data: Data) -> Document.Version {
                .init(bytes: data, entityTag: ResumeSupport.entityTag)
            }

            /// Another version by the time of the continuation: `If-Match` gets `412`.
            @Test func anotherVersionIsRefusedByIfMatch() async throws {
                let (error, url, document) = try await Self.refusal(Self.tagged) { data in
                    .init(bytes: HTTPResumeBoundsTests.otherVersion(of: data, after: 0), entityTag: "\"v2\"")
                }
                #expect(
                    error as? XMLHTTPError
                        == .resumptionRefused(url: url, receivedByteCount: Self.cut, reason: .documentChanged))
                #expect(document.requests.map(\.status) == [200, 412])
            }

            /// The same entity tag over other bytes (a server whose tag does not follow its
            /// content): the bytes re-read differ from those received, and nothing more is taken.
            @Test func otherBytesUnderTheSameValidatorAreRefused() async throws {
                let (error, url, document) = try await Self.refusal(Self.tagged) { data in
                    Self.tagged(HTTPResumeBoundsTests.otherVersion(of: data, after: 0))
                }
                #expect(
                    error as? XMLHTTPError
                        == .resumptionRefused(url: url, receivedByteCount: Self.cut, reason: .documentChanged))
                #expect(document.requests.map(\.status) == [200, 200])
            }

            /// The same entity tag with another length, or another content coding: not the same
            /// representation.
            @Test(arguments: ["length", "coding"])
            func anotherLengthOrCodingIsRefused(_ change: String) async throws {
                let (error, url, _) = try await Self.refusal(Self.tagged) { data in
                    var version = Self.tagged(data)
                    if change == "length" {
                        version.bytes.append(Data(" ".utf8))
                    } else {
                        version.contentEncoding = "identity, gzip"
                    }
                    return version
                }
                #expect(
                    error as? XMLHTTPError
                        == .resumptionRefused(url: url, receivedByteCount: Self.cut, reason: .documentChanged))
            }

            /// Without a strong validator there is nothing to ask for the same version with: the
            /// break's error stands, and no continuation is asked for.
            @Test func withoutAStrongValidatorTheBreakStands() async throws {
                var length = 0
                let (error, url, document) = try await Self.refusal(
                    { data in
                        length = data.count
                        return .init(bytes: data, entityTag: "W/\"v1\"")
                    }, replacement: nil)
                #expect(
                    error as? XMLHTTPError
                        == .truncatedBody(url: url, receivedByteCount: Self.cut, expectedByteCount: length))
                #expect(document.requests.count == 1)
            }

            /// What reading `data` from a server without ranges, which cuts every connection
            /// `step` bytes past the last, gave with 8 attempts: so many that the budgets of
            /// continuations let it go on for 32 short ones.
            struct SteppedReading {
                var events: [XMLEvent]
                var error: (any Error)?
                var url: URL
                var progress: XMLSourceProgress
                var document: Document
            }

            static func read(_ data: Data, cutEvery step: Int) async throws -> SteppedReading {
                try await HTTPTestSupport.withServer { server in
                    let cuts = stride(from: step, to: data.count, by: step).map { Document.Cut.close(at: $0) }
                    let document = Document(Self.tagged(data), cuts: cuts, advertisesRanges: false)
                    server.route("/doc.xml", document)
                    let url = server.url("/doc.xml")
                    let events = XMLEvents(url: url, configuration: ResumeSupport.configuration(attempts: 8))
                    let (received, error) = await ResumeSupport.collect(events)
                    return SteppedReading(
                        events: received, error: error, url: url, progress: events.source.progress, document: document)
                }
            }

            /// A server without ranges that cuts every connection 10,000 bytes past the last: no
            /// budget of continuations stops it, and each re-read costs every byte received,
            /// 2.1 MB in all for a 210 KB document. The bytes re-read stay within four times the
            /// document's length: 12 re-reads (780,000 bytes), and the thirteenth break, at
            /// 130,000 bytes, ends the transfer with its own error.
            @Test func theBytesReReadStayWithinFourTimesTheDocument() async throws {
                let data = ResumeSupport.document(210_000)
                // Four times the length admits 12 re-reads (780,000 bytes), not 13 (910,000).
                try #require((195_000..<227_500).contains(data.count))
                let reference = try await ResumeSupport.fileEvents(of: data)
                let reading = try await Self.read(data, cutEvery: 10_000)
                #expect(
                    reading.error as? XMLHTTPError
                        == .truncatedBody(url: reading.url, receivedByteCount: 130_000, expectedByteCount: data.count))
                // Compared apart from the expectation, which would print both lists whole.
                let isPrefix = ResumeSupport.isProperPrefix(reading.events, of: reference)
                #expect(isPrefix, "\(reading.events.count) events of \(reference.count)")
                #expect(reading.progress.rereadByteCount == (1...12).reduce(0) { $0 + 10_000 * $1 })
                #expect(reading.progress.resumptionCount == 12)
                #expect(reading.document.requests.count == 13)
                #expect(reading.document.requests.allSatisfy { $0.status == 200 && $0.range == nil })
            }

            /// A server without ranges that sends a hundred bytes more on each connection: every
            /// re-read makes a little progress, and the budget of short continuations ends it.
            @Test func aTricklingServerWithoutRangesIsGivenUpOn() async throws {
                let data = ResumeSupport.document(60_000)
                let reading = try await Self.read(data, cutEvery: 100)
                #expect(
                    reading.error as? XMLHTTPError
                        == .truncatedBody(url: reading.url, receivedByteCount: 3_300, expectedByteCount: data.count))
                #expect(reading.document.requests.count == 33)
                // Request k re-read the 100 × (k − 1) bytes before its own hundred.
                #expect(reading.progress.rereadByteCount == (1...32).reduce(0) { $0 + 100 * $1 })
            }
        }
    }
#endif
