import Synchronization

/// How many items one parse has read so far, for another task to watch while it runs.
final class ParseProgress: Sendable {
    private let count = Atomic<Int>(0)
    /// Told when this parse reaches its item count, if any.
    private let mark: ProgressMark?

    init(mark: ProgressMark? = nil) {
        self.mark = mark
    }

    /// Counts one more item; called by the parse.
    func advance() {
        let items = count.wrappingAdd(1, ordering: .relaxed).newValue
        if let mark, items == mark.items { mark.reach() }
    }

    /// The items read so far.
    var items: Int { count.load(ordering: .relaxed) }
}

/// The moment the first of several parses reaches a number of items, awaited by a task of its
/// own, so that the parses can be stopped in time, whatever the machine's speed.
final class ProgressMark: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Bool, Never>?)
        case reached
        case cancelled
    }

    let items: Int
    private let state = Mutex(State.waiting(nil))

    init(items: Int) {
        self.items = items
    }

    /// Called by the parse that reaches the mark; the first call counts.
    func reach() {
        finish(.reached)?.resume(returning: true)
    }

    /// Waits until a parse reaches the mark (`true`) or the waiting task is cancelled (`false`).
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let outcome: Bool? = state.withLock { state in
                    switch state {
                    case .waiting:
                        state = .waiting(continuation)
                        return nil
                    case .reached: return true
                    case .cancelled: return false
                    }
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            finish(.cancelled)?.resume(returning: false)
        }
    }

    /// Moves from waiting to `end`, returning the waiter to resume; nothing if it already ended.
    private func finish(_ end: State) -> CheckedContinuation<Bool, Never>? {
        state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = end
            return continuation
        }
    }
}
