#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsInput
    @testable import XMLEventsHTTP

    #if canImport(Glibc)
        import Glibc
    #endif

    extension HTTPTests {
        /// libcurl takes its proxy from the environment, even for 127.0.0.1, unless the
        /// configuration says not to; and a configured certificate bundle is the one loaded.
        @Suite struct HTTPProxyAndTrustTests {
            /// In a process of its own (``IsolatedMeasurement``): the environment is the whole
            /// process's, and other suites' transfers must not go through the proxy.
            @Test func theEnvironmentsProxyIsUsedUnlessTurnedOff() async throws {
                let figures = try await Self.environmentProxy.run()
                #expect(figures["viaHTTPProxy"] == 1, "http_proxy was not used")
                #expect(figures["viaAllProxy"] == 1, "ALL_PROXY was not used")
                #expect(figures["direct"] == 1, "usesEnvironmentProxies = false still used the proxy")
                #expect(figures["proxyRequests"] == 2)
                #expect(figures["originRequests"] == 1)
            }

            static let environmentProxy = IsolatedMeasurement(name: "http.environmentProxy") {
                try await HTTPTestSupport.withServer { origin in
                    try await HTTPTestSupport.withServer { proxy in
                        origin.route("/doc.xml", LoopbackResponse(body: .text("<direct/>")))
                        // A proxy is asked for the absolute URL.
                        proxy.route("/doc.xml") { request in
                            LoopbackResponse(body: .text(request.target.hasPrefix("http://") ? "<proxied/>" : "<odd/>"))
                        }
                        for name in ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
                            unsetenv(name)
                        }
                        let url = origin.url("/doc.xml")
                        func fetch(_ configuration: XMLHTTPConfiguration = .default) async throws -> String {
                            String(
                                decoding: try await HTTPTestSupport.collect(
                                    XMLByteSource(httpURL: url, configuration: configuration)), as: UTF8.self)
                        }
                        setenv("http_proxy", proxy.baseURL.absoluteString, 1)
                        let viaHTTPProxy = try await fetch()
                        let direct = try await fetch(XMLHTTPConfiguration(usesEnvironmentProxies: false))
                        unsetenv("http_proxy")
                        setenv("ALL_PROXY", proxy.baseURL.absoluteString, 1)
                        let viaAllProxy = try await fetch()
                        unsetenv("ALL_PROXY")
                        return [
                            "viaHTTPProxy": viaHTTPProxy == "<proxied/>" ? 1 : 0,
                            "viaAllProxy": viaAllProxy == "<proxied/>" ? 1 : 0,
                            "direct": direct == "<direct/>" ? 1 : 0,
                            "proxyRequests": proxy.requestCount(for: "/doc.xml"),
                            "originRequests": origin.requestCount(for: "/doc.xml"),
                        ]
                    }
                }
            }

            /// A bundle that cannot be read fails the `https` transfer, naming it; without one, the
            /// same transfer gets as far as the handshake, which the plain-HTTP server never answers.
            @Test func theConfiguredCertificateBundleIsLoaded() async throws {
                try await HTTPTestSupport.withServer { server in
                    let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/doc.xml"))
                    let missing = "/nonexistent/xmlevents-ca.pem"
                    let withBundle = await HTTPTestSupport.error {
                        for try await _ in XMLByteSource(
                            httpURL: url, configuration: XMLHTTPConfiguration(certificateAuthorityBundlePath: missing))
                        {}
                    }
                    guard let failure = withBundle as? XMLHTTPError, failure.code == .transferFailed,
                        let code = failure.platformCode, let message = failure.reason
                    else {
                        Issue.record("unexpected \(String(describing: withBundle))")
                        return
                    }
                    #expect(code == 77, "CURLE_SSL_CACERT_BADFILE: \(message)")
                    #expect(message.contains(missing))
                    let withoutBundle = await HTTPTestSupport.error {
                        for try await _ in XMLByteSource(
                            httpURL: url, configuration: XMLHTTPConfiguration(connectTimeout: .milliseconds(300)))
                        {}
                    }
                    #expect(withoutBundle as? XMLHTTPError == .connectTimedOut(url: url, after: .milliseconds(300)))
                }
            }
        }
    }
#endif
