import XMLEventsInput

#if canImport(CCurl)
    import CCurl
    import Foundation

    /// One transfer on the I/O thread: its easy handle, what libcurl's callbacks deliver, and
    /// where it goes — the consumer's ``ByteChunkStream``, the response promise, the progress.
    ///
    /// A transfer is one request or several: redirects are followed here, one request after the
    /// other on the same easy handle, so that exactly ``HTTPRedirect/followedStatuses`` are; and a
    /// body that breaks off is continued here, after a back-off, by a request for the bytes it
    /// lacks (see ``HTTPResumption``), written to the same buffer, so that the consumer's side,
    /// its content decoders and its parser see one unbroken body.
    ///
    /// Lives only on the I/O thread, owned by the ``CurlIOLoop`` from the moment its handle is
    /// added to the multi handle until it is removed, so libcurl's callbacks, which get it as a
    /// bare pointer, always find it alive.
    final class CurlTransfer {
        /// What the consumer's side hands to the I/O thread to start a transfer.
        struct Order: Sendable {
            let id: UInt64
            let request: HTTPTransferRequest
            let source: XMLByteSource.Writer
            let promise: HTTPResponsePromise
            let progress: XMLSourceProgress
        }

        /// What the I/O loop does with the transfer once one of its requests has ended.
        enum Next: Equatable {
            /// Nothing: the transfer is over, and has reported how.
            case over
            /// Add the handle again: the next request (a redirect's) is set up.
            case proceed
            /// Keep the transfer out of the multi handle until `wake`, then call
            /// ``backoffEnded(now:)``: a continuation waits for its back-off.
            case wait(until: ContinuousClock.Instant)
        }

        let id: UInt64
        let easy: CurlEasyHandle
        /// The request of the current hop: the order's, or the one a redirect made of it.
        private var request: HTTPTransferRequest
        private var requestedURL: URL
        private let source: XMLByteSource.Writer
        private let promise: HTTPResponsePromise
        private let progress: XMLSourceProgress
        /// Posts a resumption to the I/O thread; called from whichever thread drains the buffer.
        private let resume: @Sendable (UInt64) -> Void
        private var machine: CurlTransferStateMachine
        /// The head of the response being received.
        private var head = CurlResponseHead()
        /// The content codings of an error response's body, to decode its excerpt.
        private var errorBodyCodings: [XMLHTTPContentCoding] = []
        private var redirectCount = 0
        /// The request a redirect leads to, started when libcurl has ended the current one.
        private var nextHop: HTTPTransferRequest?
        /// The sockets of every connection, to find this request's.
        private let sockets: CurlConnectionSockets
        /// Sockets libcurl created for this request; one of them becomes its connection.
        private var newSockets: [Int32] = []
        /// The socket of this request's connection, once it is about to go out.
        private var socket: Int32?
        /// The bytes the kernel had received on the connection at the last complete header line
        /// (or when the request went out), to tell a trickled head from silence.
        private var socketBytesAtLastLine: Int64?
        /// The body's bytes over its requests, and what a continuation must be.
        private var resumption: HTTPResumption
        /// The request whose response the body is (the last hop of the first request): what a
        /// continuation repeats, with a range.
        private var bodyRequest: HTTPTransferRequest?

        /// Prepares the transfer, or fails the order's promise and stream and returns `nil`.
        init?(
            _ order: Order,
            now: ContinuousClock.Instant,
            sockets: CurlConnectionSockets,
            resume: @escaping @Sendable (UInt64) -> Void
        ) {
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
            self.sockets = sockets
            self.resume = resume
            resumption = HTTPResumption(policy: order.request.resumption, request: order.request)
            machine = CurlTransferStateMachine(
                idleTimeout: order.request.idleTimeout,
                totalTimeout: order.request.totalTimeout,
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
            if let error = setUp(url) {
                Self.fail(order, error)
                return nil
            }
        }

        /// Sets the easy handle up for the current request; returns why it could not be.
        private func setUp(_ url: URL) -> XMLHTTPError? {
            do {
                try CurlRequestSetup.apply(request, url: url, id: id, to: easy)
                try CurlCallbacks.install(on: easy, for: self)
                return nil
            } catch {
                let message = String(cString: curl_easy_strerror(error.code))
                return .transferFailed(url: url, code: Int(error.code.rawValue), message: message)
            }
        }

        private static func fail(_ order: Order, _ error: XMLHTTPError) {
            order.promise.settle(.failure(error))
            order.source.finish(throwing: error)
        }

        /// When the I/O loop must act on this transfer if nothing happens: its total or its idle
        /// deadline, whichever comes first.
        var deadline: ContinuousClock.Instant? {
            machine.deadline
        }

        private var currentURL: URL {
            easy.string(CURLINFO_EFFECTIVE_URL).flatMap { URL(string: $0) } ?? requestedURL
        }

        // MARK: libcurl's callbacks (on the I/O thread, inside libcurl)

        /// `SO_RCVBUF` for this transfer's new sockets, if it sets one.
        var receiveBufferSize: Int? {
            request.socketReceiveBufferSize
        }

        /// libcurl created `socket` for this request, before connecting it.
        func socketCreated(_ socket: Int32) {
            newSockets.append(socket)
        }

        /// The connection (new or reused, with local port `localPort`) is ready and the request is
        /// about to go out.
        func requestWillGoOut(localPort: Int32) {
            socket = sockets.socket(localPort: localPort, amongNew: newSockets)
            newSockets = []
            socketBytesAtLastLine = socketBytesReceived
        }

        /// The bytes the kernel has received on this request's connection so far.
        private var socketBytesReceived: Int64? {
            socket.flatMap(CurlConnectionSockets.bytesReceived(on:))
        }

        /// One header line, with its line end; returns whether to go on.
        func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
            machine.headerArrived(now: .now)
            guard case .awaitingHead = machine.phase else { return true }  // trailers
            socketBytesAtLastLine = socketBytesReceived
            switch head.add(line) {
            case .more:
                return true
            case .tooLarge:
                return refuse(.headerTooLarge(url: currentURL, limit: CurlResponseHead.maximumByteCount))
            case .complete:
                return endOfHead()
            }
        }

        /// A head is complete: follow it if it is a redirect, hand it out if it is final; an
        /// interim response (`100 Continue`) waits for the next. A continuation's redirect is
        /// never followed: its verdict refuses it. Returns whether to go on.
        private func endOfHead() -> Bool {
            guard let status = head.status, !(100..<200).contains(status) else { return true }
            guard !resumption.isContinuation, HTTPRedirect.followedStatuses.contains(status),
                request.maximumRedirects > 0, let target = redirectTarget()
            else { return decideHead() }
            let from = currentURL
            guard redirectCount < request.maximumRedirects else {
                return refuse(.tooManyRedirects(url: from, limit: request.maximumRedirects))
            }
            let next = HTTPRedirect.request(following: status, to: target, from: request, at: from)
            if let refusal = next.unsupportedReason { return refuse(refusal) }
            redirectCount += 1
            nextHop = next
            // Ends this request without its body; ``complete(_:)`` starts the next one.
            return false
        }

        /// The absolute URL the head's `Location` names: as libcurl resolved it, or failing that
        /// as Foundation does; `nil` without a usable `Location`.
        private func redirectTarget() -> URL? {
            guard let location = head.fields.first(where: { $0.name.lowercased() == "location" })?.value else {
                return nil
            }
            if let resolved = easy.string(CURLINFO_REDIRECT_URL).flatMap({ URL(string: $0) }) { return resolved }
            return URL(string: location, relativeTo: currentURL)?.absoluteURL
        }

        /// Body bytes, as sent (libcurl does not decode them); returns how many were taken, or
        /// `CURL_WRITEFUNC_PAUSE`.
        func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
            while true {
                switch machine.bodyArrived(count: bytes.count, now: .now) {
                case .decideHead:
                    _ = decideHead()
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
        /// at the end of the head, or failing that at the first body byte or the end. A success
        /// whose body cannot be accepted (a coding not asked for, a `Content-Length` over the
        /// limit) fails the transfer instead. Returns whether to go on.
        private func decideHead() -> Bool {
            let status = head.status ?? easy.integer(CURLINFO_RESPONSE_CODE)
            let url = currentURL
            if resumption.isContinuation {
                switch resumption.verdict(status: status, fields: head.fields) {
                case .accept:
                    _ = machine.headArrived(status: status, url: url)
                    progress.recordResumption(expecting: resumption.completeLength)
                    return true
                case .refuse(let reason, let contentRange, let refusedStatus):
                    return refuse(
                        .resumptionRefused(
                            url: url, receivedByteCount: resumption.receivedByteCount, reason: reason,
                            contentRange: contentRange, status: refusedStatus))
                case .otherStatus:
                    break  // an error status, reported as it would be for the first request
                }
            }
            if status == 304 {
                // Not an error body to keep: the answer to a conditional request, head only.
                let response = XMLHTTPResponse(
                    statusCode: status, url: url, headers: head.fields,
                    expectedContentLength: easy.offset(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T))
                promise.settle(.success(response))
                return refuse(.notModified(response))
            }
            guard machine.headArrived(status: status, url: url) else {
                errorBodyCodings =
                    (try? ContentCodingList.codings(in: head.fields, accepted: XMLHTTPContentCoding.allCases)) ?? []
                return !machine.isOver
            }
            let expectedLength = easy.offset(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)
            if request.method.uppercased() != "HEAD" && status != 204 && status != 304 {
                let codings: [XMLHTTPContentCoding]
                do {
                    codings = try ContentCodingList.codings(in: head.fields, accepted: request.acceptedContentCodings)
                } catch {
                    return refuse(.undecodableContent(url: url, reason: error.reason))
                }
                if let limit = request.maximumBodyByteCount, codings.isEmpty, let expectedLength, expectedLength > limit
                {
                    return refuse(.bodyTooLarge(url: url, limit: limit))
                }
            }
            let verdict = resumption.firstResponse(status: status, fields: head.fields, contentLength: expectedLength)
            if case .partialContentMismatch(let contentRange) = verdict {
                return refuse(.partialContentMismatch(url: url, contentRange: contentRange))
            }
            let response = XMLHTTPResponse(
                statusCode: status,
                url: url,
                headers: head.fields,
                expectedContentLength: expectedLength
            )
            bodyRequest = request
            progress.expect(response.expectedContentLength)
            promise.settle(.success(response))
            return true
        }

        /// Fails the transfer before its body with `error`; returns `false`, for libcurl to stop.
        private func refuse(_ error: XMLHTTPError) -> Bool {
            machine.consumerLeft()
            fail(error)
            return false
        }

        /// Hands body bytes on to the consumer's buffer: those that ``HTTPResumption`` lets
        /// through, which may be fewer (a re-read drops what the parser already had; a `206`
        /// stops at the end of its `Content-Range`). Returns how many were taken, or 0 to stop.
        private func write(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard !bytes.isEmpty else { return bytes.count }
            let intake = resumption.intake(bytes)
            if intake.skipped > 0 { progress.record(reread: resumption.rereadByteCount) }
            let delivered = bytes[intake.skipped..<(intake.skipped + intake.delivered)]
            if !delivered.isEmpty, !deliver(UnsafeRawBufferPointer(rebasing: delivered)) { return 0 }
            if let stop = intake.stop {
                _ = refuse(error(for: stop))
                return 0
            }
            return bytes.count
        }

        /// Why the transfer ends when a delivery must stop it.
        private func error(for stop: HTTPResumption.Stop) -> XMLHTTPError {
            let url = currentURL
            switch stop {
            case .rereadDiffers:
                return .resumptionRefused(
                    url: url, receivedByteCount: resumption.receivedByteCount, reason: .documentChanged)
            case .exceedsContentRange(let contentRange) where resumption.isContinuation:
                return .resumptionRefused(
                    url: url, receivedByteCount: resumption.receivedByteCount,
                    reason: .contentRangeExceeded, contentRange: contentRange)
            case .exceedsContentRange(let contentRange):
                return .partialContentMismatch(url: url, contentRange: contentRange)
            }
        }

        /// Writes `bytes` to the consumer's buffer; returns `false` if the consumer went away.
        private func deliver(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard let base = bytes.baseAddress else { return true }
            let result: XMLByteSource.Writer.WriteResult
            do {
                result = try source.write(Data(bytes: base, count: bytes.count))
            } catch {
                // The consumer went away; its cancellation is on its way to this thread.
                machine.consumerLeft()
                return false
            }
            progress.record(received: resumption.receivedByteCount)
            if case .enqueueCallback(let token) = result {
                machine.consumerIsFull()
                let id = id
                let resume = resume
                source.enqueueCallback(token: token) { outcome in
                    // Only a drained buffer resumes; a consumer that left cancels the transfer instead.
                    if case .success = outcome { resume(id) }
                }
            }
            return true
        }

        // MARK: Commands and completion (on the I/O thread, outside libcurl's callbacks)

        /// The consumer drained its buffer.
        func consumerHasRoom() {
            if machine.consumerHasRoom(now: .now) { easy.unpause() }
        }

        /// libcurl finished the current request with `code`; says what becomes of the transfer: the
        /// next request of a redirect, a continuation after a break, or the end.
        func complete(_ code: CURLcode, now: ContinuousClock.Instant) -> Next {
            if let next = nextHop, let url = next.url {
                nextHop = nil
                return startHop(next, url: url) ? .proceed : .over
            }
            if code == CURLE_OK, case .awaitingHead = machine.phase { _ = decideHead() }
            var wasAwaitingHead = false
            if case .awaitingHead = machine.phase { wasAwaitingHead = true }
            if code != CURLE_OK {
                let error = CurlFailure.error(
                    for: code, of: easy, url: currentURL, request: request, inHead: wasAwaitingHead)
                return interrupted(by: error, now: now)
            }
            if case .streaming = machine.phase, resumption.endedShort {
                // A response delimited by the connection's end stopped before the bytes it owes.
                let short = XMLHTTPError.truncatedBody(
                    url: currentURL, receivedByteCount: resumption.receivedByteCount,
                    expectedByteCount: resumption.completeLength)
                return interrupted(by: short, now: now)
            }
            switch machine.finish(succeeded: true) {
            case .succeeded:
                progress.record(received: resumption.receivedByteCount)
                progress.finish()
                source.finish()
            case .refused(let status, let url, let prefix):
                failRefused(status, url: url, prefix: prefix)
            case .failed:
                fail(CurlFailure.error(for: code, of: easy, url: currentURL, request: request, inHead: wasAwaitingHead))
            case .unreported:
                promise.settle(.failure(CancellationError()))
            }
            return .over
        }

        /// The current request ended with `error`, its handle out of the multi handle. A break
        /// (the body cut short, reset or silent; a continuation that could not get its answer)
        /// is resumed after a back-off when the policy and the first response allow it; anything
        /// else ends the transfer.
        func interrupted(by error: XMLHTTPError, now: ContinuousClock.Instant) -> Next {
            let error = counted(error)
            guard isBreak(error) else {
                end(with: error)
                return .over
            }
            switch resumption.planAfterBreak(randomFraction: Double.random(in: 0..<1)) {
            case .giveUp:
                end(with: error)
                return .over
            case .refuse(let reason):
                let url = bodyRequest?.url ?? currentURL
                end(with: .resumptionRefused(url: url, receivedByteCount: resumption.receivedByteCount, reason: reason))
                return .over
            case .resume(let backoff):
                machine.breakOff()
                progress.recordResumptionAttempt()
                let resumesAt = now + backoff
                // The total deadline may come first; ``backoffEnded(now:)`` tells which.
                return .wait(until: Swift.min(resumesAt, machine.deadline ?? resumesAt))
            }
        }

        /// The wait before a continuation is over, or the total deadline came first: sets the
        /// continuation up and returns `true` for its handle to be added, or ends the transfer.
        func backoffEnded(now: ContinuousClock.Instant) -> Bool {
            guard let bodyRequest, let url = bodyRequest.url else {
                end(with: .unsupportedRequest(url: requestedURL, reason: "the body has no request to continue"))
                return false
            }
            if machine.hasPassedTotalDeadline(now: now), let totalTimeout = request.totalTimeout {
                end(with: .totalTimeoutExceeded(url: url, after: totalTimeout))
                return false
            }
            var continuation = bodyRequest
            let fields = resumption.continuationFields
            continuation.headers.removeAll { header in
                fields.contains { $0.name.caseInsensitiveCompare(header.name) == .orderedSame }
            }
            continuation.headers += fields
            machine.restart(now: now)
            redirectCount = 0
            return startHop(continuation, url: url)
        }

        /// Whether `error`, ending the current request, is a break that a continuation may mend:
        /// mid-body, a body cut short, a broken connection or a silent server; for a continuation
        /// that has no answer yet, also a server that cannot be reached for now.
        private func isBreak(_ error: XMLHTTPError) -> Bool {
            switch machine.phase {
            case .streaming:
                return [.truncatedBody, .connectionLost, .stalled].contains(error.code)
            case .awaitingHead where resumption.isContinuation:
                let mendable: [XMLHTTPError.Code] = [
                    .truncatedBody, .connectionLost, .stalled, .connectionRefused, .connectTimedOut, .hostNotFound,
                    .headerTooSlow,
                ]
                return mendable.contains(error.code)
            case .awaitingHead, .keepingErrorBody, .betweenAttempts, .over:
                return false
            }
        }

        /// `error` with the body's counts over every request, rather than the last request's.
        private func counted(_ error: XMLHTTPError) -> XMLHTTPError {
            guard error.code == .truncatedBody, let url = error.url else { return error }
            return .truncatedBody(
                url: url, receivedByteCount: resumption.receivedByteCount,
                expectedByteCount: resumption.isContinuation ? resumption.completeLength : error.expectedByteCount)
        }

        /// Sets the handle up for the request a redirect leads to; returns whether it can start.
        private func startHop(_ next: HTTPTransferRequest, url: URL) -> Bool {
            request = next
            requestedURL = url
            head = CurlResponseHead()
            newSockets = []
            socket = nil
            socketBytesAtLastLine = nil
            easy.reset()
            if let error = setUp(url) {
                _ = refuse(error)
                return false
            }
            return true
        }

        /// What the passing of ``deadline`` means: the total timeout, or the server's silence (or
        /// its trickle of a head) for the idle timeout. Asked while the handle still has its
        /// connection.
        func deadlineError(now: ContinuousClock.Instant) -> XMLHTTPError {
            if machine.hasPassedTotalDeadline(now: now), let totalTimeout = request.totalTimeout {
                return .totalTimeoutExceeded(url: currentURL, after: totalTimeout)
            }
            if case .awaitingHead = machine.phase, isTricklingHead {
                return .headerTooSlow(url: currentURL, after: request.idleTimeout)
            }
            return CurlFailure.idleError(of: easy, url: currentURL, request: request)
        }

        /// Whether the server sent part of a header line since the last complete one.
        private var isTricklingHead: Bool {
            guard let before = socketBytesAtLastLine, let now = socketBytesReceived else { return false }
            return now > before
        }

        /// Ends the transfer with `error` (or with the error status whose body was being kept).
        private func end(with error: XMLHTTPError) {
            switch machine.finish(succeeded: false) {
            case .refused(let status, let url, let prefix):
                failRefused(status, url: url, prefix: prefix)
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

        /// Fails with the error status, its body's excerpt decoded from its content coding.
        private func failRefused(_ status: Int, url: URL, prefix: Data) {
            let excerpt = ContentDecodingPipeline.prefix(
                of: prefix, codings: errorBodyCodings, limit: request.maximumErrorBodyByteCount)
            fail(.unacceptableStatus(status, url: url, bodyPrefix: excerpt))
        }

        private func fail(_ error: XMLHTTPError) {
            promise.settle(.failure(error))
            source.finish(throwing: error)
        }
    }
#endif
