import ThreadSafety

/// The open connections and the threads serving them, so that stopping can wake and join every
/// one, and so that threads that finished on their own are joined as the server goes on.
///
/// Descriptors are closed here, under the lock, and only here: ``shutdownAll()`` then never
/// touches a number that was closed and perhaps reused by someone else in the meantime.
final class ConnectionRegistry: Sendable {
    private struct State {
        var lastID = 0
        var descriptors: [Int: Int32] = [:]
        var workers: [Int: JoinableThread] = [:]
        var finished: Set<Int> = []
    }

    private let state = LockedState(State())

    init() {}

    /// Takes ownership of a newly accepted descriptor and numbers its connection, from 1.
    func register(_ descriptor: Int32) -> Int {
        state.withLock { state in
            state.lastID += 1
            state.descriptors[state.lastID] = descriptor
            return state.lastID
        }
    }

    /// Records the thread serving connection `id`, to be joined once it has finished.
    func attach(_ worker: JoinableThread, to id: Int) {
        state.withLock { $0.workers[id] = worker }
    }

    /// Closes connection `id`'s descriptor and marks its thread finished. Called by that thread
    /// as the last thing it does.
    func close(_ id: Int) {
        state.withLock { state in
            if let descriptor = state.descriptors.removeValue(forKey: id) { Syscall.close(descriptor) }
            state.finished.insert(id)
        }
    }

    /// Closes connection `id`'s descriptor when no thread could be started to serve it.
    func abandon(_ id: Int) {
        state.withLock { state in
            if let descriptor = state.descriptors.removeValue(forKey: id) { Syscall.close(descriptor) }
        }
    }

    /// Joins the threads of connections that have closed, which have exited or are about to.
    func joinFinishedWorkers() {
        let done = state.withLock { state in
            let ids = state.finished.filter { state.workers[$0] != nil }
            state.finished.subtract(ids)
            return ids.compactMap { state.workers.removeValue(forKey: $0) }
        }
        for worker in done { worker.join() }
    }

    /// Shuts down every open connection, which wakes any thread blocked reading or writing it.
    func shutdownAll() {
        state.withLock { state in
            for descriptor in state.descriptors.values { Syscall.shutdownBoth(descriptor) }
        }
    }

    /// Joins every connection thread. Call after ``shutdownAll()`` and the stop signal, once no
    /// new connection can be registered.
    func joinAllWorkers() {
        let all = state.withLock { state in
            let workers = Array(state.workers.values)
            state.workers.removeAll()
            state.finished.removeAll()
            return workers
        }
        for worker in all { worker.join() }
    }
}
