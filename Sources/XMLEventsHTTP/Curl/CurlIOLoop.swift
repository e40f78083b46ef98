import XMLEventsInput

#if canImport(CCurl)
    import CCurl
    import Foundation

    /// The I/O thread's work: carry out the posted commands, let libcurl move every transfer on,
    /// report the finished ones (or start their redirect's next request, or their continuation's
    /// back-off), fail or resume the stalled and the late ones, start the continuations whose
    /// back-off is over, then sleep until a socket, a timer or a command needs it. Never returns.
    ///
    /// Created on the I/O thread and never leaves it, so its transfers need no lock.
    final class CurlIOLoop {
        /// The longest sleep when no timer is due; any command wakes the thread earlier.
        private static let longestSleep: Int32 = 60_000

        private let multi: CurlMultiHandle
        private let mailbox: CurlMailbox
        /// The transfers whose handle is in the multi handle.
        private var transfers: [UInt64: CurlTransfer] = [:]
        /// The transfers waiting out the back-off before a continuation, their handle out of the
        /// multi handle, with when each is due.
        private var waiting: [UInt64: (transfer: CurlTransfer, wake: ContinuousClock.Instant)] = [:]
        private let sockets = CurlConnectionSockets()

        init(mailbox: CurlMailbox) {
            self.mailbox = mailbox
            multi = mailbox.multi
        }

        func run() -> Never {
            while true {
                for command in mailbox.takeAll() { execute(command) }
                multi.perform()
                while let completion = multi.nextCompletion() { complete(completion) }
                let now = ContinuousClock.now
                failOverdueTransfers(now: now)
                wakeWaitingTransfers(now: now)
                multi.poll(milliseconds: sleepTime(now: now))
            }
        }

        private func execute(_ command: CurlCommand) {
            switch command {
            case .start(let order):
                start(order)
            case .resume(let id):
                (transfers[id] ?? waiting[id]?.transfer)?.consumerHasRoom()
            case .cancel(let id):
                if let transfer = transfers[id] {
                    transfer.cancel()
                    remove(transfer)
                } else if let entry = waiting.removeValue(forKey: id) {
                    // Cancelled during its back-off: no request is outstanding, so it simply ends.
                    entry.transfer.cancel()
                }
            }
        }

        private func start(_ order: CurlTransfer.Order) {
            let resume: @Sendable (UInt64) -> Void = { [mailbox] id in mailbox.post(.resume(id: id)) }
            guard let transfer = CurlTransfer(order, now: .now, sockets: sockets, resume: resume) else { return }
            add(transfer)
        }

        /// Puts the transfer's handle in the multi handle, or fails the transfer if it cannot go.
        private func add(_ transfer: CurlTransfer) {
            guard multi.add(transfer.easy) else {
                carry(transfer, on: transfer.complete(CURLE_FAILED_INIT, now: .now))
                return
            }
            transfers[transfer.id] = transfer
        }

        private func complete(_ completion: CurlMultiHandle.Completion) {
            guard let transfer = transfers[completion.id] else { return }
            // Removed first: the consumer may start its next transfer as soon as it hears the end.
            remove(transfer)
            carry(transfer, on: transfer.complete(completion.code, now: .now))
        }

        /// Does what the transfer asked for once a request of it ended.
        private func carry(_ transfer: CurlTransfer, on next: CurlTransfer.Next) {
            switch next {
            case .over:
                break
            case .proceed:
                // A redirect: the same transfer goes on with its next request.
                add(transfer)
            case .wait(let wake):
                waiting[transfer.id] = (transfer, wake)
            }
        }

        private func failOverdueTransfers(now: ContinuousClock.Instant) {
            for transfer in transfers.values {
                guard let deadline = transfer.deadline, deadline <= now else { continue }
                // Read while the handle still has its connection: it tells a trickle from silence.
                let error = transfer.deadlineError(now: now)
                remove(transfer)
                carry(transfer, on: transfer.interrupted(by: error, now: now))
            }
        }

        /// Starts the continuations whose back-off is over (or fails those whose total deadline
        /// came first).
        private func wakeWaitingTransfers(now: ContinuousClock.Instant) {
            for (id, entry) in waiting where entry.wake <= now {
                waiting[id] = nil
                if entry.transfer.backoffEnded(now: now) { add(entry.transfer) }
            }
        }

        /// Takes the handle out of the multi handle; the transfer (and with it the easy handle and
        /// its connection, unless libcurl may reuse it) goes when the caller lets it go.
        private func remove(_ transfer: CurlTransfer) {
            multi.remove(transfer.easy)
            transfers[transfer.id] = nil
        }

        /// Until the earliest deadline or back-off, at most ``longestSleep``; libcurl shortens it
        /// for its own timers.
        private func sleepTime(now: ContinuousClock.Instant) -> Int32 {
            let deadlines = transfers.values.compactMap(\.deadline) + waiting.values.map(\.wake)
            guard let earliest = deadlines.min() else { return Self.longestSleep }
            let milliseconds = (earliest - now).roundedUpMilliseconds
            return Int32(clamping: max(0, min(Int64(Self.longestSleep), milliseconds)))
        }
    }
#endif
