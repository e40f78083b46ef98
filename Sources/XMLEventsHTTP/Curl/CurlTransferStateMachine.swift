import XMLEventsInput

#if canImport(CCurl)
    import Foundation

    /// The rules of one libcurl transfer as a plain value: where the response is (head not yet
    /// known, body streaming to the consumer, error body being kept for the error, over), whether the
    /// consumer let it flow, and when it counts as stalled. No libcurl, no lock, no clock of its own:
    /// ``CurlTransfer`` feeds it events with the time and carries out what it answers.
    ///
    /// Backpressure (`flow`): a write that fills the consumer's buffer to its high watermark is still
    /// accepted, and moves `flowing` to `pausing`; libcurl's next delivery is then refused with
    /// `CURL_WRITEFUNC_PAUSE` (libcurl keeps those bytes and delivers them again on resumption) and
    /// the transfer is `paused`. The consumer draining the buffer resumes it. Bytes already accepted
    /// are never refused, so libcurl never delivers them twice.
    ///
    /// Stalls: while the server is expected to send (`flowing`), silence longer than the idle
    /// timeout is a stall; while the transfer waits for the consumer (`pausing`, `paused`) the clock
    /// does not run, and it restarts on resumption. The total deadline runs from the start
    /// whatever happens, until the transfer is over, breaks and back-offs included.
    ///
    /// A break mid-body (``breakOff()``) does not end the transfer when it is to be resumed: it
    /// waits `betweenAttempts`, then the continuation starts again from `awaitingHead`
    /// (``restart(now:)``), keeping the consumer's flow, since the consumer's buffer is the same.
    struct CurlTransferStateMachine {
        /// Where the response is.
        enum Phase {
            /// Header lines may be arriving; no body byte has come.
            case awaitingHead
            /// A 2xx head was handed out; body bytes go to the consumer.
            case streaming
            /// A non-2xx head came; the first bytes of its body are kept for the error.
            case keepingErrorBody(status: Int, url: URL, prefix: Data)
            /// The body broke off; the request that continues it waits for its back-off. Nothing
            /// is expected from any server meanwhile.
            case betweenAttempts
            /// The transfer is over, or the consumer went away: every further byte is refused.
            case over
        }

        /// Whether the consumer lets the transfer go on.
        enum Flow {
            case flowing
            case pausing
            case paused
        }

        /// What to do with a delivery of body bytes.
        enum BodyAction: Equatable {
            /// The head must be decided first (``headArrived(status:url:)``), then ask again.
            case decideHead
            /// Write them to the consumer's buffer.
            case write
            /// Refuse them with `CURL_WRITEFUNC_PAUSE`.
            case pause
            /// Keep the first `count` of them for the error.
            case keep(count: Int)
            /// Abort the transfer (return a short count to libcurl).
            case abort
        }

        /// How a finished transfer ends for the consumer.
        enum Outcome {
            /// The body is complete.
            case succeeded
            /// The server refused: fail with the status and the kept body.
            case refused(status: Int, url: URL, prefix: Data)
            /// The transfer itself failed: fail with the transport's error.
            case failed
            /// Nobody listens any more.
            case unreported
        }

        let idleTimeout: Duration
        let maximumErrorBodyByteCount: Int
        /// When the whole transfer must be over, if it has a total timeout.
        let totalDeadline: ContinuousClock.Instant?
        private(set) var phase = Phase.awaitingHead
        private(set) var flow = Flow.flowing
        private var lastActivity: ContinuousClock.Instant

        init(
            idleTimeout: Duration,
            totalTimeout: Duration? = nil,
            maximumErrorBodyByteCount: Int,
            now: ContinuousClock.Instant
        ) {
            self.idleTimeout = idleTimeout
            self.maximumErrorBodyByteCount = maximumErrorBodyByteCount
            totalDeadline = totalTimeout.map { now + $0 }
            lastActivity = now
        }

        /// The earlier of ``idleDeadline`` and ``totalDeadline``, or `nil` once the transfer is over.
        var deadline: ContinuousClock.Instant? {
            if case .over = phase { return nil }
            guard let totalDeadline else { return idleDeadline }
            guard let idleDeadline else { return totalDeadline }
            return Swift.min(idleDeadline, totalDeadline)
        }

        /// Whether the total deadline has come.
        func hasPassedTotalDeadline(now: ContinuousClock.Instant) -> Bool {
            totalDeadline.map { $0 <= now } ?? false
        }

        /// When silence becomes a stall, or `nil` while the transfer is not waiting for the server.
        var idleDeadline: ContinuousClock.Instant? {
            guard case .flowing = flow else { return nil }
            if case .over = phase { return nil }
            return lastActivity + idleTimeout
        }

        var isOver: Bool {
            if case .over = phase { return true }
            return false
        }

        // MARK: Events

        /// A header line came.
        mutating func headerArrived(now: ContinuousClock.Instant) {
            lastActivity = now
        }

        /// Body bytes came; says what to do with them.
        mutating func bodyArrived(count: Int, now: ContinuousClock.Instant) -> BodyAction {
            lastActivity = now
            switch phase {
            case .awaitingHead:
                return .decideHead
            case .streaming:
                switch flow {
                case .flowing:
                    return .write
                case .pausing, .paused:
                    flow = .paused
                    return .pause
                }
            case .keepingErrorBody(_, _, let prefix):
                let room = maximumErrorBodyByteCount - prefix.count
                return room > 0 ? .keep(count: Swift.min(room, count)) : .abort
            case .over, .betweenAttempts:
                return .abort
            }
        }

        /// The final response's head is known (at its first body byte, or at the end of a body-less
        /// transfer); returns whether it is accepted (2xx) and must be handed out.
        mutating func headArrived(status: Int, url: URL) -> Bool {
            guard case .awaitingHead = phase else { return false }
            if (200..<300).contains(status) {
                phase = .streaming
                return true
            }
            phase = .keepingErrorBody(status: status, url: url, prefix: Data())
            return false
        }

        /// Bytes of the error body were kept; returns whether enough are kept to stop the transfer.
        mutating func kept(_ bytes: Data) -> Bool {
            guard case .keepingErrorBody(let status, let url, var prefix) = phase else { return true }
            prefix.append(bytes)
            phase = .keepingErrorBody(status: status, url: url, prefix: prefix)
            return prefix.count >= maximumErrorBodyByteCount
        }

        /// The last write filled the consumer's buffer.
        mutating func consumerIsFull() {
            if case .flowing = flow { flow = .pausing }
        }

        /// The consumer drained its buffer; returns whether libcurl must be unpaused.
        mutating func consumerHasRoom(now: ContinuousClock.Instant) -> Bool {
            let wasPaused = flow == .paused
            if flow != .flowing {
                flow = .flowing
                lastActivity = now
            }
            if case .betweenAttempts = phase { return false }
            return wasPaused && !isOver
        }

        /// The body broke off (or a continuation failed before its head), and a continuation
        /// will be asked for after a back-off.
        mutating func breakOff() {
            switch phase {
            case .streaming, .awaitingHead: phase = .betweenAttempts
            case .keepingErrorBody, .betweenAttempts, .over: break
            }
        }

        /// A continuation of the body starts: its head is awaited anew. A consumer still full
        /// pauses it at its first body byte, since the new request is not paused yet.
        mutating func restart(now: ContinuousClock.Instant) {
            guard case .betweenAttempts = phase else { return }
            phase = .awaitingHead
            lastActivity = now
            if flow == .paused { flow = .pausing }
        }

        /// The consumer went away: nothing more is delivered or reported.
        mutating func consumerLeft() {
            phase = .over
        }

        /// libcurl finished the transfer, successfully or not (`succeeded` is whether its result
        /// was `CURLE_OK`). The head must have been decided for a successful transfer.
        mutating func finish(succeeded: Bool) -> Outcome {
            defer { phase = .over }
            switch phase {
            case .over:
                return .unreported
            case .keepingErrorBody(let status, let url, let prefix):
                // Whatever stopped the transfer (our own abort, most often), the status is the news.
                return .refused(status: status, url: url, prefix: prefix)
            case .streaming:
                return succeeded ? .succeeded : .failed
            case .awaitingHead, .betweenAttempts:
                return .failed
            }
        }
    }
#endif
