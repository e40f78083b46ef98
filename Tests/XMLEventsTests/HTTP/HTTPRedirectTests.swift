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
        /// The client follows exactly the redirects the package names (301, 302, 303, 307, 308),
        /// with the method and credentials the Fetch standard gives them; any other 3xx is the final
        /// response, with its own body.
        @Suite struct HTTPRedirectTests {
            @Test(arguments: [300, 304, 305, 306])
            func otherRedirectionStatusesAreFinalEvenWithALocation(status: Int) async throws {
                try await HTTPTestSupport.withServer { server in
                    let body = status == 304 ? "" : "choose one of /a.xml, /b.xml\n"
                    server.route(
                        "/choices.xml",
                        LoopbackResponse(status: status, headers: [("Location", "/target.xml")], body: .text(body)))
                    server.route("/target.xml", LoopbackResponse(body: .text("<target/>")))
                    let url = server.url("/choices.xml")
                    if status == 304 {
                        // Not modified: an outcome with the 304's head, not a redirect.
                        var (response, chunks) = try await XMLByteSource.start(URLRequest(url: url))
                        #expect(response.statusCode == 304)
                        let error = await HTTPTestSupport.error { _ = try await chunks.next() }
                        #expect(error as? XMLHTTPError == .notModified(response))
                    } else {
                        let error = await HTTPTestSupport.error {
                            _ = try await XMLByteSource.start(URLRequest(url: url))
                        }
                        #expect(
                            error as? XMLHTTPError == .unacceptableStatus(status, url: url, bodyPrefix: Data(body.utf8))
                        )
                    }
                    #expect(server.requestCount(for: "/target.xml") == 0)
                }
            }

            /// What each redirect makes of a `POST` with a body: the target echoes what it received.
            static let methods: [(status: Int, echo: String)] = [
                (301, "GET  -"), (302, "GET  -"), (303, "GET  -"),
                (307, "POST <q/> application/xml"), (308, "POST <q/> application/xml"),
            ]

            @Test(arguments: methods)
            func redirectsChangeTheMethodAsBrowsersDo(status: Int, echo: String) async throws {
                try await HTTPTestSupport.withServer { server in
                    server.route("/form", .redirect(to: "/echo", status: status))
                    server.route("/echo") { request in
                        let body = String(decoding: request.body, as: UTF8.self)
                        let type = request.header("Content-Type") ?? "-"
                        return LoopbackResponse(body: .text("\(request.method) \(body) \(type)"))
                    }
                    var request = URLRequest(url: server.url("/form"))
                    request.httpMethod = "POST"
                    request.httpBody = Data("<q/>".utf8)
                    request.setValue("application/xml", forHTTPHeaderField: "Content-Type")
                    let body = try await HTTPTestSupport.collect(XMLByteSource(request: request))
                    #expect(String(decoding: body, as: UTF8.self) == echo, "\(status)")
                }
            }

            /// Credentials set as header fields go with a redirect on the same origin only.
            @Test func credentialsStayOnTheirOrigin() async throws {
                try await HTTPTestSupport.withServer { server in
                    try await HTTPTestSupport.withServer { other in
                        let echo: LoopbackServer.Handler = { request in
                            LoopbackResponse(body: .text(request.header("Authorization") ?? "none"))
                        }
                        server.route("/same", .redirect(to: "/echo"))
                        server.route("/away", .redirect(to: other.url("/echo").absoluteString))
                        server.route("/echo", handler: echo)
                        other.route("/echo", handler: echo)
                        for (path, expected) in [("/same", "Bearer secret"), ("/away", "none")] {
                            var request = URLRequest(url: server.url(path))
                            request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
                            let (response, chunks) = try await XMLByteSource.start(request)
                            var iterator = chunks
                            var body = Data()
                            while let chunk = try await iterator.next() { body.append(chunk) }
                            #expect(String(decoding: body, as: UTF8.self) == expected, "\(path)")
                            #expect(response.url.path == "/echo")
                        }
                    }
                }
            }
        }
    }
#endif
