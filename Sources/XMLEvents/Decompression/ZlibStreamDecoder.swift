#if (HTTP || Compression) && canImport(CZlib)
    import CZlib

    /// `gzip` and `deflate` with zlib's `inflate`: at most 32 KiB of window and zlib's state
    /// (about 7 KiB) per document or body, whatever the ratio.
    ///
    /// gzip may hold several members one after the other (RFC 1952 §2.2), as pigz and bgzip
    /// write them. A deflate body is zlib's format by RFC 9110, but some servers send a bare
    /// deflate stream under that name; the first two bytes tell them apart.
    final class ZlibStreamDecoder: StreamDecoder {
        enum Format {
            case gzip
            case deflate
        }

        private enum State {
            /// Deflate only: waiting for the two bytes that tell a zlib header from a bare stream.
            case sniffing
            case inflating
            case ended
        }

        private let format: Format
        // zlib's state points back at its z_stream, so the z_stream must never move: it lives in
        // memory of its own, allocated here and freed in deinit.
        private let stream: UnsafeMutablePointer<z_stream>
        private var state: State
        private var isInitialized = false

        init(format: Format) throws(StreamDecoderFailure) {
            self.format = format
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
            switch format {
            case .gzip:
                state = .inflating
                try initialize(windowBits: 15 + 16)
            case .deflate:
                state = .sniffing
            }
        }

        deinit {
            if isInitialized { inflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        var isAtEnd: Bool {
            if case .ended = state { return true }
            return false
        }

        func decode(
            _ input: UnsafeRawBufferPointer,
            into output: UnsafeMutableRawBufferPointer
        ) throws(StreamDecoderFailure) -> (consumed: Int, produced: Int) {
            switch state {
            case .sniffing:
                guard input.count >= 2 else { return (0, 0) }
                try initialize(windowBits: Self.hasZlibHeader(input[0], input[1]) ? 15 : -15)
                state = .inflating
            case .ended:
                guard !input.isEmpty else { return (0, 0) }
                // Only gzip may go on, with another member.
                guard format == .gzip else {
                    throw StreamDecoderFailure(
                        .trailingData, format: "deflate", "data follows the end of the deflate stream")
                }
                inflateReset(stream)
                state = .inflating
            case .inflating:
                break
            }
            // zlib counts in 32 bits; the stages never give it more than a few chunks at once.
            let inputCount = Swift.min(input.count, Int(UInt32.max))
            let outputCount = Swift.min(output.count, Int(UInt32.max))
            stream.pointee.next_in = UnsafeMutablePointer(
                mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(inputCount)
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(outputCount)
            let code = inflate(stream, Z_NO_FLUSH)
            let consumed = inputCount - Int(stream.pointee.avail_in)
            let produced = outputCount - Int(stream.pointee.avail_out)
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            switch code {
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR: no progress was possible, for want of input or of room.
                return (consumed, produced)
            case Z_STREAM_END:
                state = .ended
                return (consumed, produced)
            case Z_MEM_ERROR:
                throw StreamDecoderFailure(.failed, format: "\(format)", "zlib ran out of memory")
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(code)"
                throw StreamDecoderFailure(.corrupt, format: "\(format)", message)
            }
        }

        private func initialize(windowBits: Int32) throws(StreamDecoderFailure) {
            let code = inflateInit2_(stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            guard code == Z_OK else {
                throw StreamDecoderFailure(.failed, format: "\(format)", "zlib could not start (\(code))")
            }
            isInitialized = true
        }

        /// RFC 1950 §2.2: compression method 8 with a window of at most 32 KiB, and a check that
        /// makes the two bytes a multiple of 31. A bare deflate stream rarely passes all three.
        private static func hasZlibHeader(_ first: UInt8, _ second: UInt8) -> Bool {
            first & 0x0F == 8 && first >> 4 <= 7 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
        }
    }
#endif
