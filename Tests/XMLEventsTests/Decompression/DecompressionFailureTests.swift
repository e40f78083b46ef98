#if os(Linux)
    import Foundation
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    @testable import XMLEvents
    @testable import XMLEventsInput

    /// Corrupt data, a stream cut short and a bomb end the document with a typed error after the
    /// events before it; leaving the loop stops the decompression thread; a dump streams in bounded
    /// memory.
    @Suite struct DecompressionFailureTests {
        typealias Tool = DumpFixtures.Tool

        static let plain = DumpFixtures.records(1_500_000)

        /// A damaged block header in a multistream bzip2 file: ``XMLDecompressionError``, with the
        /// events of the streams before it delivered.
        @Test func corruptDataIsATypedErrorAfterTheEventsBeforeIt() async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            var compressed = try Tool.pbzip2.compress(Self.plain)
            // Each of pbzip2's streams starts "BZh1" and the block magic 31 41 59 26 53 59.
            let magic: [UInt8] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
            let starts = compressed.indices.dropLast(10).filter {
                compressed[$0] == 0x42 && compressed[$0 + 1] == 0x5A && compressed[$0 + 2] == 0x68
                    && Array(compressed[($0 + 4)..<($0 + 10)]) == magic
            }
            let stream = try #require(starts.first { $0 > compressed.count / 2 })
            compressed[stream + 6] ^= 0x55
            let (events, error) = await DumpFixtures.collect(XMLEvents(data: compressed))
            let failure = try #require(error as? XMLDecompressionError, "\(String(describing: error))")
            #expect(failure.code == .corruptData)
            #expect(failure.format == .bzip2)
            #expect(failure.compressedOffset >= stream && failure.compressedOffset <= stream + 10)
            #expect(failure.decompressedOffset > Self.plain.count / 3)
            #expect(failure.description.contains("bzip2"))
            #expect(events.count > reference.count / 3 && Array(reference.prefix(events.count)) == events)
        }

        /// A document big enough to be parsed in chunks of records on two cores.
        static let larger = DumpFixtures.records(3_000_000)

        /// Each format cut short: `.truncated`, as for a plain document, naming the format and both
        /// offsets, after the events of what did arrive; with one parser and with chunks of records
        /// on two cores (which took over before the cut), the same events and the same error.
        @Test(arguments: Tool.perFormat)
        func aStreamCutShortIsTruncated(_ tool: Tool) async throws {
            let reference = try await DumpFixtures.events(of: Self.larger)
            let compressed = try tool.compress(Self.larger)
            let cut = compressed.prefix(compressed.count * 2 / 3)
            try await DumpFixtures.withFile(cut, suffix: ".cut") { path in
                var outcomes: [(events: [XMLEvent], error: XMLParsingError)] = []
                for parallelism in [XMLParsingOptions.Parallelism.off, .cores(2)] {
                    let options = XMLParsingOptions(parallelism: parallelism)
                    let (events, error) = await DumpFixtures.collect(XMLEvents(path: path, options: options))
                    let failure = try #require(
                        error as? XMLParsingError, "\(parallelism): \(String(describing: error))")
                    #expect(failure.code == .truncated)
                    #expect(failure.message.contains("\(tool.format) stream is cut short"), "\(failure.message)")
                    #expect(failure.message.contains("\(cut.count) compressed bytes"), "\(failure.message)")
                    #expect(failure.line > 1)
                    #expect(events.count > reference.count / 3 && Array(reference.prefix(events.count)) == events)
                    outcomes.append((events, failure))
                }
                #expect(outcomes[1].events == outcomes[0].events)
                #expect(outcomes[1].error == outcomes[0].error)
            }
        }

        /// A document whose XML is complete but whose compressed stream lacks its end (the gzip
        /// trailer with its check) is cut short too: its integrity cannot be known.
        @Test func aMissingTrailerIsTruncated() async throws {
            let compressed = try Tool.gzip.compress(Data("<r>whole</r>".utf8))
            let (_, error) = await DumpFixtures.collect(XMLEvents(data: compressed.dropLast(4)))
            #expect((error as? XMLParsingError)?.code == .truncated)
        }

        /// 64 MiB of text in a few kilobytes of zstd: the default ratio stops it once the first
        /// 16 MiB are out, and an absolute bound stops it at that bound.
        @Test func aBombIsStoppedByTheLimits() async throws {
            var bomb = Data("<bomb>".utf8)
            let element = Data(("<t>" + String(repeating: "x", count: 1 << 20) + "</t>").utf8)
            for _ in 0..<64 { bomb.append(element) }
            bomb.append(Data("</bomb>".utf8))
            let compressed = try Tool.zstd.compress(bomb)
            #expect(compressed.count < 64 << 10)
            let (events, error) = await DumpFixtures.collect(XMLEvents(data: compressed))
            let failure = try #require(error as? XMLDecompressionError, "\(String(describing: error))")
            #expect(failure.code == .limitExceeded)
            #expect(failure.decompressedOffset > 16 << 20 && failure.decompressedOffset < 20 << 20)
            #expect(events.count > 16)

            var options = XMLParsingOptions()
            options.decompression.maximumDecompressedBytes = 3 << 20
            options.decompression.maximumRatio = .max
            let (_, bounded) = await DumpFixtures.collect(XMLEvents(data: compressed, options: options))
            let stopped = try #require(bounded as? XMLDecompressionError)
            #expect(stopped.code == .limitExceeded)
            #expect(stopped.decompressedOffset > 3 << 20 && stopped.decompressedOffset < 4 << 20)

            options.decompression.maximumDecompressedBytes = .max
            let (all, none) = await DumpFixtures.collect(XMLEvents(data: compressed, options: options))
            #expect(none == nil && all.count == 64 * 3 + 4)
        }

        /// Leaving the loop early, or cancelling the task, ends the decompression thread (and with
        /// it the decoder it owns), though the dump has hardly been read. In a process of its own,
        /// where no other test's thread has the same name.
        @Test(arguments: ["break", "cancel"])
        func leavingTheLoopStopsTheThread(_ how: String) async throws {
            let measurement = try #require(DumpMemoryMeasurements.all.first { $0.name == "dumps.leave.\(how)" })
            let figures = try await measurement.run()
            #expect(figures["threadsWhileReading"] == 1)
            #expect(figures["threadsAfter"] == 0)
            #expect(figures["unread", default: 0] > 0)
        }

        /// A 40 MB dump in bzip2, zstd, and multistream bzip2 (streams of 900 kB, decoded by a pool
        /// of two threads) streams through in a few MiB beyond the decoders' own, in a process of
        /// its own.
        ///
        /// The multistream dump is read with ``XMLParsingOptions/Parallelism/cores(_:)`` 2, which
        /// also parses its records in chunks on two cores: besides the pool's decoders and output
        /// (some 16 MiB: at most four streams started, each a 3.6 MiB decoder and 1 MiB decoded
        /// ahead, and 4 MiB of compressed window), the chunks in flight (some 10 MiB, as in
        /// ``CompositionMemoryTests``). Measured: 30–32 MB, against 6–7 MB with one thread for each.
        @Test(arguments: ["bzip2", "zstd", "bzip2-multistream"])
        func aDumpStreamsInBoundedMemory(_ format: String) async throws {
            let measurement = try #require(DumpMemoryMeasurements.all.first { $0.name == "dumps.\(format)" })
            let figures = try await measurement.run()
            #expect(figures["documentBytes", default: 0] > 35_000_000)
            #expect(figures["elements", default: 0] > 100_000)
            let growth = try #require(figures["growth"])
            let bound = format == "bzip2-multistream" ? 48 << 20 : 32 << 20
            #expect(SanitizerDetection.isActive || growth < bound, "grew by \(growth >> 20) MB")
        }
    }

    /// The measurements behind ``DecompressionFailureTests/aDumpStreamsInBoundedMemory(_:)`` and
    /// ``DecompressionFailureTests/leavingTheLoopStopsTheThread(_:)``.
    enum DumpMemoryMeasurements {
        static let all = [
            measure(.bzip2), measure(.zstd), measure(.bzip2, multistream: true), leave(cancelling: false),
            leave(cancelling: true),
        ]

        static func leave(cancelling: Bool) -> IsolatedMeasurement {
            IsolatedMeasurement(name: "dumps.leave.\(cancelling ? "cancel" : "break")") {
                let compressed = try DumpFixtures.Tool.bzip2.compress(DumpFixtures.records(6_000_000))
                return try await leaving(compressed, after: 10, chunkSize: 4_096, cancelling: cancelling)
            }
        }

        /// Reads `compressed` from a file in chunks of `chunkSize` with `options`, and leaves the
        /// loop after `eventCount` events, by `break` or by cancelling the task: the decompression
        /// threads then, and after (0 once they have all ended), and the compressed bytes unread.
        static func leaving(
            _ compressed: Data, after eventCount: Int, chunkSize: Int = 64 * 1024,
            options: XMLParsingOptions = .default,
            cancelling: Bool
        ) async throws -> IsolatedMeasurement.Figures {
            try await DumpFixtures.withFile(compressed, suffix: ".bz2") { path in
                let events = XMLEvents(path: path, chunkSize: chunkSize, options: options)
                let threadsWhileReading = LockedCount()
                let task = Task {
                    var count = 0
                    for try await _ in events {
                        count += 1
                        guard count == eventCount else { continue }
                        threadsWhileReading.value = DumpFixtures.decompressionThreads().count
                        if cancelling { withUnsafeCurrentTask { $0?.cancel() } } else { break }
                    }
                }
                _ = await task.result
                let ended = eventually { DumpFixtures.decompressionThreads().isEmpty }
                return [
                    "threadsWhileReading": threadsWhileReading.value,
                    "threadsAfter": ended ? 0 : DumpFixtures.decompressionThreads().count,
                    "unread": compressed.count - events.source.progress.receivedByteCount,
                ]
            }
        }

        /// Polls until `condition` holds or a minute passes: the thread ends shortly after the
        /// loop does. (The limit turns a hang into a failure, however loaded the machine; it is
        /// not a measure of speed.)
        static func eventually(_ condition: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while !condition() {
                guard ContinuousClock.now < deadline else { return false }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return true
        }

        /// A number the reading task sets and the measurement reads after it.
        final class LockedCount: @unchecked Sendable {
            // Safe: written by the task before it ends, read after `task.result`.
            var value = 0
        }

        static func measure(_ format: XMLDecompression.Format, multistream: Bool = false) -> IsolatedMeasurement {
            IsolatedMeasurement(name: "dumps.\(format)\(multistream ? "-multistream" : "")") {
                let tool = format == .bzip2 ? DumpFixtures.Tool.bzip2 : DumpFixtures.Tool.zstd
                let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "xmlevents-dump-memory-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: url) }
                var documentBytes = 0
                do {
                    let plain = DumpFixtures.records(40_000_000)
                    documentBytes = plain.count
                    let pieces = (plain.count + 899_999) / 900_000
                    try (multistream ? MultistreamLayout.pieces(pieces, tool).compress(plain) : tool.compress(plain))
                        .write(to: url)
                }
                CompositionMemoryMeasurements.trim()
                let baseline = ProcessMemory.residentBytes
                var peak = baseline
                var elements = 0
                var options = XMLParsingOptions()
                // Two threads decode the multistream file's streams, whatever the machine's cores.
                if multistream { options.parallelism = .cores(2) }
                for try await event in XMLEvents(path: url.path, options: options) {
                    guard case .startElement = event else { continue }
                    elements += 1
                    if elements % 5_000 == 0 { peak = max(peak, ProcessMemory.residentBytes) }
                }
                return ["documentBytes": documentBytes, "elements": elements, "growth": peak - baseline]
            }
        }
    }
#endif
