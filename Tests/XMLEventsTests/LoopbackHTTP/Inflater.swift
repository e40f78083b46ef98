import CZlib
import Foundation

extension LoopbackHTTPTests {
    /// Decompresses a whole zlib, gzip or raw deflate stream, to check the server's coded bodies
    /// independently of any HTTP client.
    enum Inflater {
        /// Why a stream could not be inflated.
        struct Failure: Error, CustomStringConvertible {
            /// zlib's return code.
            let code: Int32
            /// What was going on.
            let stage: String

            var description: String { "inflate failed while \(stage): zlib code \(code)" }
        }

        /// The inflated bytes of `data`, a complete stream in the wrapper `windowBits` selects: 31 for
        /// gzip, 15 for zlib (HTTP's deflate), -15 for raw deflate.
        static func inflate(_ data: Data, windowBits: Int32) throws -> Data {
            var stream = z_stream()
            let initialized = inflateInit2_(&stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            guard initialized == Z_OK else { throw Failure(code: initialized, stage: "starting") }
            defer { inflateEnd(&stream) }
            var output = Data()
            var input = [UInt8](data)
            var code = Z_OK
            let capacity = 65_536
            var buffer = [UInt8](repeating: 0, count: capacity)
            try input.withUnsafeMutableBufferPointer { inputBytes in
                stream.next_in = inputBytes.baseAddress
                stream.avail_in = uInt(inputBytes.count)
                repeat {
                    let produced = buffer.withUnsafeMutableBufferPointer { out -> Int in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(capacity)
                        code = CZlib.inflate(&stream, Z_NO_FLUSH)
                        return capacity - Int(stream.avail_out)
                    }
                    output.append(contentsOf: buffer[..<produced])
                    guard code == Z_OK || code == Z_STREAM_END else { throw Failure(code: code, stage: "inflating") }
                } while code != Z_STREAM_END && (stream.avail_in > 0 || stream.avail_out == 0)
            }
            guard code == Z_STREAM_END else { throw Failure(code: code, stage: "reaching the end of the stream") }
            return output
        }
    }
}
