#if HTTP
    import ThreadSafety

    /// The response head of one transfer, settled once by the transport and awaited by the
    /// transfer's single consumer.
    final class HTTPResponsePromise: Sendable {
        private enum State: Sendable {
            case pending(CheckedContinuation<XMLHTTPResponse, any Error>?)
            case settled(Result<XMLHTTPResponse, any Error>)
        }

        private let state = LockedState(State.pending(nil))

        /// Settles the promise; only the first call counts.
        func settle(_ result: Result<XMLHTTPResponse, any Error>) {
            let waiter: CheckedContinuation<XMLHTTPResponse, any Error>? = state.withLock { state in
                guard case .pending(let waiter) = state else { return nil }
                state = .settled(result)
                return waiter
            }
            waiter?.resume(with: result)
        }

        /// The response, if the promise was settled with one.
        var response: XMLHTTPResponse? {
            state.withLock { state in
                guard case .settled(.success(let response)) = state else { return nil }
                return response
            }
        }

        /// The response, suspending until it is settled; one waiter at a time, as the iterator that
        /// owns the transfer guarantees.
        ///
        /// - Throws: The transfer's error, or `CancellationError` if the waiting task is cancelled.
        func value() async throws -> XMLHTTPResponse {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let ready: Result<XMLHTTPResponse, any Error>? = state.withLock { state in
                        switch state {
                        case .settled(let result):
                            return result
                        case .pending:
                            // Checked under the lock, so a cancellation either finds the waiter or is seen here.
                            if Task.isCancelled { return .failure(CancellationError()) }
                            state = .pending(continuation)
                            return nil
                        }
                    }
                    if let ready { continuation.resume(with: ready) }
                }
            } onCancel: {
                let waiter: CheckedContinuation<XMLHTTPResponse, any Error>? = state.withLock { state in
                    guard case .pending(let waiter?) = state else { return nil }
                    state = .pending(nil)
                    return waiter
                }
                waiter?.resume(throwing: CancellationError())
            }
        }
    }
#endif
