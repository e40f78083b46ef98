#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import XMLCorpus

    @testable import XMLEvents
    @testable import XMLEventsInput
    @testable import XMLEventsHTTP

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Shared helpers of the HTTP tests: servers that always stop, documents whose every byte can be
    /// checked, and readings of this process's resources.
    extension XMLByteSource {
        /// The body of a `GET` of `url` as an HTTP transfer whatever the URL's scheme, as
        /// `XMLEvents(request:)` reads it.
        init(httpURL url: URL, configuration: XMLHTTPConfiguration = .default) {
            self.init(request: URLRequest(url: url), configuration: configuration)
        }

        /// Performs `request` until its response's head has come, then returns the head and the
        /// iterator of the body, in the manner of `URLSession.bytes(for:)`.
        static func start(
            _ request: URLRequest, configuration: XMLHTTPConfiguration = .default
        ) async throws -> (response: XMLHTTPResponse, chunks: Iterator) {
            let source = XMLByteSource(request: request, configuration: configuration)
            let iterator = source.makeAsyncIterator()
            guard let response = try await source.response else { throw HTTPTestSupport.NoResponse() }
            return (response, iterator)
        }
    }

    enum HTTPTestSupport {
        /// An HTTP source answered `response` with `nil`, which only sources without HTTP do.
        struct NoResponse: Error {}

        /// Runs `body` with a fresh server, and stops the server however `body` ends.
        static func withServer<Result>(
            _ configuration: LoopbackServer.Configuration = .init(),
            _ body: (LoopbackServer) async throws -> Result
        ) async throws -> Result {
            let server = try LoopbackServer(configuration: configuration)
            defer { server.stop() }
            return try await body(server)
        }

        /// A records document of about `byteCount` bytes, its bytes, and how many elements it has.
        static func corpus(_ byteCount: Int) -> (document: CorpusDocument, data: Data, elementCount: Int) {
            let document = CorpusDocument(shape: .records, targetByteCount: byteCount)
            return (document, document.data(), document.metadata().elementCount)
        }

        /// Every chunk of `chunks`, concatenated.
        static func collect(_ chunks: XMLByteSource) async throws -> Data {
            var body = Data()
            for try await chunk in chunks { body.append(chunk) }
            return body
        }

        /// How many elements the document has, as parsed by `events`.
        static func countElements<Source>(_ events: XMLEvents<Source>) async throws -> Int {
            var count = 0
            for try await event in events {
                if case .startElement = event { count += 1 }
            }
            return count
        }

        /// The first error `body` throws, or `nil`.
        static func error(of body: () async throws -> Void) async -> (any Error)? {
            do {
                try await body()
                return nil
            } catch {
                return error
            }
        }

        /// Waits (without blocking a thread) until `condition` holds or `limit` passes: the limit
        /// turns a hang into a failure, it is not a measure of speed, and is a minute so that a
        /// loaded machine cannot reach it.
        ///
        /// - Returns: Whether the condition came to hold.
        static func eventually(within limit: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: limit)
            while !condition() {
                guard clock.now < deadline else { return false }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return true
        }
    }

    /// A numbered document streamed in pieces: `<feed>` and `count` records `<r n="i">` each padded
    /// to about `recordSize` bytes, so that a consumer can check that every record comes exactly once
    /// and in order, for a body as large as wanted at almost no cost in memory.
    struct NumberedFeed: Sendable {
        let count: Int
        let recordSize: Int

        private static let prolog = Data("<?xml version=\"1.0\"?>\n<feed>\n".utf8)
        private static let epilog = Data("</feed>\n".utf8)

        /// The exact size of the document.
        var byteCount: Int {
            Self.prolog.count + Self.epilog.count + (0..<count).reduce(0) { $0 + sizeOfRecord($1) }
        }

        /// The size of the record numbered `index`: the padding shrinks as its number grows.
        private func sizeOfRecord(_ index: Int) -> Int {
            let markup = "<r n=\"\">".utf8.count + String(index).utf8.count + "</r>\n".utf8.count
            return markup + max(1, recordSize - markup)
        }

        /// The record numbered `index`.
        func record(_ index: Int) -> Data {
            let head = Data("<r n=\"\(index)\">".utf8)
            let padding = max(1, recordSize - head.count - Self.tail.count)
            return head + Data(repeating: UInt8(ascii: "x"), count: padding) + Self.tail
        }

        private static let tail = Data("</r>\n".utf8)

        /// The document in pieces of about `pieceSize` bytes, produced as they are asked for.
        func pieces(of pieceSize: Int = 65_536) -> LoopbackResponse.Body {
            let feed = self
            return .stream(contentLength: byteCount) {
                var next = 0
                var sentProlog = false
                var sentEpilog = false
                return AnyIterator<Data> {
                    if !sentProlog {
                        sentProlog = true
                        return Self.prolog
                    }
                    guard next < feed.count else {
                        if sentEpilog { return nil }
                        sentEpilog = true
                        return Self.epilog
                    }
                    var piece = Data()
                    while piece.count < pieceSize, next < feed.count {
                        piece.append(feed.record(next))
                        next += 1
                    }
                    return piece
                }
            }
        }
    }

    /// Readings of this process from /proc, to show that transfers leak neither threads, nor
    /// descriptors, nor memory.
    enum HTTPProcessProbe {
        static var threadCount: Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        }

        static var descriptorCount: Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        }

        /// The open descriptors by what they are (`socket`, `pipe`, `anon_inode:[eventfd]`, a
        /// path), for telling which kind a count that grew is made of.
        static var descriptorKinds: [String: Int] {
            var kinds: [String: Int] = [:]
            for descriptor in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
                let target =
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
                    ?? "unreadable"
                // `socket:[12345]` and `pipe:[678]` name an inode; the kind is what counts.
                let kind =
                    target.hasSuffix("]") && !target.hasPrefix("anon_inode")
                    ? String(target.prefix { $0 != ":" }) : target
                kinds[kind, default: 0] += 1
            }
            return kinds
        }

        /// See ``ProcessMemory/residentBytes``: read in a measuring child, which it stops where
        /// /proc cannot be read.
        static var residentBytes: Int { ProcessMemory.residentBytes }

        /// The threads named `name` (the libcurl I/O thread is `xmlevents-http`).
        static func threads(named name: String) -> Int {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.count { task in
                let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
                return comm?.trimmingCharacters(in: .newlines) == name
            }
        }

        /// Open TCP connections of this process whose remote port is `port`: the client's side of
        /// the connections to a server on that port.
        static func clientConnections(toPort port: Int) -> Int {
            var inodes: Set<Substring> = []
            for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
                guard let text = ProcFile.text(table) else { continue }
                for line in text.split(separator: "\n").dropFirst() {
                    let fields = line.split(separator: " ")
                    guard fields.count > 9, let remote = fields[2].split(separator: ":").last,
                        Int(remote, radix: 16) == port, fields[9] != "0"
                    else { continue }
                    inodes.insert(fields[9])
                }
            }
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return descriptors.count { descriptor in
                guard
                    let target = try? FileManager.default.destinationOfSymbolicLink(
                        atPath: "/proc/self/fd/\(descriptor)")
                else { return false }
                return target.hasPrefix("socket:[") && inodes.contains(target.dropFirst(8).dropLast())
            }
        }
    }
#endif
