#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    #if canImport(Glibc)
        import Glibc
    #endif

    extension HTTPTests {
        /// Compressed bodies stay inside the memory bound: 20 concurrent `XMLEvents(url:)` streams
        /// whose consumers pause now and then, each fetching `<r/>` and 64 MiB of spaces, take no
        /// more memory compressed (gzip, deflate, zstd, brotli, and gzip under brotli) than
        /// uncompressed, but for each coding's window, and yield the same events.
        ///
        /// Each run is a process of its own (``IsolatedMeasurement``), whose peak resident memory is
        /// read after the server has coded its body, so that the figures are the client's.
        @Suite
        struct HTTPCompressedBombTests {
            static let streamCount = 20
            static let spaceCount = 64 << 20
            /// What the client may hold beyond the identity run's peak, whatever the ratio.
            static let allowance = 16 << 20

            enum Bomb: String, CaseIterable, Sendable {
                case identity, gzip, deflate, zstd, brotli, nested

                var encoding: LoopbackResponse.ContentEncoding {
                    switch self {
                    case .identity: .identity
                    case .gzip: .gzip
                    case .deflate: .deflate
                    case .zstd: .zstd
                    case .brotli: .brotli
                    case .nested: .layered([.gzip, .brotli])
                    }
                }

                /// What each stream's decoder must hold beyond the allowance: the window of the
                /// test server's zstd and brotli, the most each format allows, and half again for
                /// brotli while its ring buffer grows. gzip's 32 KiB fit in the allowance, and so
                /// does the brotli layer of the nested bomb, whose output is only the gzip stream.
                var window: Int {
                    switch self {
                    case .identity, .gzip, .deflate, .nested: 0
                    case .zstd: 8 << 20
                    case .brotli: 24 << 20
                    }
                }
            }

            @Test func compressedBombsCostNoMoreThanTheirWindows() async throws {
                var figures: [Bomb: IsolatedMeasurement.Figures] = [:]
                for bomb in Bomb.allCases {
                    figures[bomb] = try await Self.measurement(bomb).run()
                }
                let identity = try #require(figures[.identity])
                let identityPeak = try #require(identity["peak"])
                for bomb in Bomb.allCases {
                    let run = try #require(figures[bomb])
                    let peak = try #require(run["peak"])
                    print(
                        "bomb \(bomb.rawValue): peak RSS \(peak >> 20) MiB (identity \(identityPeak >> 20) MiB, "
                            + "baseline \(run["baseline", default: 0] >> 20) MiB), "
                            + "\(run["encodedBytes", default: 0]) bytes on the wire per stream, \(run["milliseconds", default: 0]) ms"
                    )
                    #expect(run["failures"] == 0, "\(bomb): \(run["failures", default: -1]) streams failed")
                    #expect(run["identicalStreams"] == 1, "\(bomb): the streams' events differ")
                    #expect(run["eventCount"] == identity["eventCount"], "\(bomb)")
                    #expect(run["eventsHash"] == identity["eventsHash"], "\(bomb): not the identity run's events")
                    if !SanitizerDetection.isActive {
                        let bound = identityPeak + Self.allowance + Self.streamCount * bomb.window
                        #expect(peak <= bound, "\(bomb): peak \(peak >> 20) MiB, bound \(bound >> 20) MiB")
                    }
                }
                #expect(identity["eventCount"] == 4)
            }

            static var all: [IsolatedMeasurement] { Bomb.allCases.map(measurement) }

            static func measurement(_ bomb: Bomb) -> IsolatedMeasurement {
                IsolatedMeasurement(name: "http.bomb.\(bomb.rawValue)") {
                    yieldTheMachine()
                    return try await HTTPTestSupport.withServer { server in
                        try await run(bomb, server: server)
                    }
                }
            }

            /// Lowers every thread of this (child) process to the lowest priority, as do the threads
            /// they start: the measurement reads memory, not time, and its twenty streams would
            /// otherwise take the machine from the suites running beside it. (Linux sets the
            /// priority of one thread at a time.)
            private static func yieldTheMachine() {
                let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
                for thread in threads.compactMap({ id_t($0) }) {
                    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, 19)
                }
            }

            /// `<r/>` and the spaces, streamed from one shared buffer.
            private static func document() -> LoopbackResponse.Body {
                let root = Data("<r/>".utf8)
                let spaces = Data(repeating: 0x20, count: 65_536)
                return .stream(contentLength: root.count + spaceCount) {
                    var sentRoot = false
                    var left = spaceCount
                    return AnyIterator<Data> {
                        if !sentRoot {
                            sentRoot = true
                            return root
                        }
                        guard left > 0 else { return nil }
                        left -= spaces.count
                        return spaces
                    }
                }
            }

            private static func run(_ bomb: Bomb, server: LoopbackServer) async throws -> IsolatedMeasurement.Figures {
                let encodedBytes: Int
                if let coding = bomb.encoding.headerValue {
                    let coded = try bomb.encoding.encode(document())
                    encodedBytes = coded.count
                    server.route(
                        "/bomb.xml", LoopbackResponse(headers: [("Content-Encoding", coding)], body: .data(coded)))
                } else {
                    encodedBytes = 4 + spaceCount
                    server.route("/bomb.xml", LoopbackResponse(body: document()))
                }
                // What coding the body took is the server's; what follows is the client's.
                CompositionMemoryMeasurements.trim()
                ProcessMemory.resetPeak()
                let baseline = ProcessMemory.residentBytes
                let configuration = XMLHTTPConfiguration(acceptedContentCodings: XMLHTTPContentCoding.allCases)
                let url = server.url("/bomb.xml")
                let clock = ContinuousClock()
                let start = clock.now
                let outcomes = await withTaskGroup(of: StreamOutcome.self) { group in
                    for index in 0..<streamCount {
                        group.addTask { await Self.stream(url, configuration: configuration, index: index) }
                    }
                    var outcomes: [StreamOutcome] = []
                    for await outcome in group { outcomes.append(outcome) }
                    return outcomes
                }
                let elapsed = clock.now - start
                let first = outcomes.first
                return [
                    "peak": ProcessMemory.peakResidentBytes,
                    "baseline": baseline,
                    "encodedBytes": encodedBytes,
                    "milliseconds": Int(elapsed.components.seconds * 1_000),
                    "failures": outcomes.count { $0.failure != nil },
                    "identicalStreams": outcomes.allSatisfy { $0.events == first?.events } ? 1 : 0,
                    "eventCount": first?.events.count ?? 0,
                    "eventsHash": Int(bitPattern: UInt(StableHash.of(first?.events ?? []))),
                ]
            }

            struct StreamOutcome: Sendable {
                var events: [String] = []
                var failure: String?
            }

            /// One consumer: it takes every event and pauses after each, for a time that differs
            /// from stream to stream, so that the transfers pause while others flow.
            private static func stream(_ url: URL, configuration: XMLHTTPConfiguration, index: Int) async
                -> StreamOutcome
            {
                var outcome = StreamOutcome()
                do {
                    for try await event in XMLEvents(url: url, configuration: configuration) {
                        outcome.events.append(String(describing: event))
                        try await Task.sleep(for: .milliseconds(10 * (index % 5) + 5))
                    }
                } catch {
                    outcome.failure = String(describing: error)
                }
                return outcome
            }
        }
    }

    /// FNV-1a over strings, the same in every process (unlike `Hasher`, seeded per process).
    enum StableHash {
        static func of(_ strings: [String]) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for string in strings {
                for byte in string.utf8 + [0] {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x100_0000_01b3
                }
            }
            return hash
        }
    }
#endif
