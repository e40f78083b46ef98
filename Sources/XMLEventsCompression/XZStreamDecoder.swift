import XMLEventsInput

#if canImport(CLZMA)
    import CLZMA

    /// xz with liblzma's streaming decoder, for concatenated streams and the padding between
    /// them: its state and the window the stream declares, refused beyond ``memoryLimit``,
    /// whatever the ratio.
    ///
    /// Concatenated, the decoder cannot tell the last stream's end from the input's, so it says
    /// that the input is complete only when told it has ended (``finish(into:)``).
    final class XZStreamDecoder: StreamDecoder {
        /// 256 MiB: four times what `xz -9` needs (a 64 MiB dictionary); a stream that asks for
        /// more is refused.
        static let memoryLimit: UInt64 = 256 << 20
        /// `LZMA_CONCATENATED`, a macro Swift does not import.
        private static let concatenated: UInt32 = 0x08

        // liblzma's state points back at its lzma_stream, so the lzma_stream must never move.
        private let stream: UnsafeMutablePointer<lzma_stream>
        private var hasEnded = false
        private var writtenByteCount = 0
        /// Known only at the end: liblzma checks each block as it ends, but does not say where
        /// blocks end.
        private(set) var checkedByteCount = 0

        init() throws(StreamDecoderFailure) {
            stream = .allocate(capacity: 1)
            // LZMA_STREAM_INIT: every field zero.
            stream.initialize(to: lzma_stream())
            let code = lzma_stream_decoder(stream, Self.memoryLimit, Self.concatenated)
            guard code == LZMA_OK else {
                stream.deinitialize(count: 1)
                stream.deallocate()
                throw StreamDecoderFailure(.failed, format: "xz", "liblzma could not start (\(code.rawValue))")
            }
        }

        deinit {
            lzma_end(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        var isAtEnd: Bool { hasEnded }

        func decode(
            _ input: UnsafeRawBufferPointer,
            into output: UnsafeMutableRawBufferPointer
        ) throws(StreamDecoderFailure) -> (consumed: Int, produced: Int) {
            try code(input, into: output, action: LZMA_RUN)
        }

        func finish(into output: UnsafeMutableRawBufferPointer) throws(StreamDecoderFailure) -> Int {
            try code(UnsafeRawBufferPointer(start: nil, count: 0), into: output, action: LZMA_FINISH).produced
        }

        private func code(
            _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, action: lzma_action
        ) throws(StreamDecoderFailure) -> (consumed: Int, produced: Int) {
            guard !hasEnded else {
                if input.isEmpty { return (0, 0) }
                throw StreamDecoderFailure(.trailingData, format: "xz", "data follows the end of the xz streams")
            }
            stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_in = input.count
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_out = output.count
            let code = lzma_code(stream, action)
            let consumed = input.count - stream.pointee.avail_in
            let produced = output.count - stream.pointee.avail_out
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            writtenByteCount += produced
            switch code {
            case LZMA_OK, LZMA_BUF_ERROR:
                // LZMA_BUF_ERROR: no progress was possible, for want of input or of room; at the
                // end of the input, a stream cut short, which the caller finds from isAtEnd.
                return (consumed, produced)
            case LZMA_STREAM_END:
                hasEnded = true
                checkedByteCount = writtenByteCount
                return (consumed, produced)
            case LZMA_MEMLIMIT_ERROR:
                throw StreamDecoderFailure(
                    .windowTooLarge, format: "xz",
                    "the stream needs more than \(Self.memoryLimit >> 20) MiB of memory to decompress")
            case LZMA_MEM_ERROR:
                throw StreamDecoderFailure(.failed, format: "xz", "liblzma ran out of memory")
            case LZMA_FORMAT_ERROR:
                throw StreamDecoderFailure(.corrupt, format: "xz", "the data is not an xz stream", consumed: consumed)
            case LZMA_OPTIONS_ERROR:
                throw StreamDecoderFailure(
                    .corrupt, format: "xz", "the stream uses options liblzma does not support", consumed: consumed)
            case LZMA_DATA_ERROR:
                throw StreamDecoderFailure(.corrupt, format: "xz", "the compressed data is corrupt", consumed: consumed)
            default:
                throw StreamDecoderFailure(.failed, format: "xz", "liblzma error \(code.rawValue)")
            }
        }
    }
#endif
