import CBrotliEncoder
import Foundation

/// br coding with libbrotlienc's streaming compressor, each chunk flushed so that the client can
/// decode it at once; memory stays bounded by the window and libbrotlienc's own buffers.
final class BrotliEncoder: ContentEncoder {
    private let state: OpaquePointer

    /// - Parameters:
    ///   - quality: libbrotlienc's quality, 0 to 11.
    ///   - windowLog: log2 of the window, 10 to 24 (16 MiB, the format's largest).
    init(quality: UInt32 = 5, windowLog: UInt32 = 24) throws(ConnectionEnd) {
        guard let state = BrotliEncoderCreateInstance(nil, nil, nil) else {
            throw .compressionFailed(library: "libbrotlienc", code: 0)
        }
        self.state = state
        guard BrotliEncoderSetParameter(state, BROTLI_PARAM_QUALITY, quality) == BROTLI_TRUE,
            BrotliEncoderSetParameter(state, BROTLI_PARAM_LGWIN, windowLog) == BROTLI_TRUE
        else {
            BrotliEncoderDestroyInstance(state)
            throw .compressionFailed(library: "libbrotlienc", code: 1)
        }
    }

    deinit {
        BrotliEncoderDestroyInstance(state)
    }

    func encode(_ chunk: Data) throws(ConnectionEnd) -> Data {
        guard !chunk.isEmpty else { return Data() }
        return try compress(chunk, operation: BROTLI_OPERATION_FLUSH)
    }

    func finish() throws(ConnectionEnd) -> Data {
        try compress(Data(), operation: BROTLI_OPERATION_FINISH)
    }

    private func compress(_ input: Data, operation: BrotliEncoderOperation) throws(ConnectionEnd) -> Data {
        var output = Data()
        let succeeded = input.withUnsafeBytes { inputBytes in
            var availableIn = inputBytes.count
            var nextIn = inputBytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            // libbrotlienc hands out its own output buffer: nothing to allocate here.
            while true {
                var availableOut = 0
                var nextOut: UnsafeMutablePointer<UInt8>?
                guard
                    BrotliEncoderCompressStream(state, operation, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                        == BROTLI_TRUE
                else { return false }
                var size = 0
                if let bytes = BrotliEncoderTakeOutput(state, &size), size > 0 {
                    output.append(bytes, count: size)
                }
                let done = availableIn == 0 && BrotliEncoderHasMoreOutput(state) == BROTLI_FALSE
                if done && (operation != BROTLI_OPERATION_FINISH || BrotliEncoderIsFinished(state) == BROTLI_TRUE) {
                    return true
                }
            }
        }
        guard succeeded else { throw .compressionFailed(library: "libbrotlienc", code: 2) }
        return output
    }
}
