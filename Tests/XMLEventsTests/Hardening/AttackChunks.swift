import Foundation

/// The bytes of an ``AttackDocument`` as a stream of chunks made as they are read: a 64 MB
/// document costs one chunk of memory, so a test measures the parser, not its input.
struct AttackChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let document: AttackDocument
    let chunkSize: Int

    func makeAsyncIterator() -> Iterator { Iterator(producer: Producer(document: document, chunkSize: chunkSize)) }

    /// Every chunk at once, for small documents.
    func makeChunkList() -> [Data] {
        var producer = Producer(document: document, chunkSize: chunkSize)
        var chunks: [Data] = []
        while let chunk = producer.next() { chunks.append(chunk) }
        return chunks
    }

    struct Iterator: AsyncIteratorProtocol {
        var producer: Producer

        mutating func next() async -> Data? { producer.next() }
    }

    /// Fills chunks from the segments in order; a repeated pattern is copied from a prepared
    /// tile of whole repetitions, so large documents cost memcpy, not a loop per byte.
    struct Producer {
        private let segments: [AttackDocument.Segment]
        private let chunkSize: Int
        private var segmentIndex = 0
        /// Bytes of the current segment still to deliver, prepared lazily.
        private var pending: [UInt8] = []
        private var pendingOffset = 0
        private var repetitionsLeft = 0
        private var numberedIndex = 0
        /// Whole repetitions of the current pattern, made once and delivered again and again.
        private var tile: [UInt8] = []

        init(document: AttackDocument, chunkSize: Int) {
            segments = document.segments
            self.chunkSize = chunkSize
        }

        mutating func next() -> Data? {
            var chunk = Data(capacity: chunkSize)
            while chunk.count < chunkSize, refill() {
                let take = Swift.min(chunkSize - chunk.count, pending.count - pendingOffset)
                // Through a buffer pointer: one memcpy even in a debug build.
                pending.withUnsafeBufferPointer {
                    chunk.append(UnsafeBufferPointer(rebasing: $0[pendingOffset...].prefix(take)))
                }
                pendingOffset += take
            }
            return chunk.isEmpty ? nil : chunk
        }

        /// Makes sure `pending` holds undelivered bytes; false at the end of the document.
        private mutating func refill() -> Bool {
            while pendingOffset == pending.count {
                if repetitionsLeft > 0, segmentIndex > 0, case .repeated(let pattern, _) = segments[segmentIndex - 1] {
                    let tileCount = Swift.min(repetitionsLeft, Swift.max(1, chunkSize / Swift.max(pattern.count, 1)))
                    if tile.count != tileCount * pattern.count {
                        tile = []
                        tile.reserveCapacity(tileCount * pattern.count)
                        for _ in 0..<tileCount { tile.append(contentsOf: pattern) }
                    }
                    pending = tile
                    repetitionsLeft -= tileCount
                } else if repetitionsLeft > 0, segmentIndex > 0,
                    case .numbered(let count, let piece) = segments[segmentIndex - 1]
                {
                    let end = Swift.min(count, numberedIndex + 4_096)
                    pending = Array((numberedIndex..<end).map(piece).joined().utf8)
                    repetitionsLeft -= end - numberedIndex
                    numberedIndex = end
                } else if segmentIndex < segments.count {
                    switch segments[segmentIndex] {
                    case .literal(let bytes):
                        pending = bytes
                    case .repeated(_, let count):
                        pending = []
                        tile = []
                        repetitionsLeft = count
                    case .numbered(let count, _):
                        pending = []
                        repetitionsLeft = count
                        numberedIndex = 0
                    }
                    segmentIndex += 1
                } else {
                    return false
                }
                pendingOffset = 0
            }
            return true
        }
    }
}
