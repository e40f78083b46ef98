#if HTTP && canImport(CCurl)
    import ThreadSafety

    /// The commands waiting for the I/O thread, and the means to wake it: the only way into the
    /// I/O thread from any other.
    struct CurlMailbox: Sendable {
        let multi: CurlMultiHandle
        private let commands = LockedState<[CurlCommand]>([])

        init(multi: CurlMultiHandle) {
            self.multi = multi
        }

        /// Queues `command` and wakes the I/O thread; callable from any thread.
        func post(_ command: CurlCommand) {
            commands.withLock { $0.append(command) }
            multi.wakeup()
        }

        /// Every command posted since the last call, in order; on the I/O thread.
        func takeAll() -> [CurlCommand] {
            commands.withLock { commands in
                defer { commands.removeAll(keepingCapacity: true) }
                return commands
            }
        }
    }
#endif
