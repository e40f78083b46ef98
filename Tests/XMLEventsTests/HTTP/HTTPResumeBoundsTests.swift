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
        /// Resumption joins only the same resource, takes exactly the bytes a `206` promises, and
        /// gives up on a server that never lets a transfer make progress: against real servers
        /// that redirect a continuation, send more than their `Content-Range`, answer `206` to a
        /// request without `Range`, or cut every connection after a hundred bytes. Each ends with
        /// a typed error after events that are the document's own, none spliced and none extra.
        @Suite struct HTTPResumeBoundsTests {
            typealias Document = LoopbackRangedDocument

            static let cut = 30_000

            /// `data` with every digit after `offset` replaced by the next one: the same length and
            /// shape, other text.
            static func otherVersion(of data: Data, after offset: Int) -> Data {
                var other = data
                for index in offset..<other.count where (0x30...0x39).contains(other[index]) {
                    other[index] = other[index] == 0x39 ? 0x30 : other[index] + 1
                }
                return other
            }

            /// `count` comments: what a server that runs on past the document's last byte sends.
            static func comments(_ count: Int) -> Data {
                Data((0..<count).map { "<!-- extra \($0) -->" }.joined().utf8)
            }

            /// Whether `events` are the first events of `reference` (all of them, or fewer).
            static func isPrefix(_ events: [XMLEvent], of reference: [XMLEvent]) -> Bool {
                events.count <= reference.count && Array(reference.prefix(events.count)) == events
            }

            /// A 100 KB document.
            static let data = ResumeSupport.document(100_000)

            /// What reading ``data`` cut at ``cut`` gave.
            struct Reading {
                var events: [XMLEvent]
                var error: (any Error)?
                var url: URL
                var progress: XMLSourceProgress
                /// The events of ``data`` from a file.
                var reference: [XMLEvent]
            }

            /// Serves ``data`` cut at ``cut`` (framed as `framing`), answers every request with
            /// `Range` by `continuation`, and reads it, resuming at once.
            static func read(
                framing: LoopbackResponse.Framing = .automatic,
                in server: LoopbackServer,
                continuation: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse
            ) async throws -> Reading {
                let document = Document(
                    .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: cut)], framing: framing)
                server.route("/doc.xml") { request in
                    request.header("Range") == nil ? document.response(to: request) : continuation(request)
                }
                let url = server.url("/doc.xml")
                let events = XMLEvents(url: url, configuration: ResumeSupport.configuration())
                let (received, error) = await ResumeSupport.collect(events)
                return Reading(
                    events: received, error: error, url: url, progress: events.source.progress,
                    reference: try await ResumeSupport.fileEvents(of: data))
            }

            /// A 206 from byte ``cut`` of ``data`` to its end, then `extra`.
            static func part(contentRange: String, extra: Data, framing: LoopbackResponse.Framing) -> LoopbackResponse {
                LoopbackResponse(
                    status: 206, headers: [("ETag", ResumeSupport.entityTag), ("Content-Range", contentRange)],
                    body: .data(data[cut...] + extra), framing: framing)
            }

            // MARK: The same resource

            /// A redirect on the continuation, to a mirror that would answer a valid `206` with the
            /// same entity tag and complete length, is refused: the tag names a version of this
            /// resource only. The mirror is never asked.
            @Test(arguments: [301, 302, 303, 307, 308])
            func aRedirectedContinuationIsRefused(status: Int) async throws {
                try await HTTPTestSupport.withServer { server in
                    let mirror = Document(
                        .init(
                            bytes: Self.otherVersion(of: Self.data, after: Self.cut), entityTag: ResumeSupport.entityTag
                        ))
                    server.route("/mirror.xml", mirror)
                    let reading = try await Self.read(in: server) { _ in .redirect(to: "/mirror.xml", status: status) }
                    #expect(
                        reading.error as? XMLHTTPError
                            == .resumptionRefused(
                                url: reading.url, receivedByteCount: Self.cut, reason: .redirected, status: status),
                        "\(String(describing: reading.error))")
                    #expect(reading.error != nil)
                    #expect(ResumeSupport.isProperPrefix(reading.events, of: reading.reference))
                    #expect(mirror.requests.isEmpty)
                    #expect(reading.progress.receivedByteCount == Self.cut)
                    #expect(reading.progress.resumptionCount == 0)
                }
            }

            // MARK: Exactly the promised bytes

            /// How a continuation's `206` that runs on past its range is framed, and what its
            /// `Content-Range` says of the complete length.
            enum Overrun: String, CaseIterable, Sendable {
                /// Delimited by the connection's end, the complete length stated.
                case closeDelimited
                /// The same, with `*` for the complete length.
                case closeDelimitedUnknownLength
                /// In chunks, `*`, after a chunked first response: no length is known at all.
                case chunkedUnknownLength
            }

            /// A continuation that sends the rest of the document and then 50 comments is cut at the
            /// range's last byte: the document's events, none of the comments, and an error.
            @Test(arguments: Overrun.allCases)
            func aContinuationThatRunsPastItsRangeEndsThere(_ overrun: Overrun) async throws {
                try await HTTPTestSupport.withServer { server in
                    let length = Self.data.count
                    let chunked = overrun == .chunkedUnknownLength
                    let contentRange =
                        "bytes \(Self.cut)-\(length - 1)/\(overrun == .closeDelimited ? "\(length)" : "*")"
                    let reading = try await Self.read(framing: chunked ? .chunked : .automatic, in: server) { _ in
                        Self.part(
                            contentRange: contentRange, extra: Self.comments(50),
                            framing: chunked ? .chunked : .closeDelimited)
                    }
                    #expect(
                        reading.error as? XMLHTTPError
                            == .resumptionRefused(
                                url: reading.url, receivedByteCount: length,
                                reason: .contentRangeExceeded, contentRange: contentRange),
                        "\(String(describing: reading.error))")
                    #expect(reading.error != nil)
                    #expect(Self.isPrefix(reading.events, of: reading.reference))
                    #expect(!reading.events.contains { if case .comment = $0 { true } else { false } })
                    #expect(reading.progress.receivedByteCount == length)
                }
            }

            /// A continuation whose `Content-Length` is longer than its `Content-Range` is refused
            /// at its head: none of it is delivered.
            @Test func aContinuationLongerThanItsRangeIsRefusedAtItsHead() async throws {
                try await HTTPTestSupport.withServer { server in
                    let contentRange = "bytes \(Self.cut)-\(Self.data.count - 1)/\(Self.data.count)"
                    let reading = try await Self.read(in: server) { _ in
                        Self.part(contentRange: contentRange, extra: Self.comments(50), framing: .automatic)
                    }
                    #expect(
                        reading.error as? XMLHTTPError
                            == .resumptionRefused(
                                url: reading.url, receivedByteCount: Self.cut,
                                reason: .contentRangeExceeded, contentRange: contentRange),
                        "\(String(describing: reading.error))")
                    #expect(reading.error != nil)
                    #expect(ResumeSupport.isProperPrefix(reading.events, of: reading.reference))
                    #expect(reading.progress.receivedByteCount == Self.cut)
                }
            }

            // MARK: A 206 to a request without Range

            /// A `206` to a request that asked for no range is the document only when its
            /// `Content-Range` covers the whole representation; any other part is refused before
            /// the first event.
            @Test(arguments: ["bytes 0-49999/100000", "bytes 50000-99999/100000", "bytes 0-99999/*", "none"])
            func aPartAnsweringARequestWithoutRangeIsRefused(_ contentRange: String) async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = Self.data
                    var headers: [(name: String, value: String)] = [("ETag", ResumeSupport.entityTag)]
                    if contentRange != "none" { headers.append(("Content-Range", contentRange)) }
                    server.route(
                        "/doc.xml", LoopbackResponse(status: 206, headers: headers, body: .data(data.prefix(50_000))))
                    let url = server.url("/doc.xml")
                    let events = XMLEvents(url: url, configuration: ResumeSupport.configuration())
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(
                        error as? XMLHTTPError
                            == .partialContentMismatch(
                                url: url, contentRange: contentRange == "none" ? nil : contentRange),
                        "\(String(describing: error))")
                    #expect(error is XMLHTTPError)
                    #expect(received.isEmpty)
                }
            }

            /// A `206` of the whole representation to a request without `Range` is the document,
            /// and is held to its `Content-Range` too.
            @Test func aWholePartIsTheDocumentAndNoMore() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = Self.data
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let whole = "bytes 0-\(data.count - 1)/\(data.count)"
                    server.route(
                        "/whole.xml",
                        LoopbackResponse(status: 206, headers: [("Content-Range", whole)], body: .data(data)))
                    server.route(
                        "/more.xml",
                        LoopbackResponse(
                            status: 206, headers: [("Content-Range", whole)], body: .data(data + Self.comments(50)),
                            framing: .closeDelimited))
                    let (events, error) = await ResumeSupport.collect(XMLEvents(url: server.url("/whole.xml")))
                    #expect(error == nil, "\(String(describing: error))")
                    #expect(events == reference)
                    let more = server.url("/more.xml")
                    let (extra, overrun) = await ResumeSupport.collect(XMLEvents(url: more))
                    #expect(
                        overrun as? XMLHTTPError == .partialContentMismatch(url: more, contentRange: whole),
                        "\(String(describing: overrun))")
                    #expect(overrun != nil)
                    #expect(Self.isPrefix(extra, of: reference))
                }
            }

            // MARK: A bounded number of times

            /// A server that sends a hundred bytes per connection and cuts it: each continuation
            /// makes progress, but so little that the transfer's budget of short continuations
            /// (4 × 8) ends it, within 64 requests, with the break's error.
            @Test(arguments: [Document.Cut.Kind.close, .reset])
            func aServerThatTricklesEachConnectionIsGivenUpOn(kind: Document.Cut.Kind) async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(60_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let cuts = stride(from: 100, to: data.count, by: 100).map { Document.Cut(offset: $0, kind: kind) }
                    let document = Document(.init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: cuts)
                    server.route("/doc.xml", document)
                    let events = XMLEvents(
                        url: server.url("/doc.xml"), configuration: ResumeSupport.configuration(attempts: 8))
                    let (received, error) = await ResumeSupport.collect(events)
                    let requests = document.requests.count
                    #expect(error is XMLHTTPError, "\(String(describing: error))")
                    #expect(requests <= 64)
                    #expect(ResumeSupport.isProperPrefix(received, of: reference))
                    if kind == .close {
                        #expect(requests == 33)
                        #expect(events.source.progress.receivedByteCount == 3_300)
                        #expect(
                            error as? XMLHTTPError
                                == .truncatedBody(
                                    url: server.url("/doc.xml"), receivedByteCount: 3_300, expectedByteCount: data.count
                                ))
                    }
                }
            }

            /// A request that carries an `If-Range` of its own, without `Range`, is not repeated:
            /// the continuation would carry a second one.
            @Test func aRequestWithItsOwnIfRangeIsNotResumed() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = Self.data
                    let document = Document(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: Self.cut)])
                    server.route("/doc.xml", document)
                    let url = server.url("/doc.xml")
                    var request = URLRequest(url: url)
                    request.setValue(ResumeSupport.entityTag, forHTTPHeaderField: "If-Range")
                    let events = XMLEvents(request: request, configuration: ResumeSupport.configuration())
                    let (_, error) = await ResumeSupport.collect(events)
                    #expect(
                        error as? XMLHTTPError
                            == .truncatedBody(url: url, receivedByteCount: Self.cut, expectedByteCount: data.count))
                    #expect(document.requests.count == 1)
                    #expect(document.requests.first?.ifRange == ResumeSupport.entityTag)
                }
            }
        }
    }
#endif
