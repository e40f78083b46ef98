import CZstd
import Foundation

/// zstd coding with libzstd's streaming compressor, each chunk flushed as a block the client can
/// decode at once; memory stays bounded by the window and one output buffer.
final class ZstdEncoder: ContentEncoder {
    private static let outputSize = 65_536

    private let context: OpaquePointer

    /// - Parameters:
    ///   - level: libzstd's compression level.
    ///   - windowLog: log2 of the window; 23 (8 MiB) is the most an HTTP client must accept.
    init(level: Int32 = 3, windowLog: Int32 = 23) throws(ConnectionEnd) {
        guard let context = ZSTD_createCCtx() else { throw .compressionFailed(library: "libzstd", code: 0) }
        self.context = context
        for (parameter, value) in [(ZSTD_c_compressionLevel, level), (ZSTD_c_windowLog, windowLog)] {
            let code = ZSTD_CCtx_setParameter(context, parameter, value)
            guard ZSTD_isError(code) == 0 else {
                ZSTD_freeCCtx(context)
                throw .compressionFailed(library: "libzstd", code: Int(bitPattern: UInt(code)))
            }
        }
    }

    deinit {
        ZSTD_freeCCtx(context)
    }

    func encode(_ chunk: Data) throws(ConnectionEnd) -> Data {
        guard !chunk.isEmpty else { return Data() }
        return try compress(chunk, ending: ZSTD_e_flush)
    }

    func finish() throws(ConnectionEnd) -> Data {
        try compress(Data(), ending: ZSTD_e_end)
    }

    private func compress(_ input: Data, ending directive: ZSTD_EndDirective) throws(ConnectionEnd) -> Data {
        var output = Data()
        let failure: Int? = input.withUnsafeBytes { inputBytes in
            var inBuffer = ZSTD_inBuffer(src: inputBytes.baseAddress, size: inputBytes.count, pos: 0)
            return withUnsafeTemporaryAllocation(byteCount: Self.outputSize, alignment: 1) { buffer in
                // libzstd asks to be called again for as long as it has more to flush (a result > 0).
                while true {
                    var outBuffer = ZSTD_outBuffer(dst: buffer.baseAddress, size: buffer.count, pos: 0)
                    let remaining = ZSTD_compressStream2(context, &outBuffer, &inBuffer, directive)
                    guard ZSTD_isError(remaining) == 0 else { return Int(bitPattern: UInt(remaining)) }
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<outBuffer.pos]))
                    if remaining == 0 && inBuffer.pos == inBuffer.size { return nil }
                }
            }
        }
        if let failure { throw .compressionFailed(library: "libzstd", code: failure) }
        return output
    }
}
