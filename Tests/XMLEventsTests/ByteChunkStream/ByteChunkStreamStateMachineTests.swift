import Foundation
import Testing

@testable import XMLEvents
@testable import XMLEventsInput

/// The rules alone, with numbers standing in for continuations and callbacks: every effect a
/// transition asks for is visible and nothing runs behind the test's back.
@Suite struct ByteChunkStreamStateMachineTests {
    typealias Machine = ByteChunkStreamStateMachine<Int, Int>

    private func machine(low: Int, high: Int, recorder: ChunkStreamRecorder<XMLByteSource.Termination>? = nil)
        -> Machine
    {
        guard let recorder else { return Machine(watermarks: low...high, onTermination: nil) }
        return Machine(watermarks: low...high) { recorder.record($0) }
    }

    private func bytes(_ count: Int, _ value: UInt8 = 1) -> Data {
        Data(repeating: value, count: count)
    }

    private func token(_ outcome: Machine.WriteOutcome) -> UInt64? {
        if case .enqueueCallback(let id) = outcome { return id }
        return nil
    }

    private func isProduceMore(_ outcome: Machine.WriteOutcome) -> Bool {
        if case .produceMore = outcome { return true }
        return false
    }

    private func delivered(_ outcome: Machine.NextOutcome) -> Data?? {
        if case .deliver(.success(let chunk)) = outcome { return .some(chunk) }
        return nil
    }

    private func failure(_ outcome: Machine.NextOutcome) -> (any Error)? {
        if case .deliver(.failure(let error)) = outcome { return error }
        return nil
    }

    private func succeeded(_ effects: Machine.Effects) -> [Int] {
        effects.producers.compactMap { producer, result in
            if case .success = result { return producer }
            return nil
        }
    }

    private func failed<E: Error>(_ effects: Machine.Effects, with _: E.Type) -> [Int] {
        effects.producers.compactMap { producer, result in
            if case .failure(let error) = result, error is E { return producer }
            return nil
        }
    }

    private func failed(_ effects: Machine.Effects, with expected: XMLByteSourceError) -> [Int] {
        effects.producers.compactMap { producer, result in
            if case .failure(let error) = result, error as? XMLByteSourceError == expected { return producer }
            return nil
        }
    }

    @Test func waitsAtHighAndResumesOnlyAtLow() throws {
        var machine = machine(low: 4, high: 10)
        #expect(isProduceMore(machine.write(bytes(6)).0))
        let first = try #require(token(machine.write(bytes(6)).0), "12 bytes reach the high watermark")
        #expect(machine.enqueueCallback(first, 1).producers.isEmpty)
        #expect(machine.peakBufferedBytes == 12)

        // 6 bytes left: below high but above low, so the producer keeps waiting (hysteresis),
        // and a second producer writing now is told to wait too.
        let (chunk, drained) = machine.next(isCancelled: false)
        #expect(delivered(chunk) == bytes(6))
        #expect(drained.producers.isEmpty)
        let second = try #require(token(machine.write(bytes(1)).0))
        #expect(machine.enqueueCallback(second, 2).producers.isEmpty)
        #expect(machine.waitingProducerCount == 2)

        // 1 byte left: at or below low, so both are resumed, first come first served.
        let (_, resumed) = machine.next(isCancelled: false)
        #expect(succeeded(resumed) == [1, 2])
        #expect(machine.bufferedBytes == 1)
        #expect(isProduceMore(machine.write(bytes(1)).0))
    }

    @Test func chunkGoesStraightToAWaitingConsumer() throws {
        var machine = machine(low: 0, high: 1)
        guard case .suspend = machine.next(isCancelled: false).0 else {
            Issue.record("an empty buffer makes the consumer suspend")
            return
        }
        #expect(machine.suspendConsumer(7).consumer == nil)
        let (outcome, effects) = machine.write(bytes(3))
        #expect(isProduceMore(outcome))
        #expect(effects.consumer?.0 == 7)
        #expect(try effects.consumer?.1.get() == bytes(3))
        #expect(machine.bufferedBytes == 0)
    }

    @Test func suspendingAfterAChunkArrivedResumesAtOnce() throws {
        var machine = machine(low: 0, high: 100)
        guard case .suspend = machine.next(isCancelled: false).0 else {
            Issue.record("an empty buffer makes the consumer suspend")
            return
        }
        // The chunk arrives between `next` releasing the lock and the consumer parking.
        _ = machine.write(bytes(5))
        let effects = machine.suspendConsumer(3)
        #expect(effects.consumer?.0 == 3)
        #expect(try effects.consumer?.1.get() == bytes(5))
        #expect(!machine.hasSuspendedConsumer)
    }

    @Test func enqueueAfterTheBufferDrainedCallsBackAtOnce() throws {
        var machine = machine(low: 0, high: 2)
        let id = try #require(token(machine.write(bytes(2)).0))
        _ = machine.next(isCancelled: false)
        #expect(succeeded(machine.enqueueCallback(id, 5)) == [5])
        #expect(machine.waitingProducerCount == 0)
    }

    @Test func cancellingAWaitingCallbackFailsIt() throws {
        var machine = machine(low: 0, high: 2)
        let id = try #require(token(machine.write(bytes(2)).0))
        #expect(machine.enqueueCallback(id, 5).producers.isEmpty)
        #expect(failed(machine.cancelCallback(id), with: CancellationError.self) == [5])
        #expect(machine.cancelCallback(id).producers.isEmpty, "a token is cancelled once")
        let (_, drained) = machine.next(isCancelled: false)
        #expect(drained.producers.isEmpty, "the cancelled producer is not resumed again")
    }

    @Test func cancellingBeforeEnqueueingFailsTheLaterCallback() throws {
        var machine = machine(low: 0, high: 2)
        let id = try #require(token(machine.write(bytes(2)).0))
        #expect(machine.cancelCallback(id).producers.isEmpty)
        #expect(failed(machine.enqueueCallback(id, 5), with: CancellationError.self) == [5])
    }

    @Test func finishDeliversTheBufferThenTheErrorOnce() {
        let recorder = ChunkStreamRecorder<XMLByteSource.Termination>()
        var machine = machine(low: 0, high: 100, recorder: recorder)
        _ = machine.write(bytes(1, 1))
        _ = machine.write(bytes(2, 2))
        #expect(machine.finish(ChunkStreamTestFailure(reason: "cut")).consumer == nil)
        #expect(machine.finish(nil).consumer == nil, "only the first finish counts")
        #expect(delivered(machine.next(isCancelled: false).0) == bytes(1, 1))
        #expect(delivered(machine.next(isCancelled: false).0) == bytes(2, 2))
        let (end, effects) = machine.next(isCancelled: false)
        #expect(failure(end) as? ChunkStreamTestFailure == ChunkStreamTestFailure(reason: "cut"))
        #expect(effects.termination?.1 == .finished)
        #expect(delivered(machine.next(isCancelled: false).0) == .some(nil), "then plain ends")
        #expect(machine.next(isCancelled: false).1.termination == nil, "termination is reported once")
    }

    @Test func finishWakesAWaitingConsumerWithTheEnd() throws {
        var machine = machine(low: 0, high: 100, recorder: ChunkStreamRecorder())
        _ = machine.next(isCancelled: false)
        _ = machine.suspendConsumer(9)
        let effects = machine.finish(nil)
        #expect(effects.consumer?.0 == 9)
        #expect(try effects.consumer?.1.get() == .some(nil))
        #expect(effects.termination?.1 == .finished)
    }

    @Test func writesAfterFinishAreRejected() {
        var machine = machine(low: 0, high: 100)
        _ = machine.finish(nil)
        guard case .rejected(let error) = machine.write(bytes(1)).0 else {
            Issue.record("a write after finish must fail")
            return
        }
        #expect(error == .writeAfterFinish)
    }

    @Test func cancellingTheWaitingConsumerEndsEverythingOnce() throws {
        var machine = machine(low: 0, high: 1, recorder: ChunkStreamRecorder())
        _ = machine.next(isCancelled: false)
        _ = machine.suspendConsumer(4)
        let effects = machine.cancelConsumer()
        #expect(effects.consumer?.0 == 4)
        #expect(throws: CancellationError.self) { try effects.consumer?.1.get() }
        #expect(effects.termination?.1 == .cancelled)
        #expect(machine.cancelConsumer().termination == nil, "termination is reported once")
        guard case .rejected(let error) = machine.write(bytes(1)).0 else {
            Issue.record("a write after the consumer left must fail")
            return
        }
        #expect(error == .consumerTerminated)
        #expect(failed(machine.enqueueCallback(99, 8), with: XMLByteSourceError.consumerTerminated) == [8])
    }

    @Test func droppingTheIteratorFailsWaitingProducersAndDropsTheBuffer() throws {
        var machine = machine(low: 0, high: 2, recorder: ChunkStreamRecorder())
        let isFirst = machine.makeIterator()
        #expect(isFirst)
        let id = try #require(token(machine.write(bytes(3)).0))
        _ = machine.enqueueCallback(id, 6)
        let effects = machine.dropIterator()
        #expect(failed(effects, with: XMLByteSourceError.consumerTerminated) == [6])
        #expect(effects.termination?.1 == .cancelled)
        #expect(machine.bufferedBytes == 0)
        #expect(machine.peakBufferedBytes == 3)
    }

    @Test func aCancelledConsumerStopsEvenWithChunksBuffered() {
        var machine = machine(low: 0, high: 100, recorder: ChunkStreamRecorder())
        _ = machine.write(bytes(5))
        let (outcome, effects) = machine.next(isCancelled: true)
        #expect(failure(outcome) is CancellationError)
        #expect(effects.termination?.1 == .cancelled)
    }

    @Test func cancellationSeenWhileNotParkedIsThrownByTheNextCall() {
        var machine = machine(low: 0, high: 100)
        _ = machine.next(isCancelled: false)
        // The cancellation handler runs before the consumer parks (or after it was resumed).
        #expect(machine.cancelConsumer().consumer == nil)
        #expect(failure(machine.next(isCancelled: false).0) is CancellationError)
        #expect(delivered(machine.next(isCancelled: false).0) == .some(nil))
    }

    @Test func aSecondIteratorIsRefused() {
        var machine = machine(low: 0, high: 1)
        let first = machine.makeIterator()
        let second = machine.makeIterator()
        #expect(first)
        #expect(!second)
    }

    @Test func droppingTheStreamMattersOnlyBeforeIteration() {
        var unused = machine(low: 0, high: 1, recorder: ChunkStreamRecorder())
        #expect(unused.dropStream().termination?.1 == .cancelled)

        var used = machine(low: 0, high: 1, recorder: ChunkStreamRecorder())
        _ = used.makeIterator()
        #expect(used.dropStream().termination == nil)
        #expect(!used.isTerminated)
    }

    @Test func aHandlerSetAfterTheEndIsCalledAtOnce() {
        var machine = machine(low: 0, high: 1)
        _ = machine.makeIterator()
        _ = machine.dropIterator()
        let effects = machine.setTerminationHandler { _ in }
        #expect(effects.termination?.1 == .cancelled)
    }

    @Test func emptyChunksAreNotDelivered() {
        var machine = machine(low: 0, high: 1)
        #expect(isProduceMore(machine.write(Data()).0))
        guard case .suspend = machine.next(isCancelled: false).0 else {
            Issue.record("nothing was buffered")
            return
        }
    }
}
