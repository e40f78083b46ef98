import Foundation

/// Applies a body's content coding one chunk at a time, as the body streams.
protocol ContentEncoder {
    /// The coded form of `chunk`, flushed so that the client can decode all of it; may be empty.
    mutating func encode(_ chunk: Data) throws(ConnectionEnd) -> Data

    /// Whatever ends the coded stream, such as a gzip trailer; may be empty.
    mutating func finish() throws(ConnectionEnd) -> Data
}

extension LoopbackResponse.ContentEncoding {
    /// A new encoder for one response body in this coding.
    func makeEncoder() throws(ConnectionEnd) -> any ContentEncoder {
        switch self {
        case .identity: IdentityEncoder()
        case .gzip: try ZlibEncoder(windowBits: 15 + 16)
        case .deflate: try ZlibEncoder(windowBits: 15)
        case .rawDeflate: try ZlibEncoder(windowBits: -15)
        case .zstd: try ZstdEncoder()
        case .brotli: try BrotliEncoder()
        case .layered(let codings):
            try LayeredEncoder(codings.map { coding throws(ConnectionEnd) in try coding.makeEncoder() })
        }
    }
}
