import XMLEventsInput

#if canImport(CZstd)
    import CZstd

    /// Zstandard with libzstd's streaming decoder: its state and a window of at most
    /// 2^`maximumWindowLog` bytes (a frame that asks for more is refused), whatever the ratio.
    ///
    /// A stream may hold several frames one after the other, skippable frames among them, as
    /// RFC 8878 allows.
    package final class ZstdStreamDecoder: StreamDecoder {
        /// RFC 9659 §3: servers must not use a window larger than 8 MB, so HTTP clients need no
        /// more.
        package static let contentCodingWindowLog: Int32 = 23
        /// The zstd tool's own bound without `--memory` or `--long=31`: 128 MiB.
        package static let documentWindowLog: Int32 = 27

        private let context: OpaquePointer
        private var isAtFrameEnd = false
        private var writtenByteCount = 0
        package private(set) var checkedByteCount = 0

        package init(maximumWindowLog: Int32) throws(StreamDecoderFailure) {
            guard let context = ZSTD_createDCtx() else {
                throw StreamDecoderFailure(.failed, format: "zstd", "libzstd could not start")
            }
            self.context = context
            let code = ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, maximumWindowLog)
            guard ZSTD_isError(code) == 0 else {
                ZSTD_freeDCtx(context)
                throw StreamDecoderFailure(.failed, format: "zstd", "libzstd refused its window limit")
            }
        }

        deinit {
            ZSTD_freeDCtx(context)
        }

        package var isAtEnd: Bool { isAtFrameEnd }

        package func decode(
            _ input: UnsafeRawBufferPointer,
            into output: UnsafeMutableRawBufferPointer
        ) throws(StreamDecoderFailure) -> (consumed: Int, produced: Int) {
            var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
            let hint = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
            guard ZSTD_isError(hint) == 0 else {
                let name = String(cString: ZSTD_getErrorName(hint))
                let kind: StreamDecoderFailure.Kind =
                    ZSTD_getErrorCode(hint) == ZSTD_error_frameParameter_windowTooLarge ? .windowTooLarge : .corrupt
                throw StreamDecoderFailure(kind, format: "zstd", name)
            }
            // 0: a frame is complete and flushed, its checksum checked if it has one. A call with
            // nothing to do says nothing new.
            writtenByteCount += outBuffer.pos
            if inBuffer.pos > 0 || outBuffer.pos > 0 { isAtFrameEnd = hint == 0 }
            if isAtFrameEnd { checkedByteCount = writtenByteCount }
            return (inBuffer.pos, outBuffer.pos)
        }
    }
#endif
