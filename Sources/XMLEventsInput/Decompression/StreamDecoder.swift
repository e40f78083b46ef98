/// One compression format's streaming decoder: it turns as much of its input into as much output
/// as fits, never more, so that what it produces is only what its reader asked for. The
/// decompression stage of documents and the HTTP client's content decoding share them.
///
/// Implementations are classes because the C state they wrap must not move.
package protocol StreamDecoder: AnyObject {
    /// Decodes from the start of `input` into `output`.
    ///
    /// A call that consumes nothing and produces nothing needs more input than it was given.
    /// Output may remain inside the decoder when `output` was filled: call again.
    ///
    /// - Returns: How many bytes of `input` were consumed and of `output` written.
    /// - Throws: ``StreamDecoderFailure`` when the input is not in the decoder's format.
    func decode(
        _ input: UnsafeRawBufferPointer,
        into output: UnsafeMutableRawBufferPointer
    ) throws(StreamDecoderFailure) -> (consumed: Int, produced: Int)

    /// Tells the decoder that the input has ended and writes what it still holds into `output`;
    /// call again while it fills `output`. Only a format whose end is known from the end of the
    /// input (xz's concatenated streams) needs it.
    ///
    /// - Returns: How many bytes of `output` were written.
    func finish(into output: UnsafeMutableRawBufferPointer) throws(StreamDecoderFailure) -> Int

    /// Whether the input decoded so far ends a complete stream (its last frame, member or
    /// meta-block, with any trailer), so that the input may end here.
    var isAtEnd: Bool { get }

    /// How many of the bytes written so far are known sound: they lie in members, frames or
    /// blocks whose integrity check has passed (or that have ended, in a format without one).
    ///
    /// A decoder writes a unit's bytes before it reaches the unit's check, so the bytes after
    /// this count may still turn out corrupt.
    var checkedByteCount: Int { get }
}

extension StreamDecoder {
    /// Nothing more to write: the formats whose streams say where they end.
    package func finish(into output: UnsafeMutableRawBufferPointer) throws(StreamDecoderFailure) -> Int { 0 }

    /// None known: a decoder that does not follow its units' checks (brotli, read by HTTP's
    /// content decoding alone).
    package var checkedByteCount: Int { 0 }
}

/// Why a decoder stopped: its kind, the format, and the library's own words.
package struct StreamDecoderFailure: Error, Equatable {
    package enum Kind: Equatable {
        /// The input is not valid in the format.
        case corrupt
        /// Bytes follow the end of a stream that cannot be followed by another.
        case trailingData
        /// The stream asks for more memory than the decoder allows.
        case windowTooLarge
        /// The library could not allocate memory, or failed without saying why.
        case failed
    }

    package let kind: Kind
    /// The format's name: `gzip`, `deflate`, `zstd`, `bzip2`, `xz`, `brotli`.
    package let format: String
    package let detail: String
    /// How many bytes of the failing call's input the decoder had read when it failed, where the
    /// library says (zlib, libbz2, liblzma, and this package's own checks); else 0, the call's
    /// start.
    package let consumed: Int

    package init(_ kind: Kind, format: String, _ detail: String, consumed: Int = 0) {
        self.kind = kind
        self.format = format
        self.detail = detail
        self.consumed = consumed
    }
}
