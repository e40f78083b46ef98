import XMLEventsInput
import XMLEventsStreamDecoders

#if canImport(CZlib) && canImport(CBzip2) && canImport(CLZMA) && canImport(CZstd)
    /// The decoder of each format for a whole document, made on the reader's task and handed to
    /// the decompression thread: what the core's decompression stage asks this module for.
    package enum DocumentDecoders {
        /// A new decoder for one document in `format`.
        package static func make(_ format: XMLDecompression.Format) throws(StreamDecoderFailure) -> (any StreamDecoder)?
        {
            switch format {
            case .gzip: try ZlibStreamDecoder(format: .gzip, allowsZeroPadding: true)
            case .bzip2: try Bzip2StreamDecoder()
            case .xz: try XZStreamDecoder()
            case .zstd: try ZstdStreamDecoder(maximumWindowLog: ZstdStreamDecoder.documentWindowLog)
            }
        }

        /// Why ``make(_:)`` gives no decoder: it always gives one here.
        package static let unavailability = ""
    }
#else
    /// The decoder of each format for a whole document: none on a platform other than Linux.
    package enum DocumentDecoders {
        /// No decoder: see ``unavailability``.
        package static func make(_ format: XMLDecompression.Format) throws(StreamDecoderFailure) -> (any StreamDecoder)?
        {
            nil
        }

        /// Why ``make(_:)`` gives no decoder, for the error's message.
        package static let unavailability = "this platform's build of XMLEvents decompresses on Linux only"
    }
#endif
