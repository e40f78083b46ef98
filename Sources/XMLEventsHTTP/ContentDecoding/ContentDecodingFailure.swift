import XMLEventsInput
import XMLEventsStreamDecoders

#if canImport(CCurl)
    extension XMLHTTPContentCoding {
        /// A new decoder for one body in this coding.
        func makeDecoder() throws(StreamDecoderFailure) -> any StreamDecoder {
            switch self {
            case .gzip: try ZlibStreamDecoder(format: .gzip)
            case .deflate: try ZlibStreamDecoder(format: .deflate)
            case .brotli: try BrotliContentDecoder()
            case .zstd: try ZstdStreamDecoder(maximumWindowLog: ZstdStreamDecoder.contentCodingWindowLog)
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

    /// A decoder's failure, in the words of a body: "the body is not valid gzip: …".
    init(_ failure: StreamDecoderFailure) {
        switch failure.kind {
        case .corrupt, .windowTooLarge: reason = "the body is not valid \(failure.format): \(failure.detail)"
        case .trailingData, .failed: reason = failure.detail
        }
    }
}
