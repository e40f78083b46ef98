import Synchronization

/// Chunks of records parsed in tasks of their own, one task a chunk, and handed back in the
/// order they were started, whatever order they finish in: the reorder buffer of
/// ``RecordsParse``.
final class RecordWorkQueue: Sendable {
    /// A parse made by a worker task and handed to the reader.
    struct HandedOver: @unchecked Sendable {
        // Safe: the worker task makes the parse and keeps no reference to it once it hands it
        // over; the reader reads it only after taking it from the queue, under its lock.
        let parse: FramedChunkParse
    }

    private struct State {
        var finished: [Int: HandedOver] = [:]
        var tasks: [Int: Task<Void, Never>] = [:]
        var waiter: (index: Int, continuation: CheckedContinuation<HandedOver?, Never>)?
        var isCancelled = false
    }

    private let state = Mutex(State())

    /// Tapes the reader is done with, emptied, for the next parses: a chunk's tape grows to a
    /// few megabytes, and taking fresh memory for each would cost a page fault every 4 KiB
    /// (about a tenth of the parse's time).
    private let spareTapes = Mutex<[SpareTape]>([])

    /// A tape no one else refers to.
    private struct SpareTape: @unchecked Sendable {
        // Safe: the reader hands a tape over only when it holds the one reference to it
        // (``recycle(_:)``), and a worker takes it out of the pool before using it.
        let tape: EventTape
    }

    /// At most this many spare tapes are kept: one for each parse that can be in flight.
    private let spareTapeLimit: Int

    init(spareTapeLimit: Int) {
        self.spareTapeLimit = spareTapeLimit
    }

    /// What the reader's stage holds: when it goes (the loop was left, the iterator dropped, the
    /// document ended), the parses still running are cancelled.
    final class Owner {
        let queue: RecordWorkQueue

        init(spareTapeLimit: Int) {
            queue = RecordWorkQueue(spareTapeLimit: spareTapeLimit)
        }

        deinit {
            queue.cancel()
        }
    }

    /// Starts parsing `chunk`, the `index`th, inside `frame`, and building its product with
    /// `work`.
    func start(
        _ index: Int, _ chunk: RecordChunk, in frame: DocumentFrame, options: XMLParsingOptions, work: ChunkWork?
    ) {
        let task = Task.detached(priority: Task.currentPriority) { [self] in
            // One parse a core in the process, whatever the number of documents.
            guard await ChunkParsePermits.shared.acquire() else { return }
            defer { ChunkParsePermits.shared.release() }
            let tape = spareTapes.withLock { $0.popLast() }?.tape ?? EventTape()
            let parse = await FramedChunkParse.parse(chunk, in: frame, options: options, work: work, tape: tape)
            finish(index, HandedOver(parse: parse))
        }
        let cancelled = state.withLock { state in
            if !state.isCancelled { state.tasks[index] = task }
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    private func finish(_ index: Int, _ parse: HandedOver) {
        let waiter: CheckedContinuation<HandedOver?, Never>? = state.withLock { state in
            state.tasks[index] = nil
            if state.isCancelled { return nil }
            if let waiter = state.waiter, waiter.index == index {
                state.waiter = nil
                return waiter.continuation
            }
            state.finished[index] = parse
            return nil
        }
        waiter?.resume(returning: parse)
    }

    /// The parse of the `index`th chunk, if it is finished.
    func finished(_ index: Int) -> FramedChunkParse? {
        state.withLock { $0.finished.removeValue(forKey: index) }?.parse
    }

    /// The parse of the `index`th chunk, once it is finished; `nil` when the queue is cancelled
    /// (the reader's task was, or the reader left).
    func result(_ index: Int) async -> FramedChunkParse? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<HandedOver?, Never>) in
                let ready: HandedOver?? = state.withLock { state in
                    if state.isCancelled { return .some(nil) }
                    if let parse = state.finished.removeValue(forKey: index) { return .some(parse) }
                    state.waiter = (index, continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            cancel()
        }?.parse
    }

    /// Keeps `tape`, which the reader has read and holds the one reference to, for a later
    /// parse.
    func recycle(_ tape: consuming EventTape) {
        tape.removeAll(keepingBytesFrom: .max)
        let spare = SpareTape(tape: tape)
        spareTapes.withLock { spares in
            if spares.count < spareTapeLimit { spares.append(spare) }
        }
    }

    /// Cancels the parses still running and wakes the reader: nothing more is handed over.
    func cancel() {
        let (tasks, waiter) = state.withLock { state in
            state.isCancelled = true
            state.finished.removeAll()
            defer {
                state.tasks.removeAll()
                state.waiter = nil
            }
            return (Array(state.tasks.values), state.waiter)
        }
        for task in tasks { task.cancel() }
        waiter?.continuation.resume(returning: nil)
    }
}
