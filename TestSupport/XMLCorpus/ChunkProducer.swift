import Foundation

/// A document generator seen without its shape, so that one iterator type serves every shape.
protocol ChunkProducer {
    /// The next chunk of exactly the chunk size (the last one may be shorter), or `nil` at the end.
    mutating func nextChunk() -> Data?

    /// The counts of everything generated so far; final once ``nextChunk()`` has returned `nil`.
    var metadata: CorpusMetadata { get }

    /// The most bytes held at once between two chunks.
    var peakBufferedByteCount: Int { get }
}
