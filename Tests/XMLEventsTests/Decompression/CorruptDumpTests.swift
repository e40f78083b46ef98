#if os(Linux)
    import Foundation
    import Testing

    @testable import XMLEvents

    /// One flipped byte in the middle of a dump: the parser meets the damaged bytes before the
    /// decoder reaches their unit's check, and the error is the decompression's, never the
    /// parser's; a sound dump of a malformed document still gives the parser's error, where the
    /// plain document gives it.
    @Suite struct CorruptDumpTests {
        typealias Tool = DumpFixtures.Tool

        /// About 1.5 MB: several members, blocks or frames in each layout, all within
        /// ``DecompressionStage/verificationReach`` of the end.
        static let plain = DumpFixtures.records(1_500_000)

        /// Where a byte is flipped, as a share of the compressed size.
        static let positions = [0.3, 0.5, 0.7]

        /// The pieces a generic sequence of chunks delivers the dump in.
        static let pieceSize = 10_000

        /// Each flipped byte, in each layout, from a file and from a generic sequence of chunks,
        /// read by a nonisolated loop and by one on the main actor: ``XMLDecompressionError``, at
        /// a compressed offset between the damaged byte and the end of its unit, after the events
        /// of the bytes before the damage.
        @Test(arguments: DamagedLayout.all)
        func aFlippedByteIsADecompressionError(_ layout: DamagedLayout) async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            let (compressed, ends) = try layout.compress(Self.plain)
            for position in Self.positions {
                let flip = Int(Double(compressed.count) * position)
                var damaged = compressed
                damaged[flip] ^= 0x20
                try #require(try layout.toolRejects(damaged), "\(layout) at \(flip): the tool finds no damage")
                let unitEnd = ends.first { $0 > flip } ?? compressed.count
                for (source, events, error) in try await Self.readings(of: damaged) {
                    let context: Comment = "\(layout) flipped at \(flip) of \(compressed.count), \(source)"
                    guard let failure = error as? XMLDecompressionError else {
                        Issue.record("\(context): \(String(describing: error))")
                        continue
                    }
                    #expect(failure.code == .corruptData, context)
                    #expect(failure.format == layout.tool.format, context)
                    // zstd says where only to the start of the input it was given: a chunk.
                    let earliest = layout.tool.format == .zstd ? flip - 64 << 10 : flip + 1
                    let latest = min(unitEnd, layout.detectionReach.map { flip + $0 } ?? unitEnd)
                    #expect(failure.compressedOffset >= earliest && failure.compressedOffset <= latest, context)
                    #expect(failure.decompressedOffset > 0 && failure.decompressedOffset <= Self.plain.count, context)
                    // The events of the bytes before the damage, about `position` of them (the
                    // compression ratio varies along the document: half is a safe floor).
                    let intact = zip(events, reference).prefix { $0 == $1 }.count
                    #expect(intact >= Int(Double(reference.count) * position * 0.5), "\(context): \(intact) events")
                }
            }
        }

        /// A malformed document in a sound dump: the parser's error, at the same place and in the
        /// same words as for the plain document, after the same events, in every layout, from a
        /// file and from a generic sequence of chunks.
        @Test(arguments: DamagedLayout.all)
        func aMalformedDocumentInASoundDumpIsAParsingError(_ layout: DamagedLayout) async throws {
            let malformed = Self.malformed(Self.plain, at: 0.55)
            let (expectedEvents, expectedError) = await DumpFixtures.collect(XMLEvents(data: malformed))
            let expected = try #require(expectedError as? XMLParsingError)
            #expect(expected.code == .tagNameMismatch)
            let (compressed, _) = try layout.compress(malformed)
            for (source, events, error) in try await Self.readings(of: compressed) {
                #expect(error as? XMLParsingError == expected, "\(layout), \(source): \(String(describing: error))")
                let same = zip(events, expectedEvents).prefix { $0 == $1 }.count
                #expect(
                    events.count == expectedEvents.count && same == events.count,
                    "\(layout), \(source): \(events.count) events, \(expectedEvents.count) expected, \(same) alike")
            }
        }

        /// A sound dump whose check lies further than ``DecompressionStage/verificationReach``
        /// past the parse error (one gzip member of 14 MB, malformed after 1 MB): the parser's
        /// error, at its place, saying that the data was not verified.
        @Test func aParsingErrorBeyondTheReachOfTheCheckSaysSo() async throws {
            let plain = DumpFixtures.records(14_000_000)
            let malformed = Self.malformed(plain, at: 0.07)
            let (_, expectedError) = await DumpFixtures.collect(XMLEvents(data: malformed))
            let expected = try #require(expectedError as? XMLParsingError)
            let compressed = try Tool.gzip.compress(malformed)
            let (_, error) = await DumpFixtures.collect(XMLEvents(Self.pieces(compressed)))
            let failure = try #require(error as? XMLParsingError, "\(String(describing: error))")
            #expect(failure.code == expected.code)
            #expect(failure.byteOffset == expected.byteOffset && failure.line == expected.line)
            #expect(failure.message.hasPrefix(expected.message))
            #expect(
                failure.message.hasSuffix(
                    "(the gzip data here is unverified: no integrity check was reached within 8 MiB further on)"))
        }

        /// `plain` with a stray end tag after the first `>` past `share` of it.
        static func malformed(_ plain: Data, at share: Double) -> Data {
            var data = plain
            let start = Int(Double(plain.count) * share)
            let close = data[start...].firstIndex(of: UInt8(ascii: ">")) ?? start
            data.insert(contentsOf: Data("</stray>".utf8), at: close + 1)
            return data
        }

        /// `data` as a generic asynchronous sequence of chunks.
        static func pieces(_ data: Data) -> AsyncStream<Data> {
            AsyncStream { continuation in
                for start in stride(from: 0, to: data.count, by: pieceSize) {
                    continuation.yield(data[start..<min(start + pieceSize, data.count)])
                }
                continuation.finish()
            }
        }

        /// The events of `data` and the error that ends them, read from a file, from a generic
        /// sequence of chunks, and from one on the main actor (parsed ahead, off it).
        static func readings(of data: Data) async throws -> [(
            source: String, events: [XMLEvent], error: (any Error)?
        )] {
            let file = try await DumpFixtures.withFile(data, suffix: ".dump") { path in
                await DumpFixtures.collect(XMLEvents(path: path))
            }
            let sequence = await DumpFixtures.collect(XMLEvents(pieces(data)))
            let onMainActor = await collectOnMainActor(XMLEvents(pieces(data)))
            return [
                ("file", file.events, file.error),
                ("sequence", sequence.events, sequence.error),
                ("sequence on the main actor", onMainActor.events, onMainActor.error),
            ]
        }

        /// Every event until the end or the first error, read on the main actor.
        @MainActor
        static func collectOnMainActor(_ events: XMLEvents<AsyncStream<Data>>) async -> (
            events: [XMLEvent], error: (any Error)?
        ) {
            await DumpFixtures.collect(events)
        }
    }

    /// A dump as a tool writes it, whole or in parts one after the other, and how far past a
    /// damaged byte its decoder may find the damage.
    struct DamagedLayout: Sendable, CustomTestStringConvertible {
        let tool: DumpFixtures.Tool
        /// The document compressed in this many parts, one after the other.
        let parts: Int
        /// How far past the damaged byte its block ends at most, in a format checked by the block
        /// (bzip2, xz); `nil` where the check is the member's or the frame's, at its end.
        let detectionReach: Int?

        var testDescription: String {
            tool.testDescription + (parts > 1 ? ", \(parts) parts" : "")
        }

        /// bzip2 with blocks of 100 kB.
        static let bzip2Blocks = DumpFixtures.Tool(arguments: ["bzip2", "-c", "-1"], format: .bzip2)

        static let all = [
            DamagedLayout(tool: .gzip, parts: 1, detectionReach: nil),
            DamagedLayout(tool: .gzip, parts: 8, detectionReach: nil),
            DamagedLayout(tool: .pigz, parts: 1, detectionReach: nil),
            DamagedLayout(tool: bzip2Blocks, parts: 1, detectionReach: 64 << 10),
            DamagedLayout(tool: .pbzip2, parts: 1, detectionReach: 256 << 10),
            DamagedLayout(tool: .xzThreaded, parts: 1, detectionReach: 128 << 10),
            DamagedLayout(tool: .xz, parts: 4, detectionReach: nil),
            DamagedLayout(tool: .zstd, parts: 1, detectionReach: nil),
            DamagedLayout(tool: .zstd, parts: 8, detectionReach: nil),
        ]

        /// The compressed document, and where each of its parts ends.
        func compress(_ plain: Data) throws -> (data: Data, unitEnds: [Int]) {
            let size = (plain.count + parts - 1) / parts
            var data = Data()
            var ends: [Int] = []
            for start in stride(from: 0, to: plain.count, by: size) {
                data.append(try tool.compress(plain[start..<min(start + size, plain.count)]))
                ends.append(data.count)
            }
            return (data, ends)
        }

        /// Whether the format's own tool (`gzip -t`, …) finds `data` damaged: the flipped byte
        /// is one a check covers.
        func toolRejects(_ data: Data) throws -> Bool {
            let name = ["gzip": "gzip", "pigz": "gzip", "bzip2": "bzip2", "pbzip2": "bzip2"][tool.arguments[0]]
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xmlevents-damaged-\(UUID().uuidString)")
            try data.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [name ?? tool.arguments[0], "-t", url.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus != 0
        }
    }
#endif
