#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import XMLEvents

    /// Parses over and over, ending each parse a different way, for `Scripts/leaks.sh` to run
    /// under valgrind: anything a cycle fails to free adds up, cycle after cycle.
    struct LeakCycles {
        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        private let directory: URL
        private let server: LoopbackServer
        private let wellFormed: URL
        private let malformed: URL
        private let large: URL

        static let item = "<item id='1'>text &amp; more<![CDATA[ raw ]]></item>"

        init() throws {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("xmlevents-leaks-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            wellFormed = directory.appendingPathComponent("complete.xml")
            malformed = directory.appendingPathComponent("malformed.xml")
            large = directory.appendingPathComponent("large.xml")
            let items = String(repeating: Self.item, count: 200)
            try Data("<feed>\(items)</feed>".utf8).write(to: wellFormed)
            try Data("<feed>\(items)<broken></feed>".utf8).write(to: malformed)
            try Data("<feed>\(String(repeating: items, count: 20))</feed>".utf8).write(to: large)

            server = try LoopbackServer()
            server.route("/complete.xml", LoopbackResponse(body: .data(try Data(contentsOf: wellFormed))))
            server.route("/malformed.xml", LoopbackResponse(body: .data(try Data(contentsOf: malformed))))
            // Far longer than any cycle reads: the transfer is always cut short.
            let chunk = Data(String(repeating: Self.item, count: 1_000).utf8)
            server.route(
                "/endless.xml",
                LoopbackResponse(
                    body: .stream {
                        var first = true
                        return AnyIterator { () -> Data? in
                            defer { first = false }
                            return first ? Data("<feed>".utf8) : chunk
                        }
                    }))
        }

        /// Stops the server (joining its threads) and removes the files.
        func close() {
            server.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        /// Runs `count` cycles, the kinds in turn; returns how many of each ran. `starting` hears of
        /// each cycle before it runs (the driver traces with it).
        func run(_ count: Int, starting: @Sendable (Int, LeakCycleKind) -> Void = { _, _ in }) async throws
            -> [LeakCycleKind: Int]
        {
            var tally: [LeakCycleKind: Int] = [:]
            let kinds = LeakCycleKind.allCases
            for index in 0..<count {
                let kind = kinds[index % kinds.count]
                starting(index, kind)
                try await run(kind)
                tally[kind, default: 0] += 1
            }
            return tally
        }

        private func run(_ kind: LeakCycleKind) async throws {
            switch kind {
            case .fileComplete:
                try await expectEnd(.complete) {
                    try await Self.count(XMLEvents(XMLByteSource(url: wellFormed, fileChunkSize: 4_096)))
                }
            case .fileError:
                try await expectEnd(.parsingError) {
                    try await Self.count(XMLEvents(XMLByteSource(url: malformed, fileChunkSize: 4_096)))
                }
            case .fileCancelled:
                try await expectEnd(.cancelled) {
                    try await Self.cancel(XMLEvents(XMLByteSource(url: large, fileChunkSize: 4_096)))
                }
            case .fileAbandoned:
                try await expectEnd(.complete) {
                    try await Self.abandon(XMLEvents(XMLByteSource(url: large, fileChunkSize: 4_096)))
                }
            case .httpComplete:
                try await expectEnd(.complete) { try await Self.count(XMLEvents(url: server.url("/complete.xml"))) }
            case .httpError:
                try await expectEnd(.parsingError) {
                    try await Self.count(XMLEvents(url: server.url("/malformed.xml")))
                }
            case .httpCancelled:
                try await expectEnd(.cancelled) { try await Self.cancel(XMLEvents(url: server.url("/endless.xml"))) }
            case .httpAbandoned:
                try await expectEnd(.complete) { try await Self.abandon(XMLEvents(url: server.url("/endless.xml"))) }
            }
        }

        private enum End: Equatable {
            case complete
            case parsingError
            case cancelled
        }

        /// Runs one parse in a task of its own (so that cancelling it cancels nothing else) and
        /// checks it ended as planned.
        private func expectEnd(_ expected: End, _ body: @escaping @Sendable () async throws -> Void) async throws {
            let end: End
            do {
                try await Task { try await body() }.value
                end = .complete
            } catch is XMLParsingError {
                end = .parsingError
            } catch is CancellationError {
                end = .cancelled
            }
            guard end == expected else { throw Failure(description: "a cycle ended \(end), expected \(expected)") }
        }

        private static func count<Source>(_ events: XMLEvents<Source>) async throws {
            var count = 0
            for try await _ in events { count += 1 }
        }

        /// Cancels its own task mid-document: the iterator throws at its next read.
        private static func cancel<Source>(_ events: XMLEvents<Source>) async throws {
            var count = 0
            for try await _ in events {
                count += 1
                if count == 500 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }

        /// Leaves the loop mid-document, which releases the source and the parser at once.
        private static func abandon<Source>(_ events: XMLEvents<Source>) async throws {
            var count = 0
            for try await _ in events {
                count += 1
                if count == 500 { break }
            }
        }
    }
#endif
