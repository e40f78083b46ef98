#if Compression && canImport(CZlib) && canImport(CBzip2) && canImport(CLZMA) && canImport(CZstd)
    /// The decoder of each format for a whole document, made on the reader's task and handed to
    /// the decompression thread.
    enum DocumentDecoders {
        /// A new decoder for one document in `format`.
        static func make(_ format: XMLDecompression.Format) throws(StreamDecoderFailure) -> (any StreamDecoder)? {
            switch format {
            case .gzip: try ZlibStreamDecoder(format: .gzip, allowsZeroPadding: true)
            case .bzip2: try Bzip2StreamDecoder()
            case .xz: try XZStreamDecoder()
            case .zstd: try ZstdStreamDecoder(maximumWindowLog: ZstdStreamDecoder.documentWindowLog)
            }
        }

        /// Why ``make(_:)`` gives no decoder: it always gives one here.
        static let unavailability = ""
    }
#else
    /// The decoder of each format for a whole document: none in a build without the
    /// `Compression` trait, or on a platform other than Linux.
    enum DocumentDecoders {
        /// No decoder: see ``unavailability``.
        static func make(_ format: XMLDecompression.Format) throws(StreamDecoderFailure) -> (any StreamDecoder)? {
            nil
        }

        /// Why ``make(_:)`` gives no decoder, for the error's message.
        #if Compression
            static let unavailability = "this platform's build of XMLEvents decompresses on Linux only"
        #else
            static let unavailability = "XMLEvents was built without its Compression trait"
        #endif
    }
#endif
