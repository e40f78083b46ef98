import Foundation
import XMLEventsInput

#if canImport(CCurl)
    /// The transport of an HTTP ``XMLByteSource`` on this platform: libcurl on its own I/O thread.
    typealias HTTPTransfer = CurlHTTPTransfer
#elseif canImport(Darwin)
    /// The transport of an HTTP ``XMLByteSource`` on this platform: `URLSession`.
    typealias HTTPTransfer = URLSessionHTTPTransfer
#endif

/// Reads one transfer of an HTTP body for ``XMLByteSource``: takes it from its iteration (which
/// starts it, unless an ask for the response did) with the first call to ``next(isolation:)``,
/// hands out its chunks up to ``XMLHTTPConfiguration/maximumBodyByteCount``, and records them in
/// the progress. Dropping the reader before the end aborts the transfer.
struct HTTPBodyReader: ByteTransferReader {
    /// Where the iteration is.
    private enum Stage {
        case notStarted
        case running(HTTPTransfer)
        /// Ended by ``XMLHTTPConfiguration/maximumBodyByteCount`` with this error: the transfer
        /// is dropped, which aborts it, and nothing more is read.
        case cutOff(XMLHTTPError)
    }

    private let iteration: HTTPIteration
    private let request: HTTPTransferRequest
    private var stage = Stage.notStarted
    /// The body bytes handed out so far.
    private var deliveredByteCount = 0
    /// Thrown by the next call, after the last bytes the limit allowed.
    private var pendingError: XMLHTTPError?

    init(iteration: HTTPIteration, request: HTTPTransferRequest) {
        self.iteration = iteration
        self.request = request
    }

    /// The next chunk of the body, or `nil` after its last, resuming on the caller's actor.
    ///
    /// - Parameter actor: The caller's actor, usually `#isolation`.
    /// - Returns: The next decoded bytes, or `nil` at the end.
    /// - Throws: ``XMLHTTPError``, or `CancellationError` when the task is cancelled.
    mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
        if let pendingError {
            self.pendingError = nil
            throw pendingError
        }
        if case .cutOff = stage { return nil }
        let transfer = started()
        guard let chunk = try await transfer.next(isolation: actor) else { return nil }
        let delivered = try limited(chunk, of: transfer)
        deliveredByteCount += delivered.count
        iteration.progress.record(delivered: delivered.count)
        return delivered
    }

    /// `chunk`, or as much of it as ``XMLHTTPConfiguration/maximumBodyByteCount`` leaves; past
    /// the limit the transfer ends with ``XMLHTTPError/bodyTooLarge(url:limit:)``.
    private mutating func limited(_ chunk: Data, of transfer: HTTPTransfer) throws(XMLHTTPError) -> Data {
        guard let limit = request.maximumBodyByteCount, chunk.count > limit - deliveredByteCount else {
            return chunk
        }
        let url = transfer.responseURL ?? request.url ?? URL(fileURLWithPath: "/")
        let error = XMLHTTPError.bodyTooLarge(url: url, limit: limit)
        stage = .cutOff(error)
        let room = limit - deliveredByteCount
        guard room > 0 else { throw error }
        pendingError = error
        return chunk.prefix(room)
    }

    /// Whether the next ``next(isolation:)`` returns without waiting: a body chunk is buffered
    /// and needs no decoding, the limit's error is due, or the limit ended the body.
    var hasChunkAtHand: Bool {
        if pendingError != nil { return true }
        switch stage {
        case .running(let transfer): return transfer.hasChunkAtHand
        case .cutOff: return true
        case .notStarted: return false
        }
    }

    /// The transfer, taken from the iteration on first use; a new one if it was cut off, which
    /// callers check first.
    private mutating func started() -> HTTPTransfer {
        switch stage {
        case .running(let transfer):
            return transfer
        case .notStarted, .cutOff:
            let transfer = iteration.takeTransfer()
            stage = .running(transfer)
            return transfer
        }
    }
}
