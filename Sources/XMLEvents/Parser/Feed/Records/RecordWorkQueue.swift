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

    /// What the reader's stage holds: when it goes (the loop was left, the iterator dropped, the
    /// document ended), the parses still running are cancelled.
    final class Owner {
        let queue = RecordWorkQueue()

        deinit {
            queue.cancel()
        }
    }

    /// Starts parsing `chunk`, the `index`th, inside `frame`.
    func start(_ index: Int, _ chunk: RecordChunk, in frame: DocumentFrame, options: XMLParsingOptions) {
        let task = Task.detached(priority: Task.currentPriority) { [self] in
            guard !Task.isCancelled else { return }
            let parse = FramedChunkParse(chunk, in: frame, options: options)
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
