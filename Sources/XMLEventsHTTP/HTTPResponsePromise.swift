import ThreadSafety
import XMLEventsInput

/// The response head of one transfer, settled once by the transport and awaited by the
/// transfer's reader and by any task that asks the source for its response.
final class HTTPResponsePromise: Sendable {
    private typealias Waiter = CheckedContinuation<XMLHTTPResponse, any Error>

    private enum State: Sendable {
        /// The waiters, by the number each was given.
        case pending([Int: Waiter], nextNumber: Int)
        case settled(Result<XMLHTTPResponse, any Error>)
    }

    private let state = LockedState(State.pending([:], nextNumber: 0))

    /// Settles the promise; only the first call counts.
    func settle(_ result: Result<XMLHTTPResponse, any Error>) {
        let waiters: [Waiter] = state.withLock { state in
            guard case .pending(let waiters, _) = state else { return [] }
            state = .settled(result)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// The response, if the promise was settled with one.
    var response: XMLHTTPResponse? {
        state.withLock { state in
            guard case .settled(.success(let response)) = state else { return nil }
            return response
        }
    }

    /// The response, suspending until it is settled; any number of tasks may wait.
    ///
    /// - Throws: The transfer's error, or `CancellationError` if the waiting task is cancelled.
    func value() async throws -> XMLHTTPResponse {
        let number = LockedState<Int?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<XMLHTTPResponse, any Error>? = state.withLock { state in
                    switch state {
                    case .settled(let result):
                        return result
                    case .pending(var waiters, let next):
                        // Checked under the lock, so a cancellation either finds the waiter or is seen here.
                        if Task.isCancelled { return .failure(CancellationError()) }
                        waiters[next] = continuation
                        state = .pending(waiters, nextNumber: next + 1)
                        number.withLock { $0 = next }
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter: Waiter? = state.withLock { state in
                guard case .pending(var waiters, let next) = state,
                    let mine = number.withLock({ $0 }), let waiter = waiters.removeValue(forKey: mine)
                else { return nil }
                state = .pending(waiters, nextNumber: next)
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
