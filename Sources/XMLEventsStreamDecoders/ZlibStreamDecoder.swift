import XMLEventsInput

#if canImport(CZlib)
    import CZlib

    /// `gzip` and `deflate` with zlib's `inflate`: at most 32 KiB of window and zlib's state
    /// (about 7 KiB) per document or body, whatever the ratio.
    ///
    /// gzip may hold several members one after the other (RFC 1952 §2.2), as pigz and bgzip
    /// write them. A deflate body is zlib's format by RFC 9110, but some servers send a bare
    /// deflate stream under that name; the first two bytes tell them apart.
    ///
    /// A gzip file may end in zero bytes after its last member (a tape's or a block device's
    /// padding), which `gzip -d` ignores: a document's decoder does too (``allowsZeroPadding``),
    /// an HTTP body's does not, since a body says where it ends.
    package final class ZlibStreamDecoder: StreamDecoder {
        package enum Format {
            case gzip
            case deflate
        }

        private enum State {
            /// Deflate only: waiting for the two bytes that tell a zlib header from a bare stream.
            case sniffing
            case inflating
            case ended
            /// gzip with ``allowsZeroPadding``: zero bytes after the last member, up to the end.
            case padding
        }

        private let format: Format
        /// Whether zero bytes may follow the last gzip member, up to the end of the input.
        private let allowsZeroPadding: Bool
        // zlib's state points back at its z_stream, so the z_stream must never move: it lives in
        // memory of its own, allocated here and freed in deinit.
        private let stream: UnsafeMutablePointer<z_stream>
        private var state: State
        private var isInitialized = false
        private var writtenByteCount = 0
        package private(set) var checkedByteCount = 0

        package init(format: Format, allowsZeroPadding: Bool = false) throws(StreamDecoderFailure) {
            self.format = format
            self.allowsZeroPadding = allowsZeroPadding && format == .gzip
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

        package var isAtEnd: Bool {
            switch state {
            case .ended, .padding: true
            case .sniffing, .inflating: false
            }
        }

        package func decode(
            _ input: UnsafeRawBufferPointer,
            into output: UnsafeMutableRawBufferPointer
        ) throws(StreamDecoderFailure) -> (consumed: Int, produced: Int) {
            switch state {
            case .sniffing:
                guard input.count >= 2 else { return (0, 0) }
                try initialize(windowBits: Self.hasZlibHeader(input[0], input[1]) ? 15 : -15)
                state = .inflating
            case .ended:
                guard let first = input.first else { return (0, 0) }
                if allowsZeroPadding, first == 0 {
                    state = .padding
                    return try skipPadding(input)
                }
                // Only gzip may go on, with another member.
                guard format == .gzip else {
                    throw StreamDecoderFailure(
                        .trailingData, format: "deflate", "data follows the end of the deflate stream")
                }
                inflateReset(stream)
                state = .inflating
            case .padding:
                return try skipPadding(input)
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
            writtenByteCount += produced
            switch code {
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR: no progress was possible, for want of input or of room.
                return (consumed, produced)
            case Z_STREAM_END:
                // The member's CRC-32 and length have been checked.
                state = .ended
                checkedByteCount = writtenByteCount
                return (consumed, produced)
            case Z_MEM_ERROR:
                throw StreamDecoderFailure(.failed, format: "\(format)", "zlib ran out of memory")
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(code)"
                throw StreamDecoderFailure(.corrupt, format: "\(format)", message, consumed: consumed)
            }
        }

        /// Takes the zero bytes of `input`, the padding after the last member. As for `gzip -d`,
        /// padding is only ever followed by the end: any other byte after it is not gzip.
        private func skipPadding(_ input: UnsafeRawBufferPointer) throws(StreamDecoderFailure) -> (
            consumed: Int, produced: Int
        ) {
            if let other = input.firstIndex(where: { $0 != 0 }) {
                throw StreamDecoderFailure(
                    .trailingData, format: "gzip",
                    "the zero bytes after the last member are followed by other data", consumed: other)
            }
            return (input.count, 0)
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
