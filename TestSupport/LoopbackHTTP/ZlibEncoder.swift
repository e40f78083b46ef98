import CZlib
import Foundation

/// gzip or deflate coding with zlib's `deflate`, streaming: memory stays bounded by zlib's
/// window and one output buffer, whatever the body's size.
final class ZlibEncoder: ContentEncoder {
    private static let outputSize = 65_536

    // zlib's state points back at its z_stream, so the z_stream must never move: it lives in
    // memory of its own, allocated here and freed in deinit.
    private let stream: UnsafeMutablePointer<z_stream>

    /// Starts a stream whose wrapper `windowBits` selects: 31 for gzip, 15 for zlib, -15 for raw.
    init(windowBits: Int32, level: Int32 = Z_BEST_SPEED) throws(ConnectionEnd) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let code = deflateInit2_(
            stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size)
        )
        guard code == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .compressionFailed(library: "zlib", code: Int(code))
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func encode(_ chunk: Data) throws(ConnectionEnd) -> Data {
        guard !chunk.isEmpty else { return Data() }
        return try deflate(chunk, flush: Z_SYNC_FLUSH)
    }

    func finish() throws(ConnectionEnd) -> Data {
        try deflate(Data(), flush: Z_FINISH)
    }

    private func deflate(_ input: Data, flush: Int32) throws(ConnectionEnd) -> Data {
        var output = Data()
        let code = input.withUnsafeBytes { inputBytes in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBytes.bindMemory(to: Bytef.self).baseAddress)
            stream.pointee.avail_in = uInt(inputBytes.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            return withUnsafeTemporaryAllocation(of: Bytef.self, capacity: Self.outputSize) { buffer in
                // zlib asks to be called again, with the same flush, for as long as it fills the
                // whole output buffer; Z_FINISH is done only at Z_STREAM_END.
                while true {
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = uInt(buffer.count)
                    let code = CZlib.deflate(stream, flush)
                    let produced = buffer.count - Int(stream.pointee.avail_out)
                    output.append(UnsafeBufferPointer(rebasing: buffer[..<produced]))
                    let outputIsFull = stream.pointee.avail_out == 0
                    switch code {
                    case Z_STREAM_END:
                        return Z_OK
                    case Z_OK:
                        if outputIsFull || flush == Z_FINISH { continue }
                        return Z_OK
                    case Z_BUF_ERROR where flush != Z_FINISH:
                        // No progress was possible: everything was already flushed.
                        return Z_OK
                    default:
                        return code
                    }
                }
            }
        }
        guard code == Z_OK else { throw .compressionFailed(library: "zlib", code: Int(code)) }
        return output
    }
}
