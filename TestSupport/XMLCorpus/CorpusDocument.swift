import Foundation

/// One synthetic XML document, described by its shape, size and seed, and generated on demand.
///
/// ```swift
/// let document = CorpusDocument(shape: .records, targetByteCount: 50_000_000)
/// for chunk in document.chunks(ofSize: 64 * 1024) {
///     send(chunk)  // the document is never held whole
/// }
/// ```
///
/// Generation is deterministic: the same shape, target size and seed give the same bytes on every
/// run and machine, whatever the chunk size. Every document is well-formed and
/// namespace-well-formed UTF-8, with an XML declaration first and its root element closed.
///
/// **Size.** A document is exactly ``byteCount`` bytes: `targetByteCount`, or the shape's
/// ``CorpusShape/minimumByteCount`` (a few kilobytes at most) when the target is smaller. To
/// reach the exact size, the document ends with a line of spaces after the root's end tag, which
/// parsers skip without reporting anything. That padding is shorter than one unit of the shape (a
/// record, a block of text, an entry), so the markup ends less than 6 KB before the target, and
/// typically less than 2 KB.
public struct CorpusDocument: Sendable, Hashable {
    /// The seed used when none is given.
    public static let defaultSeed: UInt64 = 0x584D_4C45_7665_6E74

    /// What kind of document this is.
    public var shape: CorpusShape

    /// The size asked for, in bytes; see ``byteCount`` for the size delivered.
    public var targetByteCount: Int

    /// The seed every random choice of the document derives from.
    public var seed: UInt64

    /// Describes a document; nothing is generated until its bytes are asked for.
    ///
    /// - Parameters:
    ///   - shape: What kind of document to generate.
    ///   - targetByteCount: The size to generate, in bytes.
    ///   - seed: Selects one document among many of the same shape and size.
    public init(shape: CorpusShape, targetByteCount: Int, seed: UInt64 = CorpusDocument.defaultSeed) {
        self.shape = shape
        self.targetByteCount = targetByteCount
        self.seed = seed
    }

    /// The document's exact size: `targetByteCount`, or the shape's minimum when that is larger.
    public var byteCount: Int {
        Swift.max(targetByteCount, shape.minimumByteCount)
    }

    /// The document as successive chunks of `chunkSize` bytes (the last one may be shorter),
    /// generated as they are asked for.
    public func chunks(ofSize chunkSize: Int = 64 * 1024) -> CorpusChunks {
        CorpusChunks(document: self, chunkSize: chunkSize)
    }

    /// The document as an asynchronous sequence of chunks, for APIs that read from one, such as
    /// `XMLEvents`.
    public func asyncChunks(ofSize chunkSize: Int = 64 * 1024) -> AsyncCorpusChunks {
        AsyncCorpusChunks(document: self, chunkSize: chunkSize)
    }

    /// The whole document in memory; meant for documents small enough to hold.
    public func data() -> Data {
        var data = Data(capacity: byteCount)
        for chunk in chunks(ofSize: 1 << 20) {
            data.append(chunk)
        }
        return data
    }

    /// Counts what the document contains by generating it and discarding the bytes, which takes
    /// about as long as generating it.
    public func metadata() -> CorpusMetadata {
        var iterator = chunks(ofSize: 1 << 20).makeIterator()
        while iterator.next() != nil {}
        return iterator.metadata
    }

    /// Writes the document to a file, chunk by chunk, replacing anything already there.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - chunkSize: How many bytes are generated and written at a time.
    /// - Returns: What the written document contains.
    @discardableResult
    public func write(to url: URL, chunkSize: Int = 1 << 20) throws -> CorpusMetadata {
        try Data().write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var iterator = chunks(ofSize: chunkSize).makeIterator()
        while let chunk = iterator.next() {
            try handle.write(contentsOf: chunk)
        }
        try handle.synchronize()
        return iterator.metadata
    }
}
