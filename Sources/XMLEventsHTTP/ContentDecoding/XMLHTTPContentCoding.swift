import XMLEventsInput

/// A content coding (RFC 9110 §8.4.1) the HTTP client can ask for and decode itself, as the
/// parser asks for bytes: see ``XMLHTTPConfiguration/acceptedContentCodings``.
///
/// The raw value is the coding's token in `Accept-Encoding` and `Content-Encoding`.
public enum XMLHTTPContentCoding: String, Sendable, Hashable, CaseIterable {
    /// `gzip` (RFC 1952), decoded with zlib; a window of 32 KiB.
    case gzip

    /// `deflate`: zlib's format (RFC 1950), or a bare deflate stream (RFC 1951) as some servers
    /// send under this name; decoded with zlib, a window of 32 KiB.
    case deflate

    /// `br`, Brotli (RFC 7932), decoded with libbrotlidec; a window of up to 16 MiB, as large as
    /// the server chooses.
    case brotli = "br"

    /// `zstd`, Zstandard (RFC 8878, RFC 9659), decoded with libzstd; a window of up to 8 MiB
    /// (what RFC 9659 lets a server use), larger ones are refused.
    case zstd
}
