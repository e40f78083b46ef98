extension Duration {
    /// This duration as a `poll` timeout: whole milliseconds, rounded up so that a wait never ends
    /// early, and clamped to what `poll` accepts.
    var pollTimeout: Int32 {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        let partial = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds.partialValue + partial)
    }
}
