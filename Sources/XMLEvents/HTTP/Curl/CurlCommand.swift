#if HTTP && canImport(CCurl)
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
