import Foundation

/// A document's bytes as an asynchronous sequence of chunks, for consumers that read from one,
/// such as `XMLEvents(document.asyncChunks())`.
///
/// Each chunk is generated synchronously when asked for, in well under a millisecond for the
/// default size, so the sequence never suspends and has no task of its own to cancel.
public struct AsyncCorpusChunks: AsyncSequence, Sendable {
    /// Each element is one chunk of the document.
    public typealias Element = Data
    /// Generation cannot fail.
    public typealias Failure = Never

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
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: CorpusChunks(document: document, chunkSize: chunkSize).makeIterator())
    }

    /// Generates the next chunk when asked.
    public struct Iterator: AsyncIteratorProtocol {
        private var chunks: CorpusChunks.Iterator

        init(chunks: CorpusChunks.Iterator) {
            self.chunks = chunks
        }

        /// The next chunk, or `nil` after the document's last byte.
        public mutating func next() async -> Data? {
            chunks.next()
        }

        /// The next chunk, or `nil` after the document's last byte, generated on the caller's
        /// actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Data? {
            chunks.next()
        }

        /// The counts of everything generated so far; those of the whole document once
        /// ``next()`` has returned `nil`.
        public var metadata: CorpusMetadata { chunks.metadata }
    }
}
