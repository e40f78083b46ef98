#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents

    extension HTTPTests {
        /// Many transfers at once share the one libcurl I/O thread, each at its own consumer's pace.
        @Suite struct HTTPConcurrencyTests {
            @Test func twoHundredConcurrentStreamsAllComplete() async throws {
                try await HTTPTestSupport.withServer { server in
                    let documents = (0..<4).map { HTTPTestSupport.corpus(20_000 + 15_000 * $0) }
                    for (index, document) in documents.enumerated() {
                        server.route(
                            "/doc\(index).xml",
                            LoopbackResponse(
                                body: .data(document.data), contentEncoding: index == 3 ? .gzip : .identity))
                    }
                    let urls = (0..<4).map { server.url("/doc\($0).xml") }
                    let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                        for stream in 0..<200 {
                            group.addTask {
                                let document = stream % 4
                                return (
                                    document, try await HTTPTestSupport.countElements(XMLEvents(url: urls[document]))
                                )
                            }
                        }
                        var counts: [(Int, Int)] = []
                        for try await count in group { counts.append(count) }
                        return counts
                    }
                    #expect(counts.count == 200)
                    for (document, count) in counts {
                        #expect(count == documents[document].elementCount)
                    }
                    #expect(server.connectionsAccepted == 200)
                    #expect(HTTPProcessProbe.threads(named: "xmlevents-http") == 1)
                }
            }
        }
    }
#endif
