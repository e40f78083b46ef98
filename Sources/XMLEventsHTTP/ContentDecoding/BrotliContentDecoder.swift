import XMLEventsInput

#if canImport(CCurl)
    import CBrotli

    /// `br` with libbrotlidec's streaming decoder: its state and a ring buffer that grows with the
    /// output up to the window the stream declares (16 MiB at most), whatever the ratio.
    final class BrotliContentDecoder: StreamDecoder {
        private let state: OpaquePointer
        private var hasEnded = false

        init() throws(StreamDecoderFailure) {
            guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
                throw StreamDecoderFailure(.failed, format: "brotli", "libbrotlidec could not start")
            }
            self.state = state
        }

        deinit {
            BrotliDecoderDestroyInstance(state)
        }

        var isAtEnd: Bool { hasEnded }

        func decode(
            _ input: UnsafeRawBufferPointer,
            into output: UnsafeMutableRawBufferPointer
        ) throws(StreamDecoderFailure) -> (consumed: Int, produced: Int) {
            if hasEnded {
                guard input.isEmpty else {
                    throw StreamDecoderFailure(
                        .trailingData, format: "brotli", "data follows the end of the brotli stream")
                }
                return (0, 0)
            }
            var availableIn = input.count
            var nextIn = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
            var availableOut = output.count
            var nextOut = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
            switch result {
            case BROTLI_DECODER_RESULT_ERROR:
                throw StreamDecoderFailure(.corrupt, format: "brotli", Self.explain(state))
            case BROTLI_DECODER_RESULT_SUCCESS:
                hasEnded = true
            default:
                break
            }
            return (input.count - availableIn, output.count - availableOut)
        }

        /// libbrotlidec's name for the error, such as `_ERROR_FORMAT_PADDING_1`, made readable.
        private static func explain(_ state: OpaquePointer) -> String {
            let name = String(cString: BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state)))
            let words = name.split(separator: "_").filter { $0 != "ERROR" }.map { $0.lowercased() }
            return words.isEmpty ? name : words.joined(separator: " ")
        }
    }
#endif
