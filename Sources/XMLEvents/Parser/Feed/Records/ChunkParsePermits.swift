import Foundation
import Synchronization

/// How many chunks of records are parsed at once in the process, whatever the number of
/// documents: one a core.
///
/// Each document parsed on every core has a few chunks in flight; without a bound shared by all
/// of them, four documents read at once would have a dozen parses ready to run on the pool's
/// two threads, and a timer or another task would wait behind all of their time slices. With
/// it, the parses beyond the bound wait suspended, in the order they asked, and the pool's
/// threads stay as available as with one parser a document. A permit is held only while a
/// chunk is parsed, never while its values wait for a reader, so every parse that holds one
/// ends and lets the next go.
final class ChunkParsePermits: Sendable {
    /// The process's permits.
    static let shared = ChunkParsePermits(count: ProcessInfo.processInfo.activeProcessorCount)

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(available: Swift.max(1, count)))
    }

    /// Waits for a permit, in turn; `false` when the task is cancelled first (no permit is
    /// then held).
    func acquire() async -> Bool {
        let id = state.withLock { state in
            defer { state.nextID &+= 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let granted: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if state.available > 0 {
                        state.available -= 1
                        return true
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let granted { continuation.resume(returning: granted) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(returning: false)
        }
    }

    /// Gives a permit back: to the first parse waiting for one, if any.
    func release() {
        let next: Waiter? = state.withLock { state in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }
}
