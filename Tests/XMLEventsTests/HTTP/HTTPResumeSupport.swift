#if os(Linux)
    import Foundation
    import LoopbackHTTP
    import Testing
    import XMLCorpus

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    /// Shared by the resumption tests: documents with cuts placed where they hurt, the events of
    /// the same bytes parsed from a file to compare with, and configurations that resume at once.
    enum ResumeSupport {
        /// The strong entity tag of the first version.
        static let entityTag = "\"v1\""

        /// A records document of about `byteCount` bytes (whose names hold multi-byte characters).
        static func document(_ byteCount: Int, seed: UInt64 = CorpusDocument.defaultSeed) -> Data {
            CorpusDocument(shape: .records, targetByteCount: byteCount, seed: seed).data()
        }

        /// The events of `data` parsed from a file: what every resumed transfer must deliver.
        static func fileEvents(of data: Data) async throws -> [XMLEvent] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xmlevents-resume-\(UUID().uuidString).xml")
            try data.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var events: [XMLEvent] = []
            for try await event in XMLEvents(url: url) { events.append(event) }
            return events
        }

        /// Every event of `events` until its end or its first error.
        static func collect<Source>(_ events: XMLEvents<Source>) async -> (events: [XMLEvent], error: (any Error)?) {
            var collected: [XMLEvent] = []
            let error = await HTTPTestSupport.error {
                for try await event in events { collected.append(event) }
            }
            return (collected, error)
        }

        /// Resumes after about a millisecond, `attempts` times in a row.
        static func configuration(
            attempts: Int = 3,
            backoff: Duration = .milliseconds(1),
            codings: [XMLHTTPContentCoding] = [.gzip, .deflate]
        ) -> XMLHTTPConfiguration {
            var configuration = XMLHTTPConfiguration(acceptedContentCodings: codings)
            configuration.maximumResumptionAttempts = attempts
            configuration.resumptionBackoff = backoff...backoff
            return configuration
        }

        /// An offset just after the first byte of a multi-byte UTF-8 character at or after `from`:
        /// a cut there splits the character.
        static func insideMultiByteCharacter(of data: Data, from: Int) throws -> Int {
            let lead = try #require(data[from...].firstIndex { $0 >= 0xC2 })
            #expect((0x80...0xBF).contains(data[lead + 1]))
            return lead + 1
        }

        /// An offset inside the name of the first start tag at or after `from`.
        static func insideStartTag(of data: Data, from: Int) throws -> Int {
            let open = try #require(
                data[from...].indices.first { data[$0] == UInt8(ascii: "<") && data[$0 + 1] != 0x2F })
            return open + 3
        }

        /// Whether `events` are the first events of `reference`, and fewer than all of them.
        static func isProperPrefix(_ events: [XMLEvent], of reference: [XMLEvent]) -> Bool {
            events.count < reference.count && Array(reference.prefix(events.count)) == events
        }
    }
#endif
