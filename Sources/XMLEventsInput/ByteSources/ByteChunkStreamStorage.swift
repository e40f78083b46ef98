import Foundation
import ThreadSafety

/// The shared heart of a ``ByteChunkStream``: its state machine behind a lock, and the code that
/// suspends the consumer and carries out the machine's effects once the lock is released.
///
/// Referenced by the source, the stream and the iterator; it references none of them, so it
/// lives exactly as long as one of them does.
final class ByteChunkStreamStorage: Sendable {
    typealias ProduceMoreCallback = @Sendable (Result<Void, any Error>) -> Void
    typealias Machine = ByteChunkStreamStateMachine<CheckedContinuation<Data?, any Error>, ProduceMoreCallback>

    private let machine: LockedState<Machine>

    init(watermarks: ClosedRange<Int>, onTermination: Machine.TerminationHandler?) {
        machine = LockedState(Machine(watermarks: watermarks, onTermination: onTermination))
    }

    // MARK: Observation

    var bufferedByteCount: Int {
        machine.withLock { $0.bufferedBytes }
    }

    var peakBufferedByteCount: Int {
        machine.withLock { $0.peakBufferedBytes }
    }

    var isTerminated: Bool {
        machine.withLock { $0.isTerminated }
    }

    #if DEBUG
        /// Whether the consumer is parked, waiting for a chunk: for tests that must know before
        /// they act. Debug builds only; no part of the library reads it.
        var hasSuspendedConsumer: Bool {
            machine.withLock { $0.hasSuspendedConsumer }
        }
    #endif

    /// The producers parked until the consumer drains the buffer: the stream's backpressure, as
    /// ``XMLSourceProgress`` reports it.
    var waitingProducerCount: Int {
        machine.withLock { $0.waitingProducerCount }
    }

    var onTermination: Machine.TerminationHandler? {
        machine.withLock { $0.onTermination }
    }

    // MARK: Producer side

    func write(_ chunk: Data) -> Machine.WriteOutcome {
        let (outcome, effects) = machine.withLock { $0.write(chunk) }
        perform(effects)
        return outcome
    }

    func enqueueCallback(_ id: UInt64, _ callback: @escaping ProduceMoreCallback) {
        perform(machine.withLock { $0.enqueueCallback(id, callback) })
    }

    func cancelCallback(_ id: UInt64) {
        perform(machine.withLock { $0.cancelCallback(id) })
    }

    func finish(_ error: (any Error)?) {
        perform(machine.withLock { $0.finish(error) })
    }

    func setTerminationHandler(_ handler: Machine.TerminationHandler?) {
        perform(machine.withLock { $0.setTerminationHandler(handler) })
    }

    // MARK: Consumer side

    func makeIterator() -> Bool {
        machine.withLock { $0.makeIterator() }
    }

    func iteratorDropped() {
        perform(machine.withLock { $0.dropIterator() })
    }

    func streamDropped() {
        perform(machine.withLock { $0.dropStream() })
    }

    /// The next chunk, suspending only when the buffer is empty; resumed on the caller's actor.
    func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
        let (outcome, effects) = machine.withLock { $0.next(isCancelled: Task.isCancelled) }
        perform(effects)
        if case .deliver(let result) = outcome { return try result.get() }
        return try await withTaskCancellationHandler(
            operation: {
                try await withCheckedThrowingContinuation(isolation: actor) { continuation in
                    perform(machine.withLock { $0.suspendConsumer(continuation) })
                }
            },
            onCancel: {
                perform(machine.withLock { $0.cancelConsumer() })
            },
            isolation: actor
        )
    }

    // MARK: Effects

    /// Runs outside the lock: resumed tasks and producer callbacks may call straight back into
    /// the stream (a callback typically writes its next chunk).
    private func perform(_ effects: Machine.Effects) {
        for (producer, result) in effects.producers {
            producer(result)
        }
        if let (consumer, result) = effects.consumer {
            consumer.resume(with: result)
        }
        if let (handler, reason) = effects.termination {
            handler(reason)
        }
    }
}
