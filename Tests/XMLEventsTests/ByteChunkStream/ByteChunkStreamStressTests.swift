import Dispatch
import Foundation
import Synchronization
import Testing

@testable import XMLEvents
@testable import XMLEventsInput

/// Many chunks through small watermarks, so that the producer waits and wakes thousands of times:
/// a lost wake-up hangs the test, a double resumption traps, a reordering breaks the checksum.
@Suite struct ByteChunkStreamStressTests {
    enum ProducerKind: String, CaseIterable, Sendable {
        /// A dedicated thread using `writeBlocking`.
        case blockingThread
        /// A serial queue using the synchronous API the way a libcurl transfer would: stop on
        /// `enqueueCallback`, continue from the callback.
        case callbackDriven
        /// A task using `write` with `await`.
        case asyncTask
    }

    /// The chunks of one run: random sizes, mostly small, sometimes larger than the watermarks.
    private static func chunks(count: Int, seed: UInt64) -> [Data] {
        var random = ChunkStreamRandom(seed: seed)
        return (0..<count).map { _ in
            let isLarge = Int.random(in: 0..<10, using: &random) == 0
            let size = Int.random(in: 1...(isLarge ? 300 : 64), using: &random)
            return random.bytes(size)
        }
    }

    @Test(arguments: ProducerKind.allCases)
    func tenThousandChunksArriveWholeAndInOrder(producer kind: ProducerKind) async throws {
        let chunks = Self.chunks(count: 10_000, seed: 0xC0FFEE)
        let maxChunk = chunks.map(\.count).max() ?? 0
        var expected = ChunkStreamChecksum()
        for chunk in chunks { expected.add(chunk) }

        let watermarks = 32...128
        let (stream, source) = ByteChunkStream.makeStream(watermarks: watermarks)
        let producer = Task { try await Self.produce(chunks, into: source, kind: kind) }

        var received = ChunkStreamChecksum()
        var random = ChunkStreamRandom(seed: 42)
        var iterator = stream.makeAsyncIterator()
        while let chunk = try await iterator.next() {
            received.add(chunk)
            // Vary the interleaving: sometimes let the producer run ahead.
            if Int.random(in: 0..<64, using: &random) == 0 { await Task.yield() }
        }
        try await producer.value
        #expect(received == expected)
        #expect(stream.peakBufferedByteCount <= watermarks.upperBound + maxChunk)
        #expect(stream.peakBufferedByteCount >= watermarks.upperBound, "the producer was made to wait")
    }

    private static func produce(
        _ chunks: [Data],
        into source: XMLByteSource.Writer,
        kind: ProducerKind
    ) async throws {
        switch kind {
        case .blockingThread:
            try await ChunkStreamTesting.startThread {
                for chunk in chunks { try source.writeBlocking(chunk) }
                source.finish()
            }.value
        case .callbackDriven:
            try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                CallbackProducer(chunks: chunks, source: source, done: done).start()
            }
        case .asyncTask:
            for chunk in chunks { try await source.write(chunk) }
            source.finish()
        }
    }

    /// Writes from a serial queue and never blocks it, as a libcurl write callback must not.
    private final class CallbackProducer: Sendable {
        private let chunks: [Data]
        private let source: XMLByteSource.Writer
        private let done: CheckedContinuation<Void, any Error>
        private let queue = DispatchQueue(label: "callback producer")
        /// Touched only on `queue`, but read through a Mutex to keep the class plainly Sendable.
        private let next = Mutex(0)

        init(chunks: [Data], source: XMLByteSource.Writer, done: CheckedContinuation<Void, any Error>) {
            self.chunks = chunks
            self.source = source
            self.done = done
        }

        func start() {
            queue.async { self.resume() }
        }

        private func resume() {
            while true {
                let index = next.withLock { index in
                    defer { index += 1 }
                    return index
                }
                guard index < chunks.count else {
                    source.finish()
                    done.resume()
                    return
                }
                do {
                    guard case .enqueueCallback(let token) = try source.write(chunks[index]) else { continue }
                    source.enqueueCallback(token: token) { result in
                        switch result {
                        case .success: self.queue.async { self.resume() }
                        case .failure(let error): self.done.resume(throwing: error)
                        }
                    }
                    return
                } catch {
                    done.resume(throwing: error)
                    return
                }
            }
        }
    }

    @Test func aSlowConsumerKeepsTheBufferWithinHighPlusOneChunk() async throws {
        let chunks = Self.chunks(count: 400, seed: 7).map { $0 + $0 + $0 + $0 }
        let maxChunk = chunks.map(\.count).max() ?? 0
        let watermarks = 256...1024
        let (stream, source) = ByteChunkStream.makeStream(watermarks: watermarks)
        let producerFinished = Flag()
        let producer = ChunkStreamTesting.startThread {
            for chunk in chunks { try source.writeBlocking(chunk) }
            source.finish()
            producerFinished.set()
        }
        var count = 0
        for try await _ in stream {
            count += 1
            #expect(source.bufferedByteCount <= watermarks.upperBound + maxChunk)
            // Every 20 chunks the consumer holds still until the producer has filled the buffer
            // to the high watermark and waits (or has written everything); the bound holds at
            // any pace.
            if count % 20 == 0 {
                #expect(
                    await ChunkStreamTesting.eventually {
                        source.storage.waitingProducerCount == 1 || producerFinished.isSet
                    })
            }
        }
        try await producer.value
        #expect(count == chunks.count)
        #expect(stream.peakBufferedByteCount <= watermarks.upperBound + maxChunk)
        #expect(stream.peakBufferedByteCount >= watermarks.upperBound)
    }

    @Test func severalProducerThreadsEachKeepTheirOrder() async throws {
        let producers = 4
        let perProducer = 1_000
        let watermarks = 16...64
        let (stream, source) = ByteChunkStream.makeStream(watermarks: watermarks)
        let tasks = (0..<producers).map { producer in
            ChunkStreamTesting.startThread {
                for index in 0..<perProducer {
                    // Each chunk names its producer and its position.
                    let chunk = Data([UInt8(producer), UInt8(index & 0xFF), UInt8(index >> 8)])
                    try source.writeBlocking(chunk)
                }
            }
        }
        let finisher = Task {
            for task in tasks { _ = try? await task.value }
            source.finish()
        }
        var nextIndex = [Int](repeating: 0, count: producers)
        for try await chunk in stream {
            let bytes = [UInt8](chunk)
            let producer = Int(bytes[0])
            #expect(Int(bytes[1]) | Int(bytes[2]) << 8 == nextIndex[producer])
            nextIndex[producer] += 1
        }
        for task in tasks { try await task.value }
        await finisher.value
        #expect(nextIndex == [Int](repeating: perProducer, count: producers))
        #expect(stream.peakBufferedByteCount <= watermarks.upperBound + producers * 3)
    }
}
