import ThreadSafety
import XMLEventsInput

/// One iteration's transfer of an HTTP source, shared by the reader that reads its body and
/// ``XMLByteSource/response``, which may start it before the reader's first chunk: the transfer
/// then waits here until the reader takes it.
final class HTTPIteration: Sendable {
    /// A transfer started for an ask of the response, on its way to the reader.
    private struct WaitingTransfer: @unchecked Sendable {
        // Safe: made under the lock and taken out of it once, by the reader, whose task alone uses
        // it from then on; the asking task keeps only the transfer's promise.
        let transfer: HTTPTransfer
    }

    private enum State: Sendable {
        case notStarted
        /// Started; the transfer waits here when an ask started it and the reader has not taken it.
        case started(HTTPResponsePromise, waiting: WaitingTransfer?)
    }

    private let request: HTTPTransferRequest
    let progress: XMLSourceProgress
    private let state = LockedState(State.notStarted)
    /// Weak, so that a parked iteration and the record do not keep each other.
    private let record: LockedState<WeakResponses>

    private struct WeakResponses: Sendable {
        weak var responses: HTTPResponses?
    }

    init(request: HTTPTransferRequest, progress: XMLSourceProgress, responses: HTTPResponses) {
        self.request = request
        self.progress = progress
        record = LockedState(WeakResponses(responses: responses))
    }

    /// The reader's transfer: the one an ask for the response started, or one started now.
    func takeTransfer() -> HTTPTransfer {
        let (transfer, started) = state.withLock { state -> (WaitingTransfer, HTTPResponsePromise?) in
            if case .started(let promise, let waiting?) = state {
                state = .started(promise, waiting: nil)
                return (waiting, nil)
            }
            // Not started, or already taken (the reader takes it once): a transfer of its own.
            let transfer = HTTPTransfer(request, progress: progress)
            state = .started(transfer.promise, waiting: nil)
            return (WaitingTransfer(transfer: transfer), transfer.promise)
        }
        if let started { record.withLock { $0.responses }?.didStart(self, promise: started) }
        return transfer.transfer
    }

    /// The head of this iteration's response, starting the transfer if the reader has not.
    func response() async throws -> XMLHTTPResponse {
        let (promise, started) = state.withLock { state -> (HTTPResponsePromise, Bool) in
            switch state {
            case .started(let promise, _):
                return (promise, false)
            case .notStarted:
                let transfer = HTTPTransfer(request, progress: progress)
                state = .started(transfer.promise, waiting: WaitingTransfer(transfer: transfer))
                return (transfer.promise, true)
            }
        }
        if started { record.withLock { $0.responses }?.didStart(self, promise: promise) }
        return try await promise.value()
    }
}
