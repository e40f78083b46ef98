import Foundation

/// The bytes of an in-memory document as an asynchronous sequence of chunks, so that a large
/// document is parsed (and its events handed out) a chunk at a time. The chunks share the
/// data's storage; nothing is copied.
public struct XMLDataChunks: AsyncSequence, Sendable {
    /// Each element is a slice of the data.
    public typealias Element = Data
    /// Slicing cannot fail.
    public typealias Failure = Never

    /// The whole document.
    public let data: Data
    /// The most bytes in one chunk.
    public let chunkSize: Int

    /// Creates chunks of `data`, each at most `chunkSize` bytes (at least 1).
    ///
    /// - Parameters:
    ///   - data: The document's bytes; the chunks are slices of it, not copies.
    ///   - chunkSize: The most bytes in one chunk; values below 1 count as 1.
    public init(_ data: Data, chunkSize: Int = 64 * 1024) {
        self.data = data
        self.chunkSize = Swift.max(1, chunkSize)
    }

    /// Starts at the first byte.
    public func makeAsyncIterator() -> Iterator {
        Iterator(data: data, chunkSize: chunkSize)
    }

    /// Hands out consecutive slices.
    public struct Iterator: AsyncIteratorProtocol {
        private let data: Data
        private let chunkSize: Int
        private var offset: Data.Index

        init(data: Data, chunkSize: Int) {
            self.data = data
            self.chunkSize = chunkSize
            self.offset = data.startIndex
        }

        /// The next slice, or `nil` after the last byte.
        public mutating func next() async -> Data? {
            nextSlice()
        }

        /// The next slice, or `nil` after the last byte.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`; slicing never suspends.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Data? {
            nextSlice()
        }

        private mutating func nextSlice() -> Data? {
            guard offset < data.endIndex else { return nil }
            let end = data.index(offset, offsetBy: chunkSize, limitedBy: data.endIndex) ?? data.endIndex
            defer { offset = end }
            return data[offset..<end]
        }
    }
}

extension XMLDataChunks.Iterator: ChunkReadiness {
    @usableFromInline var hasChunkAtHand: Bool { true }
}
