#if os(Linux) && canImport(CCurl)
    import CCurl
    import Foundation

    /// One transfer on the I/O thread: its easy handle, what libcurl's callbacks deliver, and
    /// where it goes — the consumer's ``ByteChunkStream``, the response promise, the progress.
    ///
    /// Lives only on the I/O thread, owned by the ``CurlIOLoop`` from the moment its handle is
    /// added to the multi handle until it is removed, so libcurl's callbacks, which get it as a
    /// bare pointer, always find it alive.
    final class CurlTransfer {
        /// What the consumer's side hands to the I/O thread to start a transfer.
        struct Order: Sendable {
            let id: UInt64
            let request: HTTPTransferRequest
            let source: ByteChunkStream.Source
            let promise: HTTPResponsePromise
            let progress: HTTPChunks.Progress
        }

        let id: UInt64
        let easy: CurlEasyHandle
        private let request: HTTPTransferRequest
        private let requestedURL: URL
        private let source: ByteChunkStream.Source
        private let promise: HTTPResponsePromise
        private let progress: HTTPChunks.Progress
        /// Posts a resumption to the I/O thread; called from whichever thread drains the buffer.
        private let resume: @Sendable (UInt64) -> Void
        private var machine: CurlTransferStateMachine
        /// The header fields of the response being received; a new status line starts them anew,
        /// so after redirects they are the final response's.
        private var headers: [(name: String, value: String)] = []
        /// The status of the response being received, from its status line.
        private var status: Int?

        /// Prepares the transfer, or fails the order's promise and stream and returns `nil`.
        init?(_ order: Order, now: ContinuousClock.Instant, resume: @escaping @Sendable (UInt64) -> Void) {
            // The consumer's side refuses requests without a URL before ordering them.
            guard let url = order.request.url else {
                Self.fail(order, .unsupportedRequest(url: nil, reason: "the request has no URL"))
                return nil
            }
            id = order.id
            request = order.request
            requestedURL = url
            source = order.source
            promise = order.promise
            progress = order.progress
            self.resume = resume
            machine = CurlTransferStateMachine(
                idleTimeout: order.request.idleTimeout,
                maximumErrorBodyByteCount: order.request.maximumErrorBodyByteCount,
                now: now
            )
            guard let easy = CurlEasyHandle() else {
                Self.fail(
                    order,
                    .transferFailed(url: url, code: Int(CURLE_FAILED_INIT.rawValue), message: "libcurl unavailable"))
                return nil
            }
            self.easy = easy
            do {
                try CurlRequestSetup.apply(order.request, url: url, id: id, to: easy)
                try CurlCallbacks.install(on: easy, for: self, receiveBufferSize: order.request.socketReceiveBufferSize)
            } catch {
                let message = String(cString: curl_easy_strerror(error.code))
                Self.fail(order, .transferFailed(url: url, code: Int(error.code.rawValue), message: message))
                return nil
            }
        }

        private static func fail(_ order: Order, _ error: XMLHTTPError) {
            order.promise.settle(.failure(error))
            order.source.finish(throwing: error)
        }

        var idleDeadline: ContinuousClock.Instant? {
            machine.idleDeadline
        }

        private var currentURL: URL {
            easy.string(CURLINFO_EFFECTIVE_URL).flatMap { URL(string: $0) } ?? requestedURL
        }

        // MARK: libcurl's callbacks (on the I/O thread, inside libcurl)

        /// One header line, with its line end; returns whether to go on.
        func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
            machine.headerArrived(now: .now)
            guard case .awaitingHead = machine.phase else { return true }  // trailers
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
            if text.hasPrefix("HTTP/") {
                headers = []
                status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            } else if text.isEmpty {
                endOfHead()
            } else if let first = text.first, first == " " || first == "\t", let last = headers.popLast() {
                // An obsolete folded line continues the previous field.
                headers.append((last.name, last.value + " " + text.trimmingCharacters(in: .whitespaces)))
            } else if let colon = text.firstIndex(of: ":") {
                let name = String(text[..<colon])
                let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers.append((name, value))
            }
            return true
        }

        /// A head is complete: hand it out now, before any body byte, unless it is an interim
        /// response or a redirect libcurl follows (or refuses to follow, with its own error).
        private func endOfHead() {
            guard let status, !(100..<200).contains(status) else { return }
            let isFollowed =
                [301, 302, 303, 307, 308].contains(status) && request.maximumRedirects > 0
                && headers.contains { $0.name.caseInsensitiveCompare("Location") == .orderedSame }
            if !isFollowed { decideHead() }
        }

        /// Body bytes, decoded; returns how many were taken, or `CURL_WRITEFUNC_PAUSE`.
        func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
            while true {
                switch machine.bodyArrived(count: bytes.count, now: .now) {
                case .decideHead:
                    decideHead()
                case .write:
                    return write(bytes)
                case .pause:
                    return Int(CURL_WRITEFUNC_PAUSE)
                case .keep(let count):
                    let isEnough = machine.kept(Data(bytes.prefix(count)))
                    // A short count aborts the transfer once enough of the error body is kept.
                    return isEnough ? 0 : bytes.count
                case .abort:
                    return 0
                }
            }
        }

        /// Hands the final response's head out if it is a success, or starts keeping the error body;
        /// at the end of the head, or failing that at the first body byte or the end.
        private func decideHead() {
            let status = self.status ?? easy.integer(CURLINFO_RESPONSE_CODE)
            let url = currentURL
            guard machine.headArrived(status: status, url: url) else { return }
            let response = HTTPChunks.Response(
                statusCode: status,
                url: url,
                headers: headers,
                expectedContentLength: easy.offset(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)
            )
            progress.expect(response.expectedContentLength)
            promise.settle(.success(response))
        }

        private func write(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return bytes.count }
            let result: ByteChunkStream.Source.WriteResult
            do {
                result = try source.write(Data(bytes: base, count: bytes.count))
            } catch {
                // The consumer went away; its cancellation is on its way to this thread.
                machine.consumerLeft()
                return 0
            }
            progress.record(received: easy.offset(CURLINFO_SIZE_DOWNLOAD_T) ?? 0, decoded: bytes.count)
            if case .enqueueCallback(let token) = result {
                machine.consumerIsFull()
                let id = id
                let resume = resume
                source.enqueueCallback(token: token) { outcome in
                    // Only a drained buffer resumes; a consumer that left cancels the transfer instead.
                    if case .success = outcome { resume(id) }
                }
            }
            return bytes.count
        }

        // MARK: Commands and completion (on the I/O thread, outside libcurl's callbacks)

        /// The consumer drained its buffer.
        func consumerHasRoom() {
            if machine.consumerHasRoom(now: .now) { easy.unpause() }
        }

        /// libcurl finished the transfer with `code`.
        func complete(_ code: CURLcode) {
            if code == CURLE_OK, case .awaitingHead = machine.phase { decideHead() }
            switch machine.finish(succeeded: code == CURLE_OK) {
            case .succeeded:
                // The last bytes on the wire may have decoded to nothing (a gzip trailer).
                progress.record(received: easy.offset(CURLINFO_SIZE_DOWNLOAD_T) ?? 0, decoded: 0)
                progress.finish()
                source.finish()
            case .refused(let status, let url, let prefix):
                fail(.unacceptableStatus(status, url: url, bodyPrefix: prefix))
            case .failed:
                fail(CurlFailure.error(for: code, of: easy, url: currentURL, request: request))
            case .unreported:
                promise.settle(.failure(CancellationError()))
            }
        }

        /// The server sent nothing for the idle timeout.
        func stall() {
            let error = CurlFailure.idleError(of: easy, url: currentURL, request: request)
            switch machine.finish(succeeded: false) {
            case .refused(let status, let url, let prefix):
                fail(.unacceptableStatus(status, url: url, bodyPrefix: prefix))
            case .succeeded, .failed:
                fail(error)
            case .unreported:
                promise.settle(.failure(CancellationError()))
            }
        }

        /// The consumer went away before the end.
        func cancel() {
            machine.consumerLeft()
            promise.settle(.failure(CancellationError()))
        }

        private func fail(_ error: XMLHTTPError) {
            promise.settle(.failure(error))
            source.finish(throwing: error)
        }
    }
#endif
