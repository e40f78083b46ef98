#if os(Linux)
    import Foundation
    import Testing

    @testable import XMLEvents

    /// Multistream bzip2 files decoded by a ``Bzip2StreamPool``: the bytes, events, errors and
    /// offsets of the sequential decoder, in every layout tools write, with a forged stream start
    /// inside a stream, damage in one stream, a cut, and a limit passed; the reading waits for a
    /// slow reader; leaving the loop ends the pool's threads.
    @Suite struct Bzip2StreamPoolTests {
        typealias Tool = DumpFixtures.Tool

        /// About 6 MB: a few streams on the stage's own thread, then the rest in the pool.
        static let plain = DumpFixtures.records(6_000_000)

        /// The sizes of the pieces a source delivers the compressed file in.
        static let pieceSizes = [4_096, 65_536, 1 << 20]

        /// Each layout, read from pieces of each size: the pool gives the plain document, byte
        /// for byte, as the sequential decoder does, and the same events.
        @Test(arguments: MultistreamLayout.all)
        func aMultistreamFileGivesTheSequentialBytesAndEvents(_ layout: MultistreamLayout) async throws {
            let compressed = try layout.compress(Self.plain)
            for pieceSize in Self.pieceSizes {
                let pooled = await StageReading.read(compressed, threads: 2, pieceSize: pieceSize)
                let sequential = await StageReading.read(compressed, threads: 1, pieceSize: pieceSize)
                #expect(pooled.error == nil, "\(layout), pieces of \(pieceSize): \(String(describing: pooled.error))")
                #expect(sequential.error == nil)
                #expect(pooled.bytes == Self.plain, "\(layout), pieces of \(pieceSize)")
                #expect(sequential.bytes == Self.plain)
            }
            let reference = try await DumpFixtures.events(of: Self.plain)
            let (events, error) = await DumpFixtures.collect(XMLEvents(data: compressed))
            #expect(error == nil)
            #expect(events == reference)
        }

        /// A stream cut short and a valid stream of other bytes put in its place from the middle of
        /// its data on: a stream start that the pool finds, whose stream ends exactly where the
        /// next stream starts, but that is no stream's start. The sequential decoder's error, at
        /// its compressed offset; the forged stream's bytes never reach the reader.
        @Test func aForgedStreamInsideAStreamIsNotAStart() async throws {
            let streams = try MultistreamLayout.pieces(30, Tool.bzip2).streams(of: Self.plain)
            let forged = try Tool.bzip2.compress(Data("<forged>never delivered</forged>".utf8))
            let victim = streams.count * 2 / 3
            var compressed = Data(streams[..<victim].joined())
            compressed.append(streams[victim].prefix(streams[victim].count / 2))
            let forgedStart = compressed.count
            compressed.append(forged)
            compressed.append(Data(streams[(victim + 1)...].joined()))
            #expect(compressed[forgedStart...].withUnsafeBytes { Bzip2StreamStarts.isStart($0) })

            let sequential = await StageReading.read(compressed, threads: 1, pieceSize: 65_536)
            let expected = try #require(sequential.error as? XMLDecompressionError)
            #expect(expected.code == .corruptData)
            for pieceSize in Self.pieceSizes {
                let pooled = await StageReading.read(compressed, threads: 2, pieceSize: pieceSize)
                let failure = try #require(
                    pooled.error as? XMLDecompressionError, "\(String(describing: pooled.error))")
                #expect(failure.code == expected.code && failure.message == expected.message)
                #expect(failure.compressedOffset == expected.compressedOffset, "pieces of \(pieceSize)")
                Self.expectSamePrefix(pooled.bytes, sequential.bytes, failure, expected)
                #expect(pooled.bytes.range(of: Data("<forged>".utf8)) == nil)
            }
        }

        /// Bytes that are no stream after a stream's end, then a valid stream, whose start the pool
        /// finds and decodes: the stream before ended short of it, so it is no stream's start.
        /// The sequential decoder's error, at the end of the stream before; nothing of the
        /// forged stream.
        @Test func aStreamBehindBytesThatAreNoStreamIsNotAStart() async throws {
            let streams = try MultistreamLayout.pieces(30, Tool.bzip2).streams(of: Self.plain)
            let forged = try Tool.bzip2.compress(Data("<forged>never delivered</forged>".utf8))
            var compressed = Data(streams[..<20].joined())
            let end = compressed.count
            compressed.append(Data("no stream".utf8))
            compressed.append(forged)
            compressed.append(Data(streams[20...].joined()))
            let sequential = await StageReading.read(compressed, threads: 1, pieceSize: 65_536)
            let expected = try #require(sequential.error as? XMLDecompressionError)
            #expect(expected.code == .corruptData && expected.compressedOffset < end + 10)
            for pieceSize in Self.pieceSizes {
                let pooled = await StageReading.read(compressed, threads: 2, pieceSize: pieceSize)
                #expect(pooled.error as? XMLDecompressionError == expected, "\(String(describing: pooled.error))")
                #expect(pooled.bytes == sequential.bytes && pooled.bytes == Self.plain.prefix(pooled.bytes.count))
                #expect(pooled.bytes.range(of: Data("<forged>".utf8)) == nil)
            }
        }

        /// One flipped byte in stream `k`, for several `k` past the pool's start: the sequential
        /// decoder's error and compressed offset, after the same bytes but for the failing call's.
        @Test func damageInOneStreamIsTheSequentialError() async throws {
            let streams = try MultistreamLayout.pieces(30, Tool.bzip2).streams(of: Self.plain)
            for victim in [8, 17, 29] {
                var compressed = Data(streams.joined())
                let start = streams[..<victim].reduce(0) { $0 + $1.count }
                compressed[start + streams[victim].count / 2] ^= 0x10
                let sequential = await StageReading.read(compressed, threads: 1, pieceSize: 65_536)
                let expected = try #require(sequential.error as? XMLDecompressionError)
                let pooled = await StageReading.read(compressed, threads: 2, pieceSize: 65_536)
                let failure = try #require(
                    pooled.error as? XMLDecompressionError, "\(String(describing: pooled.error))")
                #expect(failure.code == .corruptData && failure.code == expected.code, "stream \(victim)")
                #expect(failure.message == expected.message, "stream \(victim)")
                #expect(failure.compressedOffset == expected.compressedOffset, "stream \(victim)")
                Self.expectSamePrefix(pooled.bytes, sequential.bytes, failure, expected)
            }
        }

        /// Bytes after the last stream that are not a stream: the sequential decoder's error, at
        /// the same compressed offset, after the whole document.
        @Test func dataAfterTheLastStreamIsTheSequentialError() async throws {
            var compressed = try MultistreamLayout.pieces(30, Tool.bzip2).compress(Self.plain)
            compressed.append(Data("trailing garbage".utf8))
            let sequential = await StageReading.read(compressed, threads: 1, pieceSize: 65_536)
            let pooled = await StageReading.read(compressed, threads: 2, pieceSize: 65_536)
            let expected = try #require(sequential.error as? XMLDecompressionError)
            let failure = try #require(pooled.error as? XMLDecompressionError)
            #expect(failure == expected)
            #expect(pooled.bytes == Self.plain && sequential.bytes == Self.plain)
        }

        /// The file cut inside a stream, and just after a stream's first bytes: the input ended
        /// inside a stream, after the same bytes and at the same offsets as the sequential
        /// decoder's; and through ``XMLEvents``, `.truncated`, naming the format and the offsets.
        @Test func aCutFileIsTruncatedAsSequentially() async throws {
            let streams = try MultistreamLayout.pieces(30, Tool.bzip2).streams(of: Self.plain)
            let whole = Data(streams.joined())
            let boundary = streams[..<20].reduce(0) { $0 + $1.count }
            for cut in [whole.count * 2 / 3, boundary + 3, boundary + 11] {
                let compressed = whole.prefix(cut)
                let sequential = await StageReading.read(compressed, threads: 1, pieceSize: 65_536)
                let pooled = await StageReading.read(compressed, threads: 2, pieceSize: 65_536)
                let expected = try #require(sequential.error as? DecompressedStreamCut)
                let failure = try #require(
                    pooled.error as? DecompressedStreamCut, "\(String(describing: pooled.error))")
                #expect(failure.compressedOffset == cut && expected.compressedOffset == cut)
                #expect(failure.decompressedOffset == expected.decompressedOffset, "cut at \(cut)")
                #expect(pooled.bytes == sequential.bytes, "cut at \(cut)")
            }
            let (events, error) = await DumpFixtures.collect(XMLEvents(data: whole.prefix(whole.count * 2 / 3)))
            let truncated = try #require(error as? XMLParsingError)
            #expect(truncated.code == .truncated)
            #expect(truncated.message.contains("bzip2 stream is cut short"))
            #expect(events.count > 100)
        }

        /// A limit passed in the pool's streams: counted in order, as the sequential decoder counts
        /// it, the same error at the same compressed offset, a chunk of output apart at most.
        @Test func theLimitsHoldInOrder() async throws {
            // Text that bzip2 compresses some 4,000 times over, in streams of 2 MB.
            var bomb = Data("<bomb>".utf8)
            let element = Data(("<t>" + String(repeating: "x", count: 1 << 20) + "</t>").utf8)
            for _ in 0..<40 { bomb.append(element) }
            bomb.append(Data("</bomb>".utf8))
            let compressed = try MultistreamLayout.pieces(20, Tool.bzip2).compress(bomb)
            var ratio = XMLDecompression.automatic
            ratio.ratioFreeBytes = 8 << 20
            ratio.maximumRatio = 2_000
            var size = XMLDecompression.automatic
            size.maximumRatio = .max
            size.maximumDecompressedBytes = 23_456_789
            for limits in [ratio, size] {
                let sequential = await StageReading.read(compressed, threads: 1, pieceSize: 65_536, limits: limits)
                let pooled = await StageReading.read(compressed, threads: 2, pieceSize: 65_536, limits: limits)
                let expected = try #require(sequential.error as? XMLDecompressionError)
                let failure = try #require(
                    pooled.error as? XMLDecompressionError, "\(String(describing: pooled.error))")
                #expect(failure.code == .limitExceeded && expected.code == .limitExceeded)
                #expect(failure.message == expected.message)
                // Checked where calls end, which differs by where output chunks end: in the same
                // block, after or before the stream's end-of-stream marker and check (10 bytes).
                #expect(abs(failure.compressedOffset - expected.compressedOffset) <= 10)
                #expect(
                    abs(failure.decompressedOffset - expected.decompressedOffset) <= DecompressionStage.outputChunkSize)
                if limits.maximumDecompressedBytes < .max {
                    #expect(failure.decompressedOffset > limits.maximumDecompressedBytes)
                    #expect(pooled.bytes.count <= limits.maximumDecompressedBytes)
                }
                #expect(pooled.bytes == bomb.prefix(pooled.bytes.count))
            }
        }

        /// A reader that stops taking chunks once the pool has started: the pool fills what it may
        /// hold, then takes no more input; what it read stays within the window's bound past the
        /// bytes handed out. Reading on then gives the whole document.
        @Test func aSlowReaderBoundsWhatIsRead() async throws {
            let plain = Self.poorlyCompressible(32_000_000)
            let streamSize = 400_000
            let streams = try MultistreamLayout.pieces(plain.count / streamSize, Tool.bzip2).streams(of: plain)
            let compressed = Data(streams.joined())
            let pieceSize = 65_536
            let reading = StageReading(compressed, threads: 2, pieceSize: pieceSize, limits: .automatic)
            // Past the pool's start, a few mebibytes in.
            await reading.take(until: 4 << 20)
            let handedOut = reading.bytes.count
            // The streams of the output handed out, held by the head (a mebibyte and a chunk) and
            // queued (four chunks), then the window and the pieces queued or being taken in.
            let heldStreams = (handedOut + (2 << 20)) / streamSize + 1
            let bound =
                streams.prefix(heldStreams).reduce(0) { $0 + $1.count } + Bzip2StreamPool.windowLimit
                + (DecompressionStage.inputCapacity + 2) * pieceSize
            let read = await reading.feedWithoutTaking()
            #expect(read < compressed.count * 2 / 3, "read \(read) of \(compressed.count)")
            #expect(read <= bound, "read \(read), bound \(bound)")
            await reading.take(until: .max)
            #expect(reading.error == nil)
            #expect(reading.bytes == plain)
        }

        /// A document of about `byteCount` bytes whose text is random hexadecimal digits, which
        /// bzip2 compresses only about twice: many compressed bytes per byte decoded.
        static func poorlyCompressible(_ byteCount: Int) -> Data {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            var text = "<records>\n"
            text.reserveCapacity(byteCount + 200)
            while text.utf8.count < byteCount {
                var digits = ""
                for _ in 0..<4 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    digits += String(state >> 1, radix: 16)
                }
                text += "  <record><hash>\(digits)</hash></record>\n"
            }
            return Data((text + "</records>\n").utf8)
        }

        /// Leaving the loop, or cancelling the task, while the pool's threads decode ahead: every
        /// thread ends. In a process of its own, where no other test's threads run.
        @Test(arguments: ["break", "cancel"])
        func leavingTheLoopEndsThePoolsThreads(_ how: String) async throws {
            let measurement = try #require(StreamPoolMeasurements.all.first { $0.name == "streams.leave.\(how)" })
            let figures = try await measurement.run()
            // The stage's thread and two helpers.
            #expect(figures["threadsWhileReading"] == 3, "\(figures)")
            #expect(figures["threadsAfter"] == 0, "\(figures)")
            #expect(figures["unread", default: 0] > 0, "\(figures)")
        }

        /// ``XMLParsingOptions/parallelism`` sets how many threads decode the streams, beside the
        /// stage's: none with `off` (the stage's thread decodes them one after the other), three
        /// with `cores(3)`, whatever the machine's cores.
        @Test(arguments: [("off", 1), ("cores(3)", 4)])
        func theParallelismSetsTheDecodingThreads(_ setting: (name: String, threads: Int)) async throws {
            let measurement = try #require(
                StreamPoolMeasurements.all.first { $0.name == "streams.leave.break.\(setting.name)" })
            let figures = try await measurement.run()
            #expect(figures["threadsWhileReading"] == setting.threads, "\(figures)")
            #expect(figures["threadsAfter"] == 0, "\(figures)")
        }

        /// The bytes before a failure: the same, each up to its failing call, whose output neither
        /// hands out (a damaged block's bytes before its check included), a chunk apart at most.
        static func expectSamePrefix(
            _ pooled: Data, _ sequential: Data, _ failure: XMLDecompressionError, _ expected: XMLDecompressionError
        ) {
            let common = min(pooled.count, sequential.count)
            #expect(pooled.prefix(common) == sequential.prefix(common))
            #expect(pooled.count == failure.decompressedOffset && sequential.count == expected.decompressedOffset)
            #expect(abs(pooled.count - sequential.count) <= DecompressionStage.outputChunkSize)
        }
    }

    /// A multistream layout: what a tool writes, or a file compressed in pieces, one after the
    /// other.
    struct MultistreamLayout: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable (Data) throws -> [Data]

        var testDescription: String { name }

        /// `data` compressed, stream by stream.
        func streams(of data: Data) throws -> [Data] {
            try make(data)
        }

        /// `data` compressed.
        func compress(_ data: Data) throws -> Data {
            Data(try make(data).joined())
        }

        /// `data` in `count` pieces, each compressed by `tool`.
        static func pieces(_ count: Int, _ tool: DumpFixtures.Tool) -> MultistreamLayout {
            MultistreamLayout(name: "\(tool.testDescription), \(count) pieces") { data in
                let size = (data.count + count - 1) / count
                return try stride(from: 0, to: data.count, by: size).map { start in
                    try tool.compress(
                        data[(data.startIndex + start)..<(data.startIndex + min(start + size, data.count))])
                }
            }
        }

        static let all = [
            MultistreamLayout(name: "pbzip2 -b1") { [try DumpFixtures.Tool.pbzip2.compress($0)] },
            pieces(30, .bzip2),
            // Streams of several 100 kB blocks each.
            pieces(7, DumpFixtures.Tool(arguments: ["bzip2", "-c", "-1"], format: .bzip2)),
            // Many small streams, some empty.
            MultistreamLayout(name: "bzip2, 300 pieces, empty streams between") { data in
                let empty = try DumpFixtures.Tool.bzip2.compress(Data())
                return try pieces(300, .bzip2).streams(of: data).enumerated().flatMap { index, stream in
                    index % 7 == 3 ? [stream, empty, empty] : [stream]
                }
            },
        ]
    }

    /// A compressed document read straight from a ``DecompressionStage``, as the feed reads it:
    /// the source's pieces pushed when the stage asks, its chunks taken.
    final class StageReading: @unchecked Sendable {
        // Safe: used by one task at a time, the test's.
        let compressed: Data
        let pieceSize: Int
        let owner: DecompressionStage.Owner?
        var pushed = 0
        var bytes = Data()
        var error: (any Error)?
        var hasEnded = false

        init(_ compressed: Data, threads: Int, pieceSize: Int, limits: XMLDecompression) {
            self.compressed = compressed
            self.pieceSize = pieceSize
            do {
                owner = try DecompressionStage.start(.bzip2, limits: limits, streamThreads: threads)
            } catch {
                owner = nil
                self.error = error
                hasEnded = true
            }
        }

        /// The whole reading of `compressed`.
        static func read(_ compressed: Data, threads: Int, pieceSize: Int, limits: XMLDecompression = .automatic)
            async -> StageReading
        {
            let reading = StageReading(compressed, threads: threads, pieceSize: pieceSize, limits: limits)
            await reading.take(until: .max)
            return reading
        }

        /// Takes chunks until `count` bytes are out, or the end.
        func take(until count: Int) async {
            guard let stage = owner?.stage else { return }
            while !hasEnded, bytes.count < count {
                switch stage.nextStep() {
                case .chunk(let chunk):
                    bytes.append(chunk)
                case .end:
                    hasEnded = true
                case .fail(let failure):
                    error = failure
                    hasEnded = true
                case .read:
                    pushNext(stage)
                case .wait:
                    await stage.waitForThread()
                }
            }
        }

        /// Hands the stage pieces whenever it has room, taking no chunk, until it has taken none
        /// for a while (the pool has filled what it may hold); returns how many bytes it read.
        func feedWithoutTaking() async -> Int {
            guard let stage = owner?.stage else { return pushed }
            var quiet = 0
            // Half a second without a piece taken: the pool holds all it may. (Under load the
            // pool only reads less by then; the bound checked is an upper one.)
            while quiet < 100, pushed < compressed.count {
                if stage.needsInput {
                    pushNext(stage)
                    quiet = 0
                } else {
                    quiet += 1
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            return pushed
        }

        private func pushNext(_ stage: DecompressionStage) {
            guard pushed < compressed.count else {
                stage.endInput()
                return
            }
            let end = min(pushed + pieceSize, compressed.count)
            stage.push(compressed[(compressed.startIndex + pushed)..<(compressed.startIndex + end)])
            pushed = end
        }
    }

    /// The measurements behind ``Bzip2StreamPoolTests/leavingTheLoopEndsThePoolsThreads(_:)`` and
    /// ``Bzip2StreamPoolTests/theParallelismSetsTheDecodingThreads(_:)``.
    enum StreamPoolMeasurements {
        static let all = [
            leave(cancelling: false), leave(cancelling: true),
            leave(cancelling: false, parallelism: .off), leave(cancelling: false, parallelism: .cores(3)),
        ]

        /// Reads a pbzip2 file of 20 MB that compresses about twice, with `parallelism` (by
        /// default a pool of two threads); leaves after 200,000 events (some 2.5 MB, past the
        /// pool's start), by `break` or by cancelling the task.
        static func leave(
            cancelling: Bool, parallelism: XMLParsingOptions.Parallelism = .cores(2)
        ) -> IsolatedMeasurement {
            let name = "streams.leave.\(cancelling ? "cancel" : "break")"
            return IsolatedMeasurement(name: parallelism == .cores(2) ? name : "\(name).\(parallelism)") {
                let compressed = try DumpFixtures.Tool.pbzip2.compress(
                    Bzip2StreamPoolTests.poorlyCompressible(20_000_000))
                var options = XMLParsingOptions()
                options.parallelism = parallelism
                return try await DumpMemoryMeasurements.leaving(
                    compressed, after: 200_000, options: options, cancelling: cancelling)
            }
        }
    }
#endif
