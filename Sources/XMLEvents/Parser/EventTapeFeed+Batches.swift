import Synchronization

/// Parsing off the reader's actor.
///
/// A reader that runs on an actor (the main actor, any actor) must not parse there: libxml2's
/// work would hold the actor for as long as bytes are at hand. Such a reader hands its feed to a
/// ``TapePipeline``: a task of its own parses the document a batch of steps at a time, one batch
/// ahead of the reader at most, and copies each batch onto the pipeline's tape once the reader is
/// done with the last. The reader reads that tape on its actor as it reads a step's: owned
/// events, subtrees and records are built where they are used, so that their storage never
/// crosses to another core and back, and the next batch is parsed while the reader works on this
/// one. A nonisolated reader parses inline and pays for none of it.
///
/// Only a feed whose source is `Sendable` moves (``EventTapeFeed/parsingAhead``): the source's
/// iterator is then reachable from no other isolation than the parsing task's.
extension EventTapeFeed {
    /// Whether a reader running on `actor` parses off it, a batch at a time.
    @inlinable
    func parsesOffActor(_ actor: (any Actor)?) -> Bool {
        actor != nil && parsingAhead != nil
    }

    /// The next step's events, parsed inline, or the next batch of steps', parsed ahead in a task
    /// of their own, when the reader runs on an actor.
    @inlinable
    nonisolated(nonsending) mutating func advance(readingOn actor: (any Actor)?) async throws -> Bool {
        if pipeline != nil || parsesOffActor(actor) { return try await advanceBatch() }
        return try await advance()
    }

    /// The next batch of steps from the pipeline, started on the first call: ``tape`` then holds
    /// all their events.
    ///
    /// - Returns: `false` once nothing more will come.
    /// - Throws: The error that ended the document, once, after the tape holding the events
    ///   before it.
    // Inlinable, as the parse loop is, so that the parsing task's loop is specialized for the
    // source in the caller (a byte-at-a-time source would otherwise gather generically).
    @inlinable
    nonisolated(nonsending) mutating func advanceBatch() async throws -> Bool {
        guard case .reading = phase else { return try await advance() }
        let owner: TapePipeline.Owner
        if let pipeline {
            owner = pipeline
        } else {
            guard let parsingAhead else { return try await advance() }
            owner = TapePipeline.Owner()
            parsingAhead(self, owner.pipeline)
            // This feed now only reads: the source and the driver are the parsing task's.
            tape = owner.pipeline.tape
            source = nil
            driver = nil
            chunk = nil
            pipeline = owner
        }
        let outcome = await owner.pipeline.nextBatch()
        switch outcome {
        case .more:
            return true
        case .ended:
            // The last steps' events, if any, are read before the end is reported.
            end(.done)
            return tape.count > 0
        case .failed(let error):
            // Thrown by the next call, after the events before it; none for cancellation.
            end(.failed(error))
            if tape.count > 0, !(error is CancellationError) { return true }
            return try await advance()
        }
    }

    /// Parses steps onto the tape, each step's events added to those of the steps before it,
    /// until the tape holds a batch, the chunk at hand is used up with events on the tape and the
    /// next one would have to be waited for, the batch is 5 ms old with events on the tape, or
    /// the document has ended.
    ///
    /// - Returns: How the batch ended.
    @inlinable
    mutating func parseBatch() async -> TapeBatchEnd {
        let deadline = ContinuousClock.now.advanced(by: ParseTimeSlice.length)
        var appending = false
        do {
            while try await advance(appending: appending) {
                appending = true
                guard case .reading = phase, tape.count > 0 else { continue }
                if tape.holdsBatch || (!hasBytesAtHand && !sourceHasChunkAtHand) || ContinuousClock.now >= deadline {
                    return .more
                }
            }
            return .ended
        } catch {
            return .failed(error)
        }
    }

    /// Whether reading the source's next chunk will not wait (a regular file, data in memory, a
    /// stream with chunks buffered): only then does a batch go on into it, since a batch that
    /// waited for its source would hold the events it has parsed back from the reader.
    @inlinable var sourceHasChunkAtHand: Bool {
        (source as? any ChunkReadiness)?.hasChunkAtHand ?? false
    }
}

/// A document parsed in a task of its own, one batch of steps ahead of a reader on an actor, and
/// the tape each batch is copied onto for the reader.
///
/// The reader asks for a batch (``nextBatch()``), which also tells the parsing task that it is
/// done with the last one; the parsing task parses the next batch meanwhile, then waits for that
/// word before it copies the batch onto ``tape``. So at most one batch is parsed ahead, and the
/// parse never waits for the reader's work or the reader for the parse's but at the hand-over.
///
/// The reader's task does not own the parsing task, so cancellation is passed on by hand: the
/// reader's cancellation, and its ``Owner`` going away (a loop left early), cancel the parsing
/// task, which lets go of the source and the parser at its next step.
@usableFromInline
final class TapePipeline: @unchecked Sendable {
    // Safe: `tape` is written by the parsing task only while the reader has handed it back and
    // not yet been given the next batch, and read by the reader only in between; `state`'s mutex
    // orders the two. Everything else is in `state`.

    /// The tape the reader reads: each batch, copied.
    @usableFromInline let tape = EventTape()

    private struct State {
        /// How the batch on ``tape`` ended, once it is there and until the reader takes it.
        var published: TapeBatchEnd?
        /// Whether the reader is done with ``tape``.
        var tapeIsFree = true
        var reader: CheckedContinuation<TapeBatchEnd, Never>?
        var parser: CheckedContinuation<Bool, Never>?
        var isCancelled = false
        var task: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// What the reader's feed holds: when it goes (the loop was left, the iterator dropped), the
    /// parse is cancelled.
    @usableFromInline
    final class Owner {
        @usableFromInline let pipeline = TapePipeline()

        @usableFromInline init() {}

        deinit {
            pipeline.cancel()
        }
    }

    @usableFromInline init() {}

    /// Starts the parsing task with `feed`, whose source is `Sequence`'s iterator, at the
    /// reader's priority.
    @inlinable
    func start<Sequence: AsyncSequence & Sendable>(
        parsing feed: EventTapeFeed<Sequence.AsyncIterator>, of _: Sequence.Type
    ) {
        let moved = TaskConfined(feed)
        let task = Task.detached(priority: Task.currentPriority) { [self] in
            var feed = moved.value
            await run(&feed)
        }
        started(task)
    }

    @usableFromInline
    func started(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    /// The parsing task: a batch, then the reader's word, then the copy, until the end.
    @inlinable
    func run<Source>(_ feed: inout EventTapeFeed<Source>) async {
        while true {
            let end = await feed.parseBatch()
            guard await waitForFreeTape() else {
                feed.cancel()
                return
            }
            tape.replaceContents(with: feed.tape)
            publish(end)
            guard case .more = end else { return }
        }
    }

    /// Waits until the reader is done with ``tape``; `false` once the pipeline is cancelled.
    @usableFromInline
    func waitForFreeTape() async -> Bool {
        await withCheckedContinuation { continuation in
            let ready: Bool? = state.withLock { state in
                if state.isCancelled { return false }
                if state.tapeIsFree { return true }
                state.parser = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Hands the batch on ``tape`` to the reader.
    @usableFromInline
    func publish(_ end: TapeBatchEnd) {
        let reader: CheckedContinuation<TapeBatchEnd, Never>? = state.withLock { state in
            state.tapeIsFree = false
            guard let reader = state.reader else {
                state.published = end
                return nil
            }
            state.reader = nil
            return reader
        }
        reader?.resume(returning: end)
    }

    /// Hands ``tape`` back and waits for the next batch on it.
    @usableFromInline
    func nextBatch() async -> TapeBatchEnd {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (ready, parser): (TapeBatchEnd?, CheckedContinuation<Bool, Never>?) = state.withLock { state in
                    if state.isCancelled { return (.failed(CancellationError()), nil) }
                    if let published = state.published {
                        // The first batch, there before the reader: the tape stays taken.
                        state.published = nil
                        return (published, nil)
                    }
                    state.tapeIsFree = true
                    let parser = state.parser
                    state.parser = nil
                    state.reader = continuation
                    return (nil, parser)
                }
                parser?.resume(returning: true)
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends the pipeline: the parsing task stops at its next step, and whoever waits is woken.
    @usableFromInline
    func cancel() {
        let (reader, parser, task) = state.withLock { state in
            state.isCancelled = true
            defer {
                state.reader = nil
                state.parser = nil
            }
            return (state.reader, state.parser, state.task)
        }
        task?.cancel()
        reader?.resume(returning: .failed(CancellationError()))
        parser?.resume(returning: false)
    }
}

/// How a batch of steps ended.
@usableFromInline
enum TapeBatchEnd: Sendable {
    /// More may come.
    case more
    /// Nothing more will come.
    case ended
    /// The error that ended the document, to throw after the batch.
    case failed(any Error)
}

/// A source iterator that knows whether its next chunk is at hand.
@usableFromInline
protocol ChunkReadiness {
    /// Whether the next call to `next` returns without waiting for bytes to arrive.
    var hasChunkAtHand: Bool { get }
}

extension EventTape {
    /// Whether the tape holds as much as a batch should: 8,192 events (about 100 KiB of small
    /// records) or 512 KiB of text. Small enough that the batch stays in the caches of the core
    /// that parsed it and of the one that reads it.
    @usableFromInline var holdsBatch: Bool {
        count >= 8 * 1024 || columns.pointee.bytes.count >= 512 << 10
    }
}

/// A value carried by its task to a task it starts.
@usableFromInline
struct TaskConfined<Value>: @unchecked Sendable {
    // Safe: it carries a feed into the parsing task that takes it over, whose source is
    // `Sendable` (so nothing else can reach it), and the reader's copy of it gives up the source
    // and the driver at once.
    @usableFromInline var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
