import Foundation
import Synchronization
import Testing

@testable import XMLEvents

/// Guarantee 5: leaving the loop or cancelling the task stops reading and frees the parser.
@Suite struct CancellationTests {
    /// A source that yields the same chunk forever and records when its iterator is released.
    final class EndlessSource: AsyncSequence, Sendable {
        typealias Element = Data
        let chunk: Data
        let iterated = Atomic<Int>(0)
        let released = Atomic<Int>(0)

        init(chunk: Data) { self.chunk = chunk }

        func makeAsyncIterator() -> Iterator { Iterator(source: self) }

        final class Iterator: AsyncIteratorProtocol {
            let source: EndlessSource
            var first = true
            init(source: EndlessSource) { self.source = source }
            deinit { source.released.add(1, ordering: .sequentiallyConsistent) }
            func next() async -> Data? {
                source.iterated.add(1, ordering: .sequentiallyConsistent)
                if first {
                    first = false
                    return Data("<feed>".utf8)
                }
                return source.chunk
            }
        }
    }

    /// Set once the consuming task has seen its first event.
    final class StartFlag: Sendable {
        let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
        func set() { value.store(true, ordering: .sequentiallyConsistent) }
    }

    static let record = Data(String(repeating: "<entry><title>t</title></entry>", count: 200).utf8)

    @Test func breakReleasesTheSourceAndTheParser() async throws {
        let source = EndlessSource(chunk: Self.record)
        let alive = try await LiveParserCount.alive {
            var seen = 0
            for try await event in XMLEvents(source) {
                if case .startElement = event { seen += 1 }
                if seen == 1_000 { break }
            }
        }
        #expect(alive == 0)
        #expect(source.released.load(ordering: .sequentiallyConsistent) == 1)
        let iterated = source.iterated.load(ordering: .sequentiallyConsistent)
        #expect(iterated < 20, "the source was read \(iterated) times for 1,000 elements")
    }

    @Test func cancellingTheTaskEndsIterationPromptly() async throws {
        let source = EndlessSource(chunk: Self.record)
        let started = StartFlag()
        var result: Result<Int, any Error>?
        let alive = await LiveParserCount.alive {
            let task = Self.consume(source, reporting: started)
            while !started.isSet { await Task.yield() }
            task.cancel()
            result = await task.result
        }
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(alive == 0)
        #expect(source.released.load(ordering: .sequentiallyConsistent) == 1)
    }

    /// Reads `source` as events in a new task (which inherits the caller's task-local counter).
    static func consume(_ source: EndlessSource, reporting started: StartFlag) -> Task<Int, any Error> {
        Task {
            var count = 0
            for try await _ in XMLEvents(source) {
                count += 1
                started.set()
                await Task.yield()
            }
            return count
        }
    }

    @Test func completedAndFailedParsesFreeTheirParser() async throws {
        let alive = await LiveParserCount.alive {
            for document in ["<a/>", "<a></b>", "<a>", ""] {
                _ = await parse(document)
            }
        }
        #expect(alive == 0)
    }

    /// A thousand parses cut short, by `break` and by cancellation, leave memory flat (measured
    /// in a process of its own, see ``CancellationMemoryMeasurement``).
    #if os(Linux)
        @Test func thousandCancelledParsesLeaveMemoryFlat() async throws {
            let figures = try await CancellationMemoryMeasurement.thousandCancelledParses.run()
            #expect(figures["alive"] == 0)
            let growth = try #require(figures["growth"])
            #expect(
                SanitizerDetection.isActive || growth < 8 << 20,
                "resident memory grew by \(growth) bytes over 1,000 cycles")
        }
    #endif
}

#if os(Linux)
    /// The measurement behind ``CancellationTests/thousandCancelledParsesLeaveMemoryFlat()``.
    enum CancellationMemoryMeasurement {
        static let thousandCancelledParses = IsolatedMeasurement(name: "cancellation.thousandCancelledParses") {
            @Sendable func cycle(_ index: Int) async throws {
                let source = CancellationTests.EndlessSource(chunk: CancellationTests.record)
                if index.isMultiple(of: 2) {
                    var count = 0
                    for try await _ in XMLEvents(source) {
                        count += 1
                        if count == 500 { break }
                    }
                } else {
                    let task = CancellationTests.consume(source, reporting: CancellationTests.StartFlag())
                    await Task.yield()
                    task.cancel()
                    _ = await task.result
                }
            }
            var growth = 0
            let alive = try await LiveParserCount.alive {
                for index in 0..<100 { try await cycle(index) }
                let before = ProcessMemory.residentBytes
                for index in 0..<1_000 { try await cycle(index) }
                growth = ProcessMemory.residentBytes - before
            }
            return ["alive": alive, "growth": growth]
        }
    }
#endif
