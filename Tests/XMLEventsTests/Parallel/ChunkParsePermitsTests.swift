import Testing

@testable import XMLEvents

/// The process's bound on chunk parses at once: beyond it, parses wait in turn, and a waiting
/// parse that is cancelled neither waits on nor takes a permit.
@Suite struct ChunkParsePermitsTests {
    /// A flag set from a task and read by the test.
    actor Flag {
        private(set) var isSet = false
        func set() { isSet = true }
    }

    @Test func parsesBeyondTheBoundWaitForAReleaseInTurn() async throws {
        let permits = ChunkParsePermits(count: 2)
        #expect(await permits.acquire())
        #expect(await permits.acquire())
        let third = Flag()
        let waiting = Task {
            let granted = await permits.acquire()
            await third.set()
            return granted
        }
        // The third parse waits while both permits are held…
        for _ in 0..<50 { await Task.yield() }
        #expect(await !third.isSet)
        // …and goes once one is given back.
        permits.release()
        #expect(await waiting.value)
        #expect(await third.isSet)
    }

    @Test func aCancelledWaitTakesNoPermit() async throws {
        let permits = ChunkParsePermits(count: 1)
        #expect(await permits.acquire())
        let waiting = Task { await permits.acquire() }
        for _ in 0..<50 { await Task.yield() }
        waiting.cancel()
        #expect(await !waiting.value)
        // The permit given back is free for the next parse, not kept for the cancelled one.
        permits.release()
        #expect(await permits.acquire())
    }
}
