import XMLEventsInput

#if canImport(CCurl)
    import Foundation

    /// The consumer's side of one libcurl transfer: the buffer it reads, the decoding of the
    /// body's content codings as it reads, and the response it can await. Creating it orders the
    /// transfer from the I/O thread; dropping it (or cancelling the reading task) cancels the
    /// transfer, because the buffer's end reaches the I/O thread.
    final class CurlHTTPTransfer {
        /// How the bytes of the buffer become the body.
        private enum Decoding {
            /// Not known before the response's head.
            case undecided
            /// The chunks are the body.
            case identity
            case decoding(ContentDecodingPipeline, url: URL)
        }

        /// The buffer's only consumer; `nil` after the body proved undecodable, which ends the
        /// stream and with it the transfer.
        private var chunks: ByteChunkStream.Iterator?
        let promise = HTTPResponsePromise()
        private let acceptedCodings: [XMLHTTPContentCoding]
        private var decoding = Decoding.undecided

        init(_ request: HTTPTransferRequest, progress: XMLSourceProgress) {
            let thread = CurlIOThread.shared
            let id = thread?.makeTransferID() ?? 0
            // Set at creation, so that a consumer gone before the transfer starts still cancels it.
            let (stream, source) = ByteChunkStream.makeStream(watermarks: request.watermarks) { termination in
                if termination == .cancelled { thread?.post(.cancel(id: id)) }
            }
            chunks = stream.makeAsyncIterator()
            acceptedCodings = request.acceptedContentCodings
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
        func response() async throws -> XMLHTTPResponse {
            try await promise.value()
        }

        /// The URL of the response, once its head has come.
        var responseURL: URL? {
            promise.response?.url
        }

        /// Whether the next chunk is buffered and needs no content decoding: ``next(isolation:)``
        /// returns it without waiting.
        var hasChunkAtHand: Bool {
            guard case .identity = decoding else { return false }
            return chunks?.hasChunkAtHand ?? false
        }

        /// The next decoded chunk of the body, or `nil` at its end.
        func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            switch decoding {
            case .identity:
                return try await chunks?.next(isolation: actor)
            case .decoding(let pipeline, let url):
                guard var source = chunks else { return nil }
                do {
                    let decoded = try await pipeline.next(from: &source, isolation: actor)
                    chunks = source
                    return decoded
                } catch let failure as ContentDecodingFailure {
                    // Nothing more can be decoded: stop the transfer rather than let it run paused.
                    chunks = nil
                    throw XMLHTTPError.undecodableContent(url: url, reason: failure.reason)
                }
            case .undecided:
                // The head comes before any byte of the body; a failure before it is the
                // transfer's error, which the buffer would throw too.
                let response = try await promise.value()
                // The I/O thread accepted these codings before handing the head out.
                let codings = (try? ContentCodingList.codings(in: response.headers, accepted: acceptedCodings)) ?? []
                decoding =
                    codings.isEmpty ? .identity : .decoding(try pipeline(codings, url: response.url), url: response.url)
                return try await next(isolation: actor)
            }
        }

        private func pipeline(_ codings: [XMLHTTPContentCoding], url: URL) throws(XMLHTTPError)
            -> ContentDecodingPipeline
        {
            do {
                return try ContentDecodingPipeline(codings: codings)
            } catch {
                throw .undecodableContent(url: url, reason: error.reason)
            }
        }
    }
#endif
