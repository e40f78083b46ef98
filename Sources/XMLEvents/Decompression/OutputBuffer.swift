import Foundation
import Synchronization

/// One decompressed chunk being filled.
struct OutputBuffer {
    private let pool: OutputChunkPool
    private var data: Data
    private(set) var count = 0

    /// A buffer whose chunks come from, and go back to, `pool`.
    init(pool: OutputChunkPool) {
        self.pool = pool
        data = pool.chunk()
    }

    var isFull: Bool { count == data.count }

    /// Lets `body` write into the room left, and counts what it wrote.
    mutating func fill(
        _ body: (UnsafeMutableRawBufferPointer) throws -> (consumed: Int, produced: Int)
    ) rethrows -> (consumed: Int, produced: Int) {
        let start = count
        let step = try data.withUnsafeMutableBytes { whole in
            try body(UnsafeMutableRawBufferPointer(rebasing: whole[start...]))
        }
        count += step.produced
        return step
    }

    /// The bytes written, as a chunk of their own; the buffer starts anew.
    mutating func take() -> Data {
        var chunk = data
        if count < chunk.count { chunk.count = count }
        data = pool.chunk()
        count = 0
        return chunk
    }
}

/// The memory of the decompressed chunks, used again once the reader has parsed them.
///
/// A chunk the reader drops comes back here rather than to `free`: the thread then writes into
/// pages already mapped and warm, instead of a fresh allocation that the system maps (and the
/// allocator may unmap again) page by page — work that lands on both cores. The pool keeps at
/// most ``keptCount`` chunks; it lives as long as a buffer filled from it or any chunk handed out.
final class OutputChunkPool: Sendable {
    /// The most free chunks kept.
    let keptCount: Int

    /// Free chunks' addresses (as integers, so the pool is plainly `Sendable`).
    private let free = Mutex<[UInt]>([])

    /// A pool that keeps at most `keptCount` free chunks; by default the stage's queue, the chunk
    /// being filled, and one the reader is parsing.
    init(keeping keptCount: Int = DecompressionStage.outputCapacity + 2) {
        self.keptCount = keptCount
    }

    deinit {
        free.withLock { addresses in
            for address in addresses { Foundation.free(UnsafeMutableRawPointer(bitPattern: address)) }
        }
    }

    /// A chunk's room, not zeroed first: every byte handed out was written by the decoder.
    func chunk() -> Data {
        let size = DecompressionStage.outputChunkSize
        let reused = free.withLock { $0.popLast() }.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
        guard let bytes = reused ?? malloc(size) else { return Data(count: size) }
        return Data(bytesNoCopy: bytes, count: size, deallocator: .custom { [self] bytes, _ in give(bytes) })
    }

    /// Takes back a chunk's memory, or frees it when the pool holds enough.
    private func give(_ bytes: UnsafeMutableRawPointer) {
        let kept = free.withLock { addresses in
            guard addresses.count < keptCount else { return false }
            addresses.append(UInt(bitPattern: bytes))
            return true
        }
        if !kept { Foundation.free(bytes) }
    }
}
