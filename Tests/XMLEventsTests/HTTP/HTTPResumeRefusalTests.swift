#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension HTTPTests {
        /// A continuation is refused whenever it could splice two versions of the document, or
        /// bytes other than the missing ones: the transfer ends with a typed error saying why, and
        /// the events before it are the first events of the document, none from the refused answer.
        @Suite struct HTTPResumeRefusalTests {
            typealias Document = LoopbackRangedDocument

            static let cut = 30_000

            /// Serves `document` broken off at ``cut``, reads it, and checks that the events are a
            /// proper prefix of the first version's and that no body byte came after the cut.
            private static func refusal(
                of document: (Data) -> Document,
                configuration: XMLHTTPConfiguration = ResumeSupport.configuration()
            ) async throws -> (error: XMLHTTPError?, url: URL, document: Document) {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(100_000)
                    let reference = try await ResumeSupport.fileEvents(of: data)
                    let served = document(data)
                    server.route("/doc.xml", served)
                    let url = server.url("/doc.xml")
                    let events = XMLEvents(url: url, configuration: configuration)
                    let (received, error) = await ResumeSupport.collect(events)
                    #expect(ResumeSupport.isProperPrefix(received, of: reference))
                    #expect(!received.isEmpty)
                    #expect(events.source.progress.decodedByteCount == cut)
                    #expect(events.source.progress.resumptionCount == 0)
                    return (error as? XMLHTTPError, url, served)
                }
            }

            /// A second version with other bytes from the start: an event of it could not pass for
            /// one of the first.
            private static let secondVersion = Document.Version(
                bytes: ResumeSupport.document(100_000, seed: 7), entityTag: "\"v2\"")

            /// Whether the server answers the changed document with the whole new body (as
            /// `If-Range` asks) or, ignoring `If-Range`, with the new version's part.
            @Test(arguments: [Document.RangeHandling.honoured, .ignoringIfRange])
            func aDocumentChangedBetweenAttemptsIsRefused(handling: Document.RangeHandling) async throws {
                let (error, url, document) = try await Self.refusal { data in
                    Document(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag),
                        cuts: [.close(at: Self.cut, replacingWith: Self.secondVersion)], rangeHandling: handling)
                }
                #expect(error == .resumptionRefused(url: url, receivedByteCount: Self.cut, reason: .documentChanged))
                #expect(document.requests.map(\.status) == [200, handling == .honoured ? 200 : 206])
                #expect(document.requests.last?.ifRange == ResumeSupport.entityTag)
            }

            @Test func aServerThatIgnoresRangeIsRefusedWithoutRepeatingEvents() async throws {
                let (error, url, document) = try await Self.refusal { data in
                    Document(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: Self.cut)],
                        rangeHandling: .ignored)
                }
                #expect(error == .resumptionRefused(url: url, receivedByteCount: Self.cut, reason: .rangeIgnored))
                #expect(document.requests.map(\.status) == [200, 200])
            }

            @Test func aServerAnswering416IsRefused() async throws {
                let (error, url, _) = try await Self.refusal { data in
                    Document(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: Self.cut)],
                        rangeHandling: .unsatisfiable)
                }
                #expect(
                    error == .resumptionRefused(url: url, receivedByteCount: Self.cut, reason: .rangeNotSatisfiable))
            }

            /// A part that starts after the byte reached would lose bytes; one that starts before it
            /// would repeat them.
            @Test(arguments: [100, -100])
            func aContentRangeThatDoesNotStartAtTheByteReachedIsRefused(shift: Int) async throws {
                var length = 0
                let (error, url, _) = try await Self.refusal { data in
                    length = data.count
                    return Document(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: Self.cut)],
                        rangeHandling: .shifted(by: shift))
                }
                let contentRange = "bytes \(Self.cut + shift)-\(length - 1)/\(length)"
                #expect(
                    error
                        == .resumptionRefused(
                            url: url, receivedByteCount: Self.cut,
                            reason: .contentRangeMismatch, contentRange: contentRange))
            }

            static let unusableValidators: [(String, Document.Version)] = [
                (
                    "weak entity tag",
                    .init(bytes: Data(), entityTag: "W/\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
                ),
                ("no validator", .init(bytes: Data())),
                // In the future of the response's Date: it cannot rule out two versions that second.
                (
                    "Last-Modified not older than Date",
                    .init(bytes: Data(), lastModified: "Fri, 31 Dec 2099 23:59:59 GMT")
                ),
            ]

            /// Ranges offered without a strong validator: no continuation is asked for, since nothing
            /// could tell that it is of the same version.
            @Test(arguments: unusableValidators)
            func rangesWithoutAStrongValidatorAreNotUsed(_ name: String, version: Document.Version) async throws {
                let (error, url, document) = try await Self.refusal { data in
                    var version = version
                    version.bytes = data
                    return Document(version, cuts: [.close(at: Self.cut)])
                }
                #expect(
                    error == .resumptionRefused(url: url, receivedByteCount: Self.cut, reason: .noStrongValidator),
                    "\(name)")
                #expect(document.requests.count == 1, "\(name)")
            }

            /// A server that offers neither ranges nor a validator gets no continuation, and the
            /// break's error stands.
            @Test func aServerWithoutRangesOrValidatorFailsWithTheBreak() async throws {
                var length = 0
                let (error, url, document) = try await Self.refusal { data in
                    length = data.count
                    return Document(.init(bytes: data), cuts: [.close(at: Self.cut)], advertisesRanges: false)
                }
                #expect(error == .truncatedBody(url: url, receivedByteCount: Self.cut, expectedByteCount: length))
                #expect(document.requests.count == 1)
            }

            /// A request that is not a plain `GET` is never repeated.
            @Test func aPostIsNotResumed() async throws {
                try await HTTPTestSupport.withServer { server in
                    let data = ResumeSupport.document(100_000)
                    let document = Document(
                        .init(bytes: data, entityTag: ResumeSupport.entityTag), cuts: [.close(at: Self.cut)])
                    server.route("/doc.xml", document)
                    let url = server.url("/doc.xml")
                    var request = URLRequest(url: url)
                    request.httpMethod = "POST"
                    request.httpBody = Data("query".utf8)
                    let events = XMLEvents(request: request, configuration: ResumeSupport.configuration())
                    let (_, error) = await ResumeSupport.collect(events)
                    #expect(
                        error as? XMLHTTPError
                            == .truncatedBody(url: url, receivedByteCount: Self.cut, expectedByteCount: data.count))
                    #expect(document.requests.count == 1)
                }
            }
        }
    }
#endif
