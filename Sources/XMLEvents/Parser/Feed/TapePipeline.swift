import Synchronization

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
