#if os(Linux)
    import Foundation
    import Testing

    @testable import XMLEvents

    /// Verifying the decompressed bytes a parse failed on leaves no thread behind: neither when it
    /// ends with the error, nor when the task is cancelled while verification waits for the
    /// source, read inline or ahead of a loop on the main actor. Each in a process of its own,
    /// where no other test's decompression thread runs.
    @Suite struct DumpVerificationThreadTests {
        @Test(arguments: VerificationThreadMeasurements.all.map(\.name))
        func verificationLeavesNoThreadBehind(_ name: String) async throws {
            let measurement = try #require(VerificationThreadMeasurements.all.first { $0.name == name })
            let figures = try await measurement.run()
            // Every event before the parse error, so the parse had failed before the source was
            // read further: verification, not the parse, read on.
            #expect(figures["events"] == figures["expectedEvents"], "\(figures)")
            #expect(figures["threadsAfter"] == 0, "\(figures)")
            if name.hasSuffix(".cancel") {
                #expect(figures["stalled"] == 1, "\(figures)")
                #expect(figures["threadsWhileStalled"] == 1, "\(figures)")
                #expect(figures["error"] == VerificationThreadMeasurements.cancelled, "\(figures)")
            } else {
                #expect(figures["error"] == VerificationThreadMeasurements.parsing, "\(figures)")
            }
        }
    }

    /// The measurements behind ``DumpVerificationThreadTests``: a sound gzip dump of a 6 MB
    /// document malformed a tenth of the way in, so that the parse fails and the stage verifies
    /// the member, which ends further on than the parse and the stage have read.
    enum VerificationThreadMeasurements {
        static let all = [
            measure("verify.end", onMainActor: false, stalling: false),
            measure("verify.inline.cancel", onMainActor: false, stalling: true),
            measure("verify.actor.cancel", onMainActor: true, stalling: true),
        ]

        /// The error that ended the reading, as a figure.
        static let parsing = 1
        static let cancelled = 2
        static let other = 3

        /// Reads the dump from a source that, when `stalling`, hands out four fifths of it and
        /// then waits, until cancelled, for bytes that never come: the task is cancelled once
        /// verification asks for them.
        static func measure(_ name: String, onMainActor: Bool, stalling: Bool) -> IsolatedMeasurement {
            IsolatedMeasurement(name: name) {
                let malformed = CorruptDumpTests.malformed(DumpFixtures.records(6_000_000), at: 0.1)
                let expected = await DumpFixtures.collect(XMLEvents(data: malformed))
                let compressed = try DumpFixtures.Tool.gzip.compress(malformed)
                let handedOut = stalling ? compressed.count * 4 / 5 : compressed.count
                let (asked, stall) = AsyncStream.makeStream(of: Void.self)
                let source = StallingChunks(data: compressed.prefix(handedOut), stalls: stalling, asked: stall)
                let task = Task {
                    defer { stall.finish() }
                    return onMainActor ? await Self.readOnMainActor(source) : await Self.read(source)
                }
                var stalled = 0
                var threadsWhileStalled = 0
                if stalling {
                    var signals = asked.makeAsyncIterator()
                    if await signals.next() != nil {
                        stalled = 1
                        threadsWhileStalled = DumpFixtures.decompressionThreads().count
                    }
                    task.cancel()
                }
                let (events, error) = await task.value
                let ended = await threadsEnd()
                return [
                    "events": events,
                    "expectedEvents": expected.events.count,
                    "error": error is XMLParsingError ? parsing : error is CancellationError ? cancelled : other,
                    "stalled": stalled,
                    "threadsWhileStalled": threadsWhileStalled,
                    "threadsAfter": ended ? 0 : DumpFixtures.decompressionThreads().count,
                ]
            }
        }

        /// How many events reading `source` gives in a nonisolated loop, and the error that ends it.
        static func read(_ source: StallingChunks) async -> (Int, (any Error)?) {
            let (events, error) = await DumpFixtures.collect(XMLEvents(source))
            return (events.count, error)
        }

        /// How many events reading `source` gives in a loop on the main actor (parsed ahead, off
        /// it), and the error that ends it.
        @MainActor
        static func readOnMainActor(_ source: StallingChunks) async -> (Int, (any Error)?) {
            var count = 0
            do {
                for try await _ in XMLEvents(source) { count += 1 }
                return (count, nil)
            } catch {
                return (count, error)
            }
        }

        /// Waits until no decompression thread is left in this process; `false` if one still runs
        /// after a minute (a guard against a hang, not a measure of speed: the thread ends at its
        /// next step once its stage is let go).
        static func threadsEnd() async -> Bool {
            let guardTime = ContinuousClock.now.advanced(by: .seconds(60))
            while !DumpFixtures.decompressionThreads().isEmpty {
                guard ContinuousClock.now < guardTime else { return false }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return true
        }
    }

    /// A document's bytes in chunks of 10 kB; once they are out, the end, or, when it `stalls`, a
    /// wait for more that ends only with the task's cancellation, announced on `asked`.
    struct StallingChunks: AsyncSequence, Sendable {
        let data: Data
        let stalls: Bool
        let asked: AsyncStream<Void>.Continuation

        func makeAsyncIterator() -> Iterator {
            Iterator(chunks: self)
        }

        struct Iterator: AsyncIteratorProtocol {
            let chunks: StallingChunks
            var offset = 0

            mutating func next() async throws -> Data? {
                let data = chunks.data
                if offset < data.count {
                    let end = Swift.min(offset + 10_000, data.count)
                    defer { offset = end }
                    return data[(data.startIndex + offset)..<(data.startIndex + end)]
                }
                guard chunks.stalls else { return nil }
                chunks.asked.yield()
                // Ends only when the task is cancelled, by throwing CancellationError.
                while true { try await Task.sleep(for: .seconds(3_600)) }
            }
        }
    }
#endif
