import Foundation
import Synchronization
import Testing

@testable import XMLEvents

/// A document parsed in chunks on several cores lets go of its source, and its loop ends, when
/// the loop is left or its task cancelled while chunks are in flight.
@Suite struct ParallelCancellationTests {
    static var options: XMLParsingOptions {
        var options = XMLParsingOptions()
        options.parallelism = .cores(2)
        return options
    }

    /// A feed dropped while chunks of records are being parsed lets go of its source, which is
    /// then read no more.
    @Test func leavingALoopWithChunksInFlightLetsGoOfTheSource() async throws {
        let source = CancellationTests.EndlessSource(chunk: CancellationTests.record)
        do {
            var feed = XMLEvents(source, options: Self.options).makeFeed()
            var inChunks = false
            while try await feed.advance() {
                if feed.stages?.records != nil {
                    inChunks = true
                    break
                }
            }
            #expect(inChunks)
        }
        #expect(await ChunkStreamTesting.eventually { source.released.load(ordering: .sequentiallyConsistent) == 1 })
        let reads = source.iterated.load(ordering: .sequentiallyConsistent)
        try await Task.sleep(for: .milliseconds(20))
        #expect(source.iterated.load(ordering: .sequentiallyConsistent) == reads)
    }

    /// Cancelling the task of a loop whose document is parsed in chunks ends the loop with
    /// `CancellationError` and lets go of the source.
    @Test func cancellingALoopWithChunksInFlightEndsIt() async throws {
        let source = CancellationTests.EndlessSource(chunk: CancellationTests.record)
        // Past the first mebibyte (100,000 elements of 31-byte entries): the chunks have started.
        let pastTheSwitch = CancellationTests.StartFlag()
        let ended = CancellationTests.StartFlag()
        let task = Task.detached { [options = Self.options] () async throws -> Int in
            defer { ended.set() }
            var elements = 0
            for try await event in XMLEvents(source, options: options) {
                guard case .startElement = event else { continue }
                elements += 1
                if elements == 100_000 { pastTheSwitch.set() }
            }
            return elements
        }
        // Generous: beside the other suites, the pool's two threads are shared with every parse
        // they run, and a debug build parses the first mebibyte slowly.
        #expect(await ChunkStreamTesting.eventually(timeout: .seconds(600)) { pastTheSwitch.isSet })
        task.cancel()
        // The guard turns a loop that does not end into a failure rather than a hang.
        #expect(await ChunkStreamTesting.eventually(timeout: .seconds(600)) { ended.isSet })
        guard ended.isSet else { return }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(await ChunkStreamTesting.eventually { source.released.load(ordering: .sequentiallyConsistent) == 1 })
    }
}
