import XMLEventsInput

#if canImport(CCurl)
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

    /// What other threads ask of the I/O thread, which alone touches libcurl's handles.
    enum CurlCommand: Sendable {
        /// Start a transfer.
        case start(CurlTransfer.Order)
        /// The consumer drained its buffer: unpause the transfer if it is paused.
        case resume(id: UInt64)
        /// The consumer went away: abort the transfer and close its connection.
        case cancel(id: UInt64)
    }
#endif
