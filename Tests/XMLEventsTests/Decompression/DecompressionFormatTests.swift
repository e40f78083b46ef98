#if os(Linux)
    import Foundation
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsInput

    /// Each format, written by its real tools, one member or many, read from a file, from memory and
    /// from any sequence of chunks, gives the events of the plain document.
    @Suite struct DecompressionFormatTests {
        typealias Tool = DumpFixtures.Tool

        static let plain = DumpFixtures.records(700_000)

        /// One member, several blocks or frames (pigz, pbzip2, xz and zstd with threads), from a file.
        @Test(arguments: Tool.all)
        func aCompressedFileGivesThePlainEvents(_ tool: Tool) async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            let compressed = try tool.compress(Self.plain)
            try await DumpFixtures.withFile(compressed, suffix: ".dump") { path in
                let (events, error) = await DumpFixtures.collect(XMLEvents(path: path))
                #expect(error == nil, "\(String(describing: error))")
                #expect(events == reference)
            }
        }

        /// Members, streams or frames one after the other are read to the end, not to the first.
        @Test(arguments: Tool.perFormat)
        func concatenatedMembersAreReadToTheEnd(_ tool: Tool) async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            let compressed = try tool.compressInParts(Self.plain, parts: 5)
            let (events, error) = await DumpFixtures.collect(XMLEvents(data: compressed))
            #expect(error == nil, "\(String(describing: error))")
            #expect(events == reference)
        }

        /// Any sequence of chunks is looked at too, even one whose first chunks hold a byte each (the
        /// signature is gathered across them); a nonisolated loop and one on the main actor agree.
        @Test(arguments: Tool.perFormat)
        func anyChunkSequenceIsDecompressed(_ tool: Tool) async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            let compressed = try tool.compress(Self.plain)
            let stream = AsyncStream<Data> { continuation in
                for index in 0..<3 { continuation.yield(compressed[index..<(index + 1)]) }
                for start in stride(from: 3, to: compressed.count, by: 1_000) {
                    continuation.yield(compressed[start..<min(start + 1_000, compressed.count)])
                }
                continuation.finish()
            }
            let (events, error) = await DumpFixtures.collect(XMLEvents(stream))
            #expect(error == nil, "\(String(describing: error))")
            #expect(events == reference)
            let onMainActor = try await Self.eventsOnMainActor(XMLEvents(data: compressed, chunkSize: 777))
            #expect(onMainActor == reference)
        }

        @MainActor
        static func eventsOnMainActor(_ events: XMLEvents<XMLByteSource>) async throws -> [XMLEvent] {
            var collected: [XMLEvent] = []
            for try await event in events { collected.append(event) }
            return collected
        }

        /// A zstd file may begin with a skippable frame (a seekable-format index, say).
        @Test func aLeadingSkippableFrameIsSkipped() async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            var compressed = Data([0x53, 0x2A, 0x4D, 0x18, 5, 0, 0, 0])
            compressed.append(Data("skip!".utf8))
            compressed.append(try Tool.zstd.compress(Self.plain))
            compressed.append(contentsOf: [0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3])
            let (events, error) = await DumpFixtures.collect(XMLEvents(data: compressed))
            #expect(error == nil, "\(String(describing: error))")
            #expect(events == reference)
        }

        /// `.disabled` parses the bytes as they are; `.forced` decompresses without looking.
        @Test func theOptionTurnsDetectionOffOrForcesAFormat() async throws {
            let compressed = try Tool.gzip.compress(Self.plain)
            var options = XMLParsingOptions()
            options.decompression = .disabled
            let (_, refused) = await DumpFixtures.collect(XMLEvents(data: compressed, options: options))
            #expect((refused as? XMLParsingError)?.code == .startTagExpected)

            options.decompression = .forced(.gzip)
            let (events, error) = await DumpFixtures.collect(XMLEvents(data: compressed, options: options))
            #expect(error == nil)
            #expect(events == (try await DumpFixtures.events(of: Self.plain)))

            options.decompression = .forced(.xz)
            let (_, wrong) = await DumpFixtures.collect(XMLEvents(data: compressed, options: options))
            let failure = try #require(wrong as? XMLDecompressionError)
            #expect(failure.code == .corruptData && failure.format == .xz)
            #expect(options.decompression.forcedFormat == .xz && XMLDecompression.automatic.forcedFormat == nil)
        }

        /// What the first bytes say: markup, a byte order mark and white space are plain from the
        /// first byte; a signature's prefix waits for more; a near miss is plain.
        @Test func signatures() {
            func verdict(_ bytes: [UInt8], complete: Bool = false) -> CompressionSignature.Verdict {
                bytes.withUnsafeBytes { CompressionSignature.classify($0, isComplete: complete) }
            }
            #expect(verdict(Array("<r/>".utf8)) == .plain)
            #expect(verdict([0xEF, 0xBB, 0xBF, 0x3C]) == .plain)
            #expect(verdict([0x20]) == .plain && verdict([0x0A]) == .plain)
            #expect(verdict([]) == .undecided && verdict([], complete: true) == .plain)
            #expect(verdict([0x1F, 0x8B, 0x08]) == .compressed(.gzip))
            #expect(verdict([0x1F]) == .undecided && verdict([0x1F], complete: true) == .plain)
            #expect(verdict(Array("BZh9".utf8)) == .compressed(.bzip2))
            #expect(verdict(Array("BZh0".utf8)) == .plain)
            #expect(verdict(Array("BZ".utf8)) == .undecided)
            #expect(verdict([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) == .compressed(.xz))
            #expect(verdict([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x01]) == .plain)
            #expect(verdict([0x28, 0xB5, 0x2F, 0xFD]) == .compressed(.zstd))
            #expect(verdict([0x5E, 0x2A, 0x4D, 0x18]) == .compressed(.zstd))
            #expect(verdict(Array("Plain".utf8)) == .plain)
        }

        /// A document shorter than any signature, or whose first bytes look like the start of one,
        /// is still parsed as it is.
        @Test func shortAndLookalikeDocumentsAreParsedAsTheyAre() async throws {
            let (_, error) = await DumpFixtures.collect(XMLEvents(data: Data([0x1F])))
            #expect((error as? XMLParsingError) != nil)
            let (events, none) = await DumpFixtures.collect(XMLEvents(data: Data("<a/>".utf8), chunkSize: 1))
            #expect(none == nil && events.count == 4)
        }
    }
#endif
