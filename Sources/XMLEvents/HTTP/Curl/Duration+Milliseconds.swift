#if HTTP && canImport(CCurl)
    extension Duration {
        /// Whole milliseconds, rounded up so that a wait never ends before its deadline; libcurl
        /// counts its timeouts and its poll in milliseconds. Callers keep durations far from
        /// `Int64.max` milliseconds (see ``HTTPTransferRequest``).
        var roundedUpMilliseconds: Int64 {
            let (seconds, attoseconds) = components
            return seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        }
    }
#endif
