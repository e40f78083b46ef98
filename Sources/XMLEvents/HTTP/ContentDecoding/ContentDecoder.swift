#if HTTP && canImport(CCurl)
    /// One content coding's streaming decoder: it turns as much of its input into as much output
    /// as fits, never more, so that what it produces is only what its reader asked for.
    ///
    /// Implementations are classes because the C state they wrap must not move.
    protocol ContentDecoder: AnyObject {
        /// Decodes from the start of `input` into `output`.
        ///
        /// A call that consumes nothing and produces nothing needs more input than it was given.
        /// Output may remain inside the decoder when `output` was filled: call again.
        ///
        /// - Returns: How many bytes of `input` were consumed and of `output` written.
        /// - Throws: ``ContentDecodingFailure`` when the input is not in the decoder's coding.
        func decode(
            _ input: UnsafeRawBufferPointer,
            into output: UnsafeMutableRawBufferPointer
        ) throws(ContentDecodingFailure) -> (consumed: Int, produced: Int)

        /// Whether the input decoded so far ends a complete stream (its last frame, member or
        /// meta-block, with any trailer), so that the body may end here.
        var isAtEnd: Bool { get }
    }

    extension XMLHTTPContentCoding {
        /// A new decoder for one body in this coding.
        func makeDecoder() throws(ContentDecodingFailure) -> any ContentDecoder {
            switch self {
            case .gzip: try ZlibContentDecoder(format: .gzip)
            case .deflate: try ZlibContentDecoder(format: .deflate)
            case .brotli: try BrotliContentDecoder()
            case .zstd: try ZstdContentDecoder()
            }
        }
    }
#endif

/// Why a body could not be decoded, in words for ``XMLHTTPError/undecodableContent(url:reason:)``.
struct ContentDecodingFailure: Error, Equatable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
