extension LoopbackResponse {
    /// A `Content-Encoding` applied on the fly with zlib, chunk by chunk as the body streams.
    ///
    /// Every chunk the body yields is compressed and flushed (`Z_SYNC_FLUSH`) before the next
    /// is asked for, so a client can decode each one as soon as it arrives, and a stall or a
    /// close mid-body falls on a boundary the client can decode up to. Compression uses level 1,
    /// as nginx does by default: fast, and XML still shrinks several times over.
    public enum ContentEncoding: Sendable, Equatable {
        /// No coding; no `Content-Encoding` header.
        case identity

        /// `gzip`: deflate in a gzip wrapper (RFC 1952), zlib `windowBits` 15 + 16.
        case gzip

        /// `deflate` as HTTP defines it: deflate in a zlib wrapper (RFC 1950), `windowBits` 15.
        case deflate

        /// Labelled `deflate` but sent as a raw deflate stream (RFC 1951, `windowBits` -15),
        /// as some servers wrongly do; for testing a client's tolerance of them.
        case rawDeflate

        /// The value of the `Content-Encoding` header, or `nil` for ``identity``.
        var headerValue: String? {
            switch self {
            case .identity: nil
            case .gzip: "gzip"
            case .deflate, .rawDeflate: "deflate"
            }
        }

        /// The `windowBits` argument of zlib's `deflateInit2` that selects the wrapper.
        var windowBits: Int32? {
            switch self {
            case .identity: nil
            case .gzip: 15 + 16
            case .deflate: 15
            case .rawDeflate: -15
            }
        }
    }
}
