import XMLEventsInput

#if canImport(Darwin)
    import Foundation
    import ThreadSafety

    /// The transport of an HTTP ``XMLByteSource`` on Apple platforms: a task that reads
    /// `URLSession.bytes(for:)` into the consumer's ``ByteChunkStream`` with the `async` write,
    /// which suspends it while the buffer is full. `AsyncBytes` reads from the connection only as
    /// fast as it is iterated, so the consumer's pace reaches TCP as it does on Linux.
    ///
    /// Differences from Linux: `URLSession` applies its own redirect limit, connect timeout,
    /// content codings, proxies and trust (``XMLHTTPConfiguration/maximumRedirects``,
    /// ``XMLHTTPConfiguration/connectTimeout``, ``XMLHTTPConfiguration/socketReceiveBufferSize``,
    /// ``XMLHTTPConfiguration/acceptedContentCodings``, ``XMLHTTPConfiguration/usesEnvironmentProxies``
    /// and ``XMLHTTPConfiguration/certificateAuthorityBundlePath`` are not used), a body cut short is
    /// ``XMLHTTPError/connectionLost(url:reason:)``, and bytes are gathered into chunks of
    /// ``chunkSize``, so a body that trickles in reaches the consumer in such steps.
    final class URLSessionHTTPTransfer {
        static let chunkSize = 16_384

        private var chunks: ByteChunkStream.Iterator
        let promise = HTTPResponsePromise()

        init(_ request: HTTPTransferRequest, progress: XMLSourceProgress) {
            let tasks = LockedState<(producer: Task<Void, Never>?, deadline: Task<Void, Never>?)>((nil, nil))
            let (stream, source) = ByteChunkStream.makeStream(watermarks: request.watermarks) { termination in
                if termination == .cancelled { tasks.withLock { $0.producer }?.cancel() }
            }
            chunks = stream.makeAsyncIterator()
            progress.begin(buffering: stream)
            let promise = promise
            let timedOut = LockedState(false)
            // Stored before this initializer returns, so before the only iterator can end the stream.
            tasks.withLock { stored in
                if let limit = request.totalTimeout {
                    // Cancels the transfer at its total timeout, which the transfer then reports.
                    stored.deadline = Task {
                        try? await Task.sleep(for: limit)
                        guard !Task.isCancelled else { return }
                        timedOut.withLock { $0 = true }
                        tasks.withLock { $0.producer }?.cancel()
                    }
                }
                stored.producer = Task {
                    await Self.transfer(request, into: source, promise: promise, progress: progress, timedOut: timedOut)
                    tasks.withLock { $0.deadline }?.cancel()
                }
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

        /// Whether the next chunk is buffered: ``next(isolation:)`` returns it without waiting.
        var hasChunkAtHand: Bool { chunks.hasChunkAtHand }

        /// The next decoded chunk of the body, or `nil` at its end.
        func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            try await chunks.next(isolation: actor)
        }

        private static func transfer(
            _ request: HTTPTransferRequest,
            into source: XMLByteSource.Writer,
            promise: HTTPResponsePromise,
            progress: XMLSourceProgress,
            timedOut: LockedState<Bool>
        ) async {
            do {
                if let refusal = request.unsupportedReason { throw refusal }
                guard let url = request.url else { return }
                let (bytes, response) = try await URLSession.shared.bytes(for: urlRequest(for: request, url: url))
                let dataTask = bytes.task
                try await withTaskCancellationHandler {
                    let head = try self.head(of: response, url: url)
                    if head.statusCode == 304 {
                        dataTask.cancel()
                        promise.settle(.success(head))
                        throw XMLHTTPError.notModified(head)
                    }
                    guard (200..<300).contains(head.statusCode) else {
                        var prefix = Data()
                        for try await byte in bytes {
                            guard prefix.count < request.maximumErrorBodyByteCount else { break }
                            prefix.append(byte)
                        }
                        dataTask.cancel()
                        throw XMLHTTPError.unacceptableStatus(head.statusCode, url: head.url, bodyPrefix: prefix)
                    }
                    progress.expect(head.expectedContentLength)
                    promise.settle(.success(head))
                    var chunk = Data(capacity: chunkSize)
                    for try await byte in bytes {
                        chunk.append(byte)
                        guard chunk.count == chunkSize else { continue }
                        try await source.write(chunk)
                        progress.record(received: Int(dataTask.countOfBytesReceived))
                        chunk.removeAll(keepingCapacity: true)
                    }
                    if !chunk.isEmpty { try await source.write(chunk) }
                    progress.record(received: Int(dataTask.countOfBytesReceived))
                    progress.finish()
                    source.finish()
                } onCancel: {
                    dataTask.cancel()
                }
            } catch {
                var failure = translate(error, request: request)
                if timedOut.withLock({ $0 }), let limit = request.totalTimeout {
                    failure = XMLHTTPError.totalTimeoutExceeded(
                        url: request.url ?? URL(fileURLWithPath: "/"), after: limit)
                }
                promise.settle(.failure(failure))
                source.finish(throwing: failure)
            }
        }

        private static func urlRequest(for request: HTTPTransferRequest, url: URL) -> URLRequest {
            var urlRequest = URLRequest(url: url)
            urlRequest.httpMethod = request.method
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            if let userAgent = request.userAgent, !request.hasHeader("User-Agent") {
                urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
            }
            urlRequest.httpBody = request.body
            let (seconds, attoseconds) = request.idleTimeout.components
            urlRequest.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
            return urlRequest
        }

        private static func head(of response: URLResponse, url: URL) throws -> XMLHTTPResponse {
            guard let http = response as? HTTPURLResponse else {
                throw XMLHTTPError.unsupportedRequest(url: url, reason: "the response is not HTTP")
            }
            let headers = http.allHeaderFields.compactMap { name, value -> (name: String, value: String)? in
                guard let name = name as? String, let value = value as? String else { return nil }
                return (name, value)
            }
            return XMLHTTPResponse(
                statusCode: http.statusCode,
                url: http.url ?? url,
                headers: headers.sorted { $0.name < $1.name },
                expectedContentLength: http.expectedContentLength >= 0 ? Int(http.expectedContentLength) : nil
            )
        }

        private static func translate(_ error: any Error, request: HTTPTransferRequest) -> any Error {
            guard let urlError = error as? URLError else { return error }
            let url = urlError.failingURL ?? request.url ?? URL(fileURLWithPath: "/")
            let reason = urlError.localizedDescription
            switch urlError.code {
            case .cancelled: return CancellationError()
            case .cannotFindHost, .dnsLookupFailed: return XMLHTTPError.hostNotFound(url: url)
            case .cannotConnectToHost: return XMLHTTPError.connectionRefused(url: url)
            case .timedOut: return XMLHTTPError.stalled(url: url, after: request.idleTimeout)
            case .networkConnectionLost: return XMLHTTPError.connectionLost(url: url, reason: reason)
            case .httpTooManyRedirects: return XMLHTTPError.tooManyRedirects(url: url, limit: request.maximumRedirects)
            case .cannotDecodeContentData, .cannotDecodeRawData:
                return XMLHTTPError.undecodableContent(url: url, reason: reason)
            case .unsupportedURL: return XMLHTTPError.unsupportedRequest(url: url, reason: reason)
            default: return XMLHTTPError.transferFailed(url: url, code: urlError.code.rawValue, message: reason)
            }
        }
    }
#endif
