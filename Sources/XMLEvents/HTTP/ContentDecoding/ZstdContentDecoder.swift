#if HTTP && canImport(CCurl)
    import CZstd

    /// `zstd` with libzstd's streaming decoder: its state and a window of at most 8 MiB per body
    /// (a frame that asks for more is refused), whatever the ratio.
    ///
    /// A body may hold several frames one after the other, as RFC 8878 allows.
    final class ZstdContentDecoder: ContentDecoder {
        /// RFC 9659 §3: servers must not use a window larger than 8 MB, so clients need no more.
        static let maximumWindowLog: Int32 = 23

        private let context: OpaquePointer
        private var isAtFrameEnd = false

        init() throws(ContentDecodingFailure) {
            guard let context = ZSTD_createDCtx() else { throw ContentDecodingFailure("libzstd could not start") }
            self.context = context
            let code = ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, Self.maximumWindowLog)
            guard ZSTD_isError(code) == 0 else {
                ZSTD_freeDCtx(context)
                throw ContentDecodingFailure("libzstd refused its window limit")
            }
        }

        deinit {
            ZSTD_freeDCtx(context)
        }

        var isAtEnd: Bool { isAtFrameEnd }

        func decode(
            _ input: UnsafeRawBufferPointer,
            into output: UnsafeMutableRawBufferPointer
        ) throws(ContentDecodingFailure) -> (consumed: Int, produced: Int) {
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
            let hint = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
            guard ZSTD_isError(hint) == 0 else {
                let name = String(cString: ZSTD_getErrorName(hint))
                throw ContentDecodingFailure("the body is not valid zstd: \(name)")
            }
            // 0: a frame is complete and flushed. A call with nothing to do says nothing new.
            if inBuffer.pos > 0 || outBuffer.pos > 0 { isAtFrameEnd = hint == 0 }
            return (inBuffer.pos, outBuffer.pos)
        }
    }
#endif
