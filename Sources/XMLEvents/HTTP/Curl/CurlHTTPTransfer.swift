#if os(Linux) && canImport(CCurl)
    import Foundation

    /// The consumer's side of one libcurl transfer: the buffer it reads, and the response it can
    /// await. Creating it orders the transfer from the I/O thread; dropping it (or cancelling the
    /// reading task) cancels the transfer, because the buffer's end reaches the I/O thread.
    final class CurlHTTPTransfer {
        private var chunks: ByteChunkStream.Iterator
        private let promise = HTTPResponsePromise()

        init(_ request: HTTPTransferRequest, progress: HTTPChunks.Progress) {
            let thread = CurlIOThread.shared
            let id = thread?.makeTransferID() ?? 0
            // Set at creation, so that a consumer gone before the transfer starts still cancels it.
            let (stream, source) = ByteChunkStream.makeStream(watermarks: request.watermarks) { termination in
                if termination == .cancelled { thread?.post(.cancel(id: id)) }
            }
            chunks = stream.makeAsyncIterator()
            progress.begin(buffering: stream)
            let unavailable = XMLHTTPError.unsupportedRequest(url: request.url, reason: "libcurl could not be set up")
            if let refusal = request.unsupportedReason ?? (thread == nil ? unavailable : nil) {
                promise.settle(.failure(refusal))
                source.finish(throwing: refusal)
            } else {
                thread?.post(
                    .start(
                        CurlTransfer.Order(
                            id: id, request: request, source: source, promise: promise, progress: progress)))
            }
        }

        /// The response head, once known.
        func response() async throws -> HTTPChunks.Response {
            try await promise.value()
        }

        /// The next decoded chunk of the body, or `nil` at its end.
        func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            try await chunks.next(isolation: actor)
        }
    }
#endif
