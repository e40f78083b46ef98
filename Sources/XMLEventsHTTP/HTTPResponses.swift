import ThreadSafety
import XMLEventsInput

/// The iterations of one HTTP source, for ``XMLByteSource/response``: the latest, whose response
/// it answers with, and one started by an ask before any iteration, which the next iteration
/// reads.
///
/// The latest iteration is held weakly, so that a transfer goes when its iterator does; the head
/// of the latest one started is kept, so that the response is known after the iteration ends.
final class HTTPResponses: Sendable {
    private struct State: Sendable {
        weak var latest: HTTPIteration?
        /// Started by an ask for the response before any iteration: the next one adopts it.
        var parked: HTTPIteration?
        /// The head of the latest iteration that started its transfer.
        var latestResponse: HTTPResponsePromise?
    }

    private let request: HTTPTransferRequest
    private let state = LockedState(State())

    init(request: HTTPTransferRequest) {
        self.request = request
    }

    /// The iteration an iterator reads: the one an ask for the response started, else a new one.
    func nextIteration(progress: XMLSourceProgress) -> HTTPIteration {
        state.withLock { state in
            let iteration = state.parked ?? HTTPIteration(request: request, progress: progress, responses: self)
            state.parked = nil
            state.latest = iteration
            return iteration
        }
    }

    /// Records that `iteration` started its transfer, whose head `promise` settles.
    func didStart(_ iteration: HTTPIteration, promise: HTTPResponsePromise) {
        state.withLock { state in
            if state.latest == nil || state.latest === iteration { state.latestResponse = promise }
        }
    }

    /// The head of the latest iteration's response, starting its transfer if it has not started;
    /// before any iteration, starts one that the next iteration adopts.
    func response(progress: XMLSourceProgress) async throws -> XMLHTTPResponse {
        enum Answer {
            case ask(HTTPIteration)
            case settled(HTTPResponsePromise)
        }
        let answer: Answer = state.withLock { state in
            if let latest = state.latest { return .ask(latest) }
            if let promise = state.latestResponse { return .settled(promise) }
            let iteration = HTTPIteration(request: request, progress: progress, responses: self)
            state.parked = iteration
            state.latest = iteration
            return .ask(iteration)
        }
        switch answer {
        case .ask(let iteration): return try await iteration.response()
        case .settled(let promise): return try await promise.value()
        }
    }
}
