import Foundation
import Synchronization
import Testing

@testable import XMLEvents
@testable import XMLEventsInput

/// The public behaviour of the stream with real continuations, tasks and threads.
@Suite struct ByteChunkStreamTests {
    private typealias Termination = XMLByteSource.Termination

    private func bytes(_ count: Int, _ value: UInt8 = 1) -> Data {
        Data(repeating: value, count: count)
    }

    @Test func deliversEveryChunkInOrderThenTheEnd() async throws {
        let recorder = ChunkStreamRecorder<Termination>()
        let (stream, source) = ByteChunkStream.makeStream(onTermination: { recorder.record($0) })
        let chunks = (0..<5).map { bytes($0 + 1, UInt8($0)) }
        for chunk in chunks {
            #expect(try source.writeNow(chunk) == .produceMore)
        }
        source.finish()
        var received: [Data] = []
        for try await chunk in stream {
            received.append(chunk)
        }
        #expect(received == chunks)
        #expect(recorder.all == [.finished])
    }

    @Test func finishWithAnErrorThrowsItAfterTheBufferedChunks() async throws {
        let recorder = ChunkStreamRecorder<Termination>()
        let (stream, source) = ByteChunkStream.makeStream(onTermination: { recorder.record($0) })
        _ = try source.writeNow(bytes(3))
        source.finish(throwing: ChunkStreamTestFailure(reason: "reset by peer"))
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == bytes(3))
        await #expect(throws: ChunkStreamTestFailure(reason: "reset by peer")) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
        #expect(recorder.all == [.finished])
        #expect(throws: XMLByteSourceError.writeAfterFinish) { try source.writeNow(bytes(1)) }
    }

    @Test func finishWakesAWaitingConsumer() async throws {
        let (stream, source) = ByteChunkStream.makeStream()
        let consumer = Task {
            var iterator = stream.makeAsyncIterator()
            return try await iterator.next()
        }
        #expect(await ChunkStreamTesting.eventually { stream.storage.hasSuspendedConsumer })
        source.finish()
        #expect(try await consumer.value == nil)
    }

    @Test func droppingTheSourceFinishesTheStream() async throws {
        let (stream, source) = ByteChunkStream.makeStream()
        _ = try source.writeNow(bytes(2))
        _ = consume source
        var count = 0
        for try await chunk in stream {
            count += chunk.count
        }
        #expect(count == 2)
    }

    @Test func syncWriteAsksToWaitAtHighAndCallsBackAtLow() async throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 4...8)
        #expect(try source.writeNow(bytes(4)) == .produceMore)
        #expect(try source.writeNow(bytes(4)) != .produceMore)
        guard case .enqueueCallback(let token) = try source.writeNow(bytes(4)) else {
            Issue.record("a producer ignoring the answer is still told to wait")
            return
        }
        let outcomes = ChunkStreamRecorder<Bool>()
        source.enqueueCallback(token: token) { outcomes.record((try? $0.get()) != nil) }
        #expect(source.bufferedByteCount == 12)
        #expect(source.peakBufferedByteCount == 12)

        var iterator = stream.makeAsyncIterator()
        _ = try await iterator.next()
        #expect(outcomes.all.isEmpty, "8 bytes are still above the low watermark")
        _ = try await iterator.next()
        #expect(outcomes.all == [true], "4 bytes reach the low watermark")
        #expect(stream.bufferedByteCount == 4)
        #expect(stream.peakBufferedByteCount == 12)
        #expect(try source.writeNow(bytes(1)) == .produceMore)
    }

    @Test func enqueueingAfterTheDrainCallsBackAtOnce() async throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 0...1)
        guard case .enqueueCallback(let token) = try source.writeNow(bytes(1)) else {
            Issue.record("1 byte reaches the high watermark")
            return
        }
        var iterator = stream.makeAsyncIterator()
        _ = try await iterator.next()
        let outcomes = ChunkStreamRecorder<Bool>()
        source.enqueueCallback(token: token) { outcomes.record((try? $0.get()) != nil) }
        #expect(outcomes.all == [true])
    }

    @Test func cancellingACallbackFailsItWithCancellationError() throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 0...1)
        guard case .enqueueCallback(let token) = try source.writeNow(bytes(1)) else {
            Issue.record("1 byte reaches the high watermark")
            return
        }
        let errors = ChunkStreamRecorder<String>()
        source.enqueueCallback(token: token) { result in
            if case .failure(let error) = result { errors.record("\(type(of: error))") }
        }
        source.cancelCallback(token: token)
        #expect(errors.all == ["CancellationError"])
        withExtendedLifetime(stream) {}
    }

    @Test func asyncWriteSuspendsUntilTheBufferDrainsToLow() async throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 4...8)
        let progress = ChunkStreamCounter()
        let producer = Task {
            for index in 0..<4 {
                try await source.write(bytes(4, UInt8(index)))
                progress.increment()
            }
            source.finish()
        }
        #expect(await ChunkStreamTesting.eventually { source.storage.waitingProducerCount == 1 })
        #expect(progress.value == 1, "the second write reached 8 bytes and waits")
        #expect(source.bufferedByteCount == 8)

        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == bytes(4, 0))
        var received = [bytes(4, 0)]
        while let chunk = try await iterator.next() {
            received.append(chunk)
        }
        try await producer.value
        #expect(received == (0..<4).map { bytes(4, UInt8($0)) })
        #expect(stream.peakBufferedByteCount <= 8)
    }

    @Test func asyncWriteHonoursCancellationWhileWaiting() async throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 0...4)
        let producer = Task {
            try await source.write(bytes(4))
        }
        #expect(await ChunkStreamTesting.eventually { source.storage.waitingProducerCount == 1 })
        producer.cancel()
        await #expect(throws: CancellationError.self) { try await producer.value }
        #expect(source.storage.waitingProducerCount == 0)
        // The chunk was accepted before the wait; the producer side then gives up the stream.
        source.finish(throwing: CancellationError())
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next() == bytes(4))
        await #expect(throws: CancellationError.self) { try await iterator.next() }
    }

    @Test func asyncWriteInACancelledTaskDropsTheChunk() async throws {
        let (stream, source) = ByteChunkStream.makeStream()
        let producer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await source.write(bytes(4))
        }
        await #expect(throws: CancellationError.self) { try await producer.value }
        #expect(stream.bufferedByteCount == 0)
    }

    @Test func writeBlockingWaitsForTheConsumer() async throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 2...4)
        let producer = ChunkStreamTesting.startThread {
            for index in 0..<50 {
                try source.writeBlocking(bytes(3, UInt8(index)))
            }
            source.finish()
            return source.peakBufferedByteCount
        }
        #expect(await ChunkStreamTesting.eventually { source.storage.waitingProducerCount == 1 })
        var received: [Data] = []
        for try await chunk in stream {
            received.append(chunk)
        }
        #expect(received == (0..<50).map { bytes(3, UInt8($0)) })
        #expect(try await producer.value <= 4 + 3)
    }

    @Test func cancellingTheWaitingConsumerEndsTheStreamForTheProducer() async throws {
        let recorder = ChunkStreamRecorder<Termination>()
        let (stream, source) = ByteChunkStream.makeStream(onTermination: { recorder.record($0) })
        let consumer = Task {
            for try await _ in stream {}
        }
        #expect(await ChunkStreamTesting.eventually { stream.storage.hasSuspendedConsumer })
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
        #expect(recorder.all == [.cancelled])
        #expect(throws: XMLByteSourceError.consumerTerminated) { try source.writeNow(bytes(1)) }
        #expect(throws: XMLByteSourceError.consumerTerminated) { try source.writeBlocking(bytes(1)) }
        await #expect(throws: XMLByteSourceError.consumerTerminated) { try await source.write(bytes(1)) }
        source.finish()
        #expect(recorder.all == [.cancelled], "termination is reported once")
    }

    @Test func aConsumerCancelledBetweenChunksStopsAtItsNextCall() async throws {
        let recorder = ChunkStreamRecorder<Termination>()
        let (stream, source) = ByteChunkStream.makeStream(onTermination: { recorder.record($0) })
        _ = try source.writeNow(bytes(1))
        _ = try source.writeNow(bytes(1))
        let consumer = Task {
            var iterator = stream.makeAsyncIterator()
            _ = try await iterator.next()
            withUnsafeCurrentTask { $0?.cancel() }
            return try await iterator.next()
        }
        await #expect(throws: CancellationError.self) { try await consumer.value }
        #expect(recorder.all == [.cancelled])
    }

    @Test func cancellingTheConsumerWakesABlockedProducerThread() async throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 0...1)
        let producer = ChunkStreamTesting.startThread {
            try source.writeBlocking(bytes(1))
        }
        let consumer = Task {
            var iterator = stream.makeAsyncIterator()
            // Holds the iterator (so the stream stays open) until cancelled.
            try await Task.sleep(for: .seconds(60))
            _ = try await iterator.next()
        }
        #expect(await ChunkStreamTesting.eventually { source.storage.waitingProducerCount == 1 })
        consumer.cancel()
        await #expect(throws: XMLByteSourceError.consumerTerminated) { try await producer.value }
        await #expect(throws: CancellationError.self) { try await consumer.value }
    }

    @Test func breakingOutOfTheLoopCancelsPromptly() async throws {
        let recorder = ChunkStreamRecorder<Termination>()
        let (stream, source) = ByteChunkStream.makeStream(
            watermarks: 0...2,
            onTermination: { recorder.record($0) }
        )
        _ = try source.writeNow(bytes(1))
        guard case .enqueueCallback(let token) = try source.writeNow(bytes(1)) else {
            Issue.record("2 bytes reach the high watermark")
            return
        }
        let outcomes = ChunkStreamRecorder<String>()
        source.enqueueCallback(token: token) { result in
            outcomes.record((try? result.get()) == nil ? "failed" : "resumed")
        }
        for try await _ in stream {
            break
        }
        // No waiting: the iterator's end is the stream's end.
        #expect(recorder.all == [.cancelled])
        #expect(outcomes.all == ["failed"])
        #expect(source.bufferedByteCount == 0)
        #expect(throws: XMLByteSourceError.consumerTerminated) { try source.writeNow(bytes(1)) }
    }

    @Test func pendingCallbacksFailWithConsumerTerminated() async throws {
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 0...1)
        guard case .enqueueCallback(let token) = try source.writeNow(bytes(1)) else {
            Issue.record("1 byte reaches the high watermark")
            return
        }
        let errors = ChunkStreamRecorder<Bool>()
        source.enqueueCallback(token: token) { result in
            if case .failure(let error) = result { errors.record(error as? XMLByteSourceError == .consumerTerminated) }
        }
        do {
            let iterator = stream.makeAsyncIterator()
            _ = iterator
        }
        #expect(errors.all == [true])
    }

    @Test func aStreamDroppedUnusedEndsForTheProducer() throws {
        let recorder = ChunkStreamRecorder<Termination>()
        let source: XMLByteSource.Writer
        do {
            let (stream, made) = ByteChunkStream.makeStream(onTermination: { recorder.record($0) })
            source = made
            _ = stream
        }
        #expect(recorder.all == [.cancelled])
        #expect(throws: XMLByteSourceError.consumerTerminated) { try source.writeNow(bytes(1)) }
    }

    @Test func aSecondIteratorThrowsInsteadOfTrapping() async throws {
        let (stream, source) = ByteChunkStream.makeStream()
        _ = try source.writeNow(bytes(1))
        source.finish()
        var first = stream.makeAsyncIterator()
        var second = stream.makeAsyncIterator()
        await #expect(throws: XMLByteSourceError.alreadyIterated) { try await second.next() }
        #expect(try await second.next() == nil)
        #expect(try await first.next() == bytes(1))
        #expect(try await first.next() == nil)
    }

    @Test func aHandlerSetLaterIsCalledOnceAndAtOnceAfterTheEnd() async throws {
        let recorder = ChunkStreamRecorder<Termination>()
        let (stream, source) = ByteChunkStream.makeStream()
        source.onTermination = { recorder.record($0) }
        #expect(source.onTermination != nil)
        source.finish()
        for try await _ in stream {}
        #expect(recorder.all == [.finished])
        #expect(source.onTermination == nil)
        source.onTermination = { recorder.record($0) }
        #expect(recorder.all == [.finished, .finished])
    }

    @Test func aConsumerOnAnActorReceivesEverything() async throws {
        actor Collector {
            var received: [Data] = []
            func drain(_ stream: ByteChunkStream) async throws {
                var iterator = stream.makeAsyncIterator()
                while let chunk = try await iterator.next(isolation: self) {
                    self.preconditionIsolated()
                    received.append(chunk)
                }
            }
        }
        let (stream, source) = ByteChunkStream.makeStream(watermarks: 1...3)
        let producer = Task {
            for index in 0..<20 {
                try await source.write(bytes(2, UInt8(index)))
            }
            source.finish()
        }
        let collector = Collector()
        try await collector.drain(stream)
        try await producer.value
        #expect(await collector.received == (0..<20).map { bytes(2, UInt8($0)) })
    }
}
