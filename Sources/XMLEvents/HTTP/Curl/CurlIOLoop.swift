#if os(Linux) && canImport(CCurl)
    import CCurl
    import Foundation

    /// The I/O thread's work: carry out the posted commands, let libcurl move every transfer on,
    /// report the finished ones (or start their redirect's next request), fail the stalled and the
    /// late ones, then sleep until a socket, a timer or a command needs it. Never returns.
    ///
    /// Created on the I/O thread and never leaves it, so its transfers need no lock.
    final class CurlIOLoop {
        /// The longest sleep when no timer is due; any command wakes the thread earlier.
        private static let longestSleep: Int32 = 60_000

        private let multi: CurlMultiHandle
        private let mailbox: CurlMailbox
        private var transfers: [UInt64: CurlTransfer] = [:]
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
                multi.poll(milliseconds: sleepTime(now: now))
            }
        }

        private func execute(_ command: CurlCommand) {
            switch command {
            case .start(let order):
                start(order)
            case .resume(let id):
                transfers[id]?.consumerHasRoom()
            case .cancel(let id):
                guard let transfer = transfers[id] else { return }
                transfer.cancel()
                remove(transfer)
            }
        }

        private func start(_ order: CurlTransfer.Order) {
            let resume: @Sendable (UInt64) -> Void = { [mailbox] id in mailbox.post(.resume(id: id)) }
            guard let transfer = CurlTransfer(order, now: .now, sockets: sockets, resume: resume) else { return }
            guard multi.add(transfer.easy) else {
                _ = transfer.complete(CURLE_FAILED_INIT)
                return
            }
            transfers[transfer.id] = transfer
        }

        private func complete(_ completion: CurlMultiHandle.Completion) {
            guard let transfer = transfers[completion.id] else { return }
            // Removed first: the consumer may start its next transfer as soon as it hears the end.
            remove(transfer)
            guard transfer.complete(completion.code) else { return }
            // A redirect: the same transfer goes on with its next request.
            guard multi.add(transfer.easy) else {
                _ = transfer.complete(CURLE_FAILED_INIT)
                return
            }
            transfers[transfer.id] = transfer
        }

        private func failOverdueTransfers(now: ContinuousClock.Instant) {
            for transfer in transfers.values {
                guard let deadline = transfer.deadline, deadline <= now else { continue }
                let error = transfer.deadlineError(now: now)
                remove(transfer)
                transfer.end(with: error)
            }
        }

        /// Takes the handle out of the multi handle; the transfer (and with it the easy handle and
        /// its connection, unless libcurl may reuse it) goes when the caller lets it go.
        private func remove(_ transfer: CurlTransfer) {
            multi.remove(transfer.easy)
            transfers[transfer.id] = nil
        }

        /// Until the earliest deadline, at most ``longestSleep``; libcurl shortens it for its own
        /// timers.
        private func sleepTime(now: ContinuousClock.Instant) -> Int32 {
            let deadlines = transfers.values.compactMap(\.deadline)
            guard let earliest = deadlines.min() else { return Self.longestSleep }
            let milliseconds = (earliest - now).roundedUpMilliseconds
            return Int32(clamping: max(0, min(Int64(Self.longestSleep), milliseconds)))
        }
    }
#endif
