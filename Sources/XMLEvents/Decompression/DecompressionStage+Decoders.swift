import XMLEventsInput

// The `Compression` trait's one gate in the core: with it, the decoders come from its module;
// without it, a compressed document is reported as such and nothing needs the libraries.
#if Compression
    import XMLEventsCompression

    extension DecompressionStage {
        /// A new decoder for one document in `format`, or `nil` where this platform has none.
        static func makeDecoder(_ format: XMLDecompression.Format) throws(StreamDecoderFailure) -> (any StreamDecoder)?
        {
            try DocumentDecoders.make(format)
        }

        /// Why ``makeDecoder(_:)`` gives no decoder, for the error's message.
        static var unavailability: String { DocumentDecoders.unavailability }
    }
#else
    extension DecompressionStage {
        /// No decoder in a build without the `Compression` trait: see ``unavailability``.
        static func makeDecoder(_ format: XMLDecompression.Format) throws(StreamDecoderFailure) -> (any StreamDecoder)?
        {
            nil
        }

        /// Why ``makeDecoder(_:)`` gives no decoder, for the error's message.
        static var unavailability: String { "XMLEvents was built without its Compression trait" }
    }
#endif
