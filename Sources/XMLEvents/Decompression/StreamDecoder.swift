/// One compression format's streaming decoder: it turns as much of its input into as much output
/// as fits, never more, so that what it produces is only what its reader asked for. The
/// decompression stage of documents and the HTTP client's content decoding share them.
///
/// Implementations are classes because the C state they wrap must not move.
protocol StreamDecoder: AnyObject {
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
}

extension StreamDecoder {
    /// Nothing more to write: the formats whose streams say where they end.
    func finish(into output: UnsafeMutableRawBufferPointer) throws(StreamDecoderFailure) -> Int { 0 }
}

/// Why a decoder stopped: its kind, the format, and the library's own words.
struct StreamDecoderFailure: Error, Equatable {
    enum Kind: Equatable {
        /// The input is not valid in the format.
        case corrupt
        /// Bytes follow the end of a stream that cannot be followed by another.
        case trailingData
        /// The stream asks for more memory than the decoder allows.
        case windowTooLarge
        /// The library could not allocate memory, or failed without saying why.
        case failed
    }

    let kind: Kind
    /// The format's name: `gzip`, `deflate`, `zstd`, `bzip2`, `xz`, `brotli`.
    let format: String
    let detail: String

    init(_ kind: Kind, format: String, _ detail: String) {
        self.kind = kind
        self.format = format
        self.detail = detail
    }
}
