import XMLEventsInput

#if canImport(CCurl)
    import Foundation

    import ThreadSafety

    /// The one thread that runs every libcurl transfer of the process, and its mailbox.
    ///
    /// Started on first use and kept for the life of the process: it sleeps in `curl_multi_poll`
    /// while there is nothing to do, so a thousand transfers, one after another or at once, cost
    /// one thread. Other threads never touch libcurl; they post a ``CurlCommand`` and wake it.
    final class CurlIOThread: Sendable {
        /// The thread, or `nil` if libcurl could not be set up (every transfer then fails).
        static let shared = CurlIOThread()

        private let mailbox: CurlMailbox
        private let nextID = LockedState<UInt64>(0)

        private init?() {
            guard let multi = CurlMultiHandle() else { return nil }
            let mailbox = CurlMailbox(multi: multi)
            self.mailbox = mailbox
            let thread = Thread {
                CurrentThread.setName("xmlevents-http")
                CurlIOLoop(mailbox: mailbox).run()
            }
            thread.start()
        }

        /// A new transfer id, never 0 (libcurl's private pointer carries it, and 0 is null).
        func makeTransferID() -> UInt64 {
            nextID.withLock { id in
                id += 1
                return id
            }
        }

        /// Queues `command` and wakes the I/O thread; callable from any thread.
        func post(_ command: CurlCommand) {
            mailbox.post(command)
        }
    }
#endif
