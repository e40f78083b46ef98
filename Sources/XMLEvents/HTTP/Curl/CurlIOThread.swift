#if HTTP && canImport(CCurl)
    import Foundation

    import ThreadSafety

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

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
                Self.nameCurrentThread("xmlevents-http")
                CurlIOLoop(mailbox: mailbox).run()
            }
            thread.start()
        }

        /// Names the calling thread, for debuggers and `/proc`. `Thread.name` is not enough on
        /// Linux: set before `start()` it is ignored, and set by the new thread it races with
        /// `start()` recording the thread's handle; `pthread_setname_np` is not imported.
        private static func nameCurrentThread(_ name: String) {
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = name.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
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
