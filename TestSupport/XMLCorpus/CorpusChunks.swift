import Foundation

/// A document's bytes as a sequence of chunks, generated one at a time as they are asked for.
///
/// Each iterator generates the document anew from its beginning and holds at most one chunk and
/// one unit of the shape (a few kilobytes) at a time, however large the document. Wrap it as
/// needed: iterate it on a server thread, or use ``AsyncCorpusChunks`` where an `AsyncSequence`
/// is wanted.
public struct CorpusChunks: Sequence, Sendable {
    /// The document the chunks make up.
    public let document: CorpusDocument

    /// The size of every chunk but the last, which may be shorter.
    public let chunkSize: Int

    /// Creates the chunks of `document`, each `chunkSize` bytes (at least 1) but the last.
    public init(document: CorpusDocument, chunkSize: Int) {
        self.document = document
        self.chunkSize = Swift.max(1, chunkSize)
    }

    /// Starts generating at the document's first byte.
    public func makeIterator() -> Iterator {
        Iterator(document: document, chunkSize: chunkSize)
    }

    /// Generates the next chunk when asked, and counts what has been generated.
    public struct Iterator: IteratorProtocol {
        private var producer: any ChunkProducer

        init(document: CorpusDocument, chunkSize: Int) {
            let target = document.targetByteCount
            let seed = document.seed
            switch document.shape {
            case .records:
                producer = CorpusGenerator<RecordsWriter>(targetByteCount: target, seed: seed, chunkSize: chunkSize)
            case .text:
                producer = CorpusGenerator<BookWriter>(targetByteCount: target, seed: seed, chunkSize: chunkSize)
            case .ns:
                producer = CorpusGenerator<FeedWriter>(targetByteCount: target, seed: seed, chunkSize: chunkSize)
            }
        }

        /// The next chunk, or `nil` after the document's last byte.
        public mutating func next() -> Data? {
            producer.nextChunk()
        }

        /// The counts of everything generated so far; those of the whole document once ``next()``
        /// has returned `nil`.
        public var metadata: CorpusMetadata { producer.metadata }

        /// The most bytes this iterator has held at once: under the chunk size plus one unit of
        /// the shape (a few kilobytes), whatever the document's size.
        public var peakBufferedByteCount: Int { producer.peakBufferedByteCount }
    }
}
