import Foundation
import ThreadSafety

/// The rules of a ``ByteChunkStream`` as a plain value: no lock, no continuation is ever resumed
/// here. Each transition mutates the state and returns the ``Effects`` its caller must carry out
/// after releasing the lock, so that no foreign code (a continuation's resumption, a producer's
/// callback, the termination handler) ever runs while the lock is held.
///
/// `Consumer` wakes the suspended consumer and `Producer` wakes a waiting producer; the stream uses
/// a continuation and a callback, the tests plain numbers.
///
/// Phases:
/// - `streaming`: producers write; the consumer takes chunks or, on an empty buffer, suspends.
/// - `sourceFinished`: `finish` was called; the consumer drains what is buffered, then gets the
///   end (or the error), which moves to `terminated(.finished)`.
/// - `terminated`: final. `.finished` once the consumer received the end; `.cancelled` when the
///   consumer went away first (task cancelled, iterator or unused stream dropped), which discards
///   the buffer and fails every waiting producer with ``XMLByteSourceError/consumerTerminated``.
///
/// Independently of the phase, `producersMayWrite` implements the hysteresis: it drops when a write
/// brings the buffer to the high watermark and rises again, resuming every waiting producer, only
/// when a delivery brings it to the low watermark.
struct ByteChunkStreamStateMachine<Consumer, Producer> {
    typealias TerminationHandler = @Sendable (XMLByteSource.Termination) -> Void

    /// Where the stream is in its life.
    enum Phase {
        case streaming
        case sourceFinished((any Error)?)
        case terminated(XMLByteSource.Termination)
    }

    /// What must be woken once the lock is released.
    struct Effects {
        var consumer: (Consumer, Result<Data?, any Error>)?
        var producers: [(Producer, Result<Void, any Error>)] = []
        var termination: (TerminationHandler, XMLByteSource.Termination)?

        static var none: Effects { Effects() }
    }

    /// The answer to a write.
    enum WriteOutcome {
        case produceMore
        case enqueueCallback(UInt64)
        case rejected(XMLByteSourceError)
    }

    /// The answer to the consumer asking for the next chunk.
    enum NextOutcome {
        case deliver(Result<Data?, any Error>)
        case suspend
    }

    /// What became of a token handed out with `enqueueCallback`.
    fileprivate enum TokenState {
        /// Handed out; the producer has not asked to be called back yet.
        case issued
        /// Cancelled before the producer asked to be called back: the callback fails at once.
        case cancelled
        /// The producer waits for the buffer to drain to the low watermark.
        case waiting(Producer)
    }

    /// Producers wait at the upper bound of buffered bytes and go on at the lower.
    let watermarks: ClosedRange<Int>
    private(set) var phase = Phase.streaming
    private var queue = ByteChunkQueue()
    private(set) var peakBufferedBytes = 0
    private(set) var producersMayWrite = true
    private var consumer: Consumer?
    /// Few producers share a stream, so a list searched linearly beats a dictionary; order is
    /// kept so that waiting producers are resumed first come, first served.
    private var tokens: [(id: UInt64, state: TokenState)] = []
    private var nextTokenID: UInt64 = 0
    private(set) var hasIterator = false
    private var hasFinished = false
    /// Set when the consumer's task was cancelled while no `next` was waiting to be told, so
    /// that the next call throws `CancellationError` instead of reporting a clean end.
    private var owesCancellationError = false
    private(set) var onTermination: TerminationHandler?

    init(watermarks: ClosedRange<Int>, onTermination: TerminationHandler?) {
        self.watermarks = watermarks
        self.onTermination = onTermination
    }

    var bufferedBytes: Int {
        queue.byteCount
    }

    var hasSuspendedConsumer: Bool {
        consumer != nil
    }

    var waitingProducerCount: Int {
        tokens.count { entry in
            if case .waiting = entry.state { return true }
            return false
        }
    }

    var isTerminated: Bool {
        if case .terminated = phase { return true }
        return false
    }

    // MARK: Producer side

    /// Accepts a chunk (unless the stream can no longer deliver it) and says whether to go on.
    mutating func write(_ chunk: Data) -> (WriteOutcome, Effects) {
        if hasFinished { return (.rejected(.writeAfterFinish), .none) }
        if isTerminated { return (.rejected(.consumerTerminated), .none) }
        if chunk.isEmpty { return (producersMayWrite ? .produceMore : issueToken(), .none) }
        if let waiting = consumer {
            // A waiting consumer means an empty buffer, which is below any low watermark: the
            // chunk goes straight to the consumer and the producer may go on.
            consumer = nil
            return (.produceMore, Effects(consumer: (waiting, .success(chunk))))
        }
        queue.append(chunk)
        peakBufferedBytes = Swift.max(peakBufferedBytes, queue.byteCount)
        if queue.byteCount >= watermarks.upperBound { producersMayWrite = false }
        return (producersMayWrite ? .produceMore : issueToken(), .none)
    }

    /// Registers a producer to be woken when it may write again, or wakes it at once if it
    /// already may (or never will).
    mutating func enqueueCallback(_ id: UInt64, _ producer: Producer) -> Effects {
        let index = tokens.firstIndex { $0.id == id }
        if let index, case .cancelled = tokens[index].state {
            tokens.remove(at: index)
            return Effects(producers: [(producer, .failure(CancellationError()))])
        }
        switch phase {
        case .terminated(.cancelled):
            return Effects(producers: [(producer, .failure(XMLByteSourceError.consumerTerminated))])
        case .terminated(.finished):
            return Effects(producers: [(producer, .success(()))])
        case .streaming, .sourceFinished:
            break
        }
        if producersMayWrite {
            if let index { tokens.remove(at: index) }
            return Effects(producers: [(producer, .success(()))])
        }
        if let index, case .issued = tokens[index].state {
            tokens[index].state = .waiting(producer)
        } else {
            tokens.append((id, .waiting(producer)))
        }
        return .none
    }

    /// Fails a waiting producer with `CancellationError`, or marks its token so that a later
    /// `enqueueCallback` fails at once (the canceller may run before the producer enqueues).
    mutating func cancelCallback(_ id: UInt64) -> Effects {
        guard let index = tokens.firstIndex(where: { $0.id == id }) else { return .none }
        switch tokens[index].state {
        case .issued:
            tokens[index].state = .cancelled
            return .none
        case .cancelled:
            return .none
        case .waiting(let producer):
            tokens.remove(at: index)
            return Effects(producers: [(producer, .failure(CancellationError()))])
        }
    }

    /// Promises the consumer the end after the buffered chunks. Only the first call counts.
    mutating func finish(_ error: (any Error)?) -> Effects {
        guard case .streaming = phase else { return .none }
        hasFinished = true
        guard let waiting = consumer else {
            phase = .sourceFinished(error)
            return .none
        }
        // A waiting consumer means an empty buffer: the end is delivered now.
        consumer = nil
        var effects = terminate(.finished, producerResult: .success(()))
        effects.consumer = (waiting, Self.end(error))
        return effects
    }

    /// Stores the handler, or hands it back to be called at once if the stream already ended.
    mutating func setTerminationHandler(_ handler: TerminationHandler?) -> Effects {
        if case .terminated(let reason) = phase {
            guard let handler else { return .none }
            return Effects(termination: (handler, reason))
        }
        onTermination = handler
        return .none
    }

    // MARK: Consumer side

    /// Records the iterator; returns `false` if there already was one.
    mutating func makeIterator() -> Bool {
        defer { hasIterator = true }
        return !hasIterator
    }

    /// The consumer asks for a chunk without suspending: it gets one, the end, or is told to
    /// suspend. A cancelled consumer ends the stream even if chunks are buffered, so that a
    /// fast producer cannot keep a cancelled consumer busy forever.
    mutating func next(isCancelled: Bool) -> (NextOutcome, Effects) {
        if case .terminated = phase {
            guard owesCancellationError else { return (.deliver(.success(nil)), .none) }
            owesCancellationError = false
            return (.deliver(.failure(CancellationError())), .none)
        }
        if isCancelled {
            let effects = terminate(.cancelled, producerResult: .failure(XMLByteSourceError.consumerTerminated))
            return (.deliver(.failure(CancellationError())), effects)
        }
        if let chunk = queue.popFirst() {
            return (.deliver(.success(chunk)), afterDelivery())
        }
        switch phase {
        case .streaming:
            return (.suspend, .none)
        case .sourceFinished(let error):
            return (.deliver(Self.end(error)), terminate(.finished, producerResult: .success(())))
        case .terminated:
            return (.deliver(.success(nil)), .none)
        }
    }

    /// Parks the consumer after `next` said to suspend; whatever happened in between (a chunk,
    /// the end, a cancellation) resumes it at once instead.
    mutating func suspendConsumer(_ waiting: Consumer) -> Effects {
        guard consumer == nil else {
            // Only a copy of the iterator used concurrently can get here.
            return Effects(consumer: (waiting, .failure(XMLByteSourceError.alreadyIterated)))
        }
        switch phase {
        case .terminated(.cancelled):
            // Only the consumer's own task cancellation ends the stream while its iterator lives.
            owesCancellationError = false
            return Effects(consumer: (waiting, .failure(CancellationError())))
        case .terminated(.finished):
            return Effects(consumer: (waiting, .success(nil)))
        case .streaming, .sourceFinished:
            break
        }
        switch next(isCancelled: false) {
        case (.suspend, _):
            consumer = waiting
            return .none
        case (.deliver(let result), var effects):
            effects.consumer = (waiting, result)
            return effects
        }
    }

    /// The consumer's task was cancelled while it was in `next`: the stream ends now, and a
    /// suspended consumer is resumed with `CancellationError`.
    mutating func cancelConsumer() -> Effects {
        guard !isTerminated else { return .none }
        var effects = terminate(.cancelled, producerResult: .failure(XMLByteSourceError.consumerTerminated))
        if let waiting = consumer {
            consumer = nil
            effects.consumer = (waiting, .failure(CancellationError()))
        } else {
            owesCancellationError = true
        }
        return effects
    }

    /// The iterator is gone, so nobody will read again.
    mutating func dropIterator() -> Effects {
        guard !isTerminated else { return .none }
        return terminate(.cancelled, producerResult: .failure(XMLByteSourceError.consumerTerminated))
    }

    /// The stream is gone; that matters only if it was never iterated.
    mutating func dropStream() -> Effects {
        guard !hasIterator else { return .none }
        return dropIterator()
    }

    // MARK: Transitions

    private mutating func issueToken() -> WriteOutcome {
        let id = nextTokenID
        nextTokenID += 1
        tokens.append((id, .issued))
        return .enqueueCallback(id)
    }

    /// After a chunk left the buffer: crossing the low watermark resumes every waiting producer.
    private mutating func afterDelivery() -> Effects {
        guard !producersMayWrite, queue.byteCount <= watermarks.lowerBound else { return .none }
        producersMayWrite = true
        var effects = Effects()
        tokens.removeAll { entry in
            guard case .waiting(let producer) = entry.state else { return false }
            effects.producers.append((producer, .success(())))
            return true
        }
        return effects
    }

    /// Enters the final phase: drops the buffer and every token, wakes every waiting producer
    /// with `producerResult`, and hands out the termination handler (once).
    private mutating func terminate(
        _ reason: XMLByteSource.Termination,
        producerResult: Result<Void, any Error>
    ) -> Effects {
        phase = .terminated(reason)
        queue.removeAll()
        producersMayWrite = true
        var effects = Effects()
        for entry in tokens {
            if case .waiting(let producer) = entry.state { effects.producers.append((producer, producerResult)) }
        }
        tokens = []
        if let handler = onTermination {
            onTermination = nil
            effects.termination = (handler, reason)
        }
        return effects
    }

    private static func end(_ error: (any Error)?) -> Result<Data?, any Error> {
        if let error { return .failure(error) }
        return .success(nil)
    }
}

extension ByteChunkStreamStateMachine.Effects: Sendable where Consumer: Sendable, Producer: Sendable {}

// The machine moves between threads inside `LockedState`, which needs a `Sendable` state.
extension ByteChunkStreamStateMachine: Sendable where Consumer: Sendable, Producer: Sendable {}
extension ByteChunkStreamStateMachine.Phase: Sendable where Consumer: Sendable, Producer: Sendable {}
extension ByteChunkStreamStateMachine.TokenState: Sendable where Consumer: Sendable, Producer: Sendable {}
