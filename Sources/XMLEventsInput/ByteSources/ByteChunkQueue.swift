import Foundation

/// The chunks waiting for the consumer, first in first out, with their total size kept up to date
/// so the watermarks can be checked in constant time.
///
/// An array with a moving head rather than `removeFirst()`, which would shift every remaining
/// chunk on each delivery.
package struct ByteChunkQueue {
    private var chunks: [Data] = []
    private var head = 0

    /// The bytes of all chunks not yet taken.
    package private(set) var byteCount = 0

    /// An empty queue.
    package init() {}

    package mutating func append(_ chunk: Data) {
        chunks.append(chunk)
        byteCount += chunk.count
    }

    package mutating func popFirst() -> Data? {
        guard head < chunks.count else { return nil }
        let chunk = chunks[head]
        // Releases the chunk's bytes now rather than when the slot is reclaimed.
        chunks[head] = Data()
        head += 1
        byteCount -= chunk.count
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= chunks.count {
            // Amortised: at least as many slots are reclaimed as remain to be moved.
            chunks.removeFirst(head)
            head = 0
        }
        return chunk
    }

    package mutating func removeAll() {
        chunks = []
        head = 0
        byteCount = 0
    }
}
