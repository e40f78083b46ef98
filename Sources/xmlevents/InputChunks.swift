import Foundation
import Synchronization

/// Counts the bytes handed to the parser; written by the event loop, read by the progress task.
final class ByteMeter: Sendable {
    private let count = Atomic<Int>(0)

    var byteCount: Int { count.load(ordering: .relaxed) }

    func add(_ byteCount: Int) {
        count.add(byteCount, ordering: .relaxed)
    }
}

/// Any source's chunks on their way to the parser: cut to at most `--chunk-size` bytes, counted,
/// and announced before each wait for more.
///
/// The announcement is how output gets flushed at the right moment: `XMLEvents` asks its source
/// for the next chunk only after it has handed out every event of the previous one, so when
/// ``beforeWaiting`` runs, the output of everything read so far is complete and the source may be
/// about to block (a slow pipe, a slow server).
///
/// Files and standard input already read at most `--chunk-size` bytes at a time; HTTP delivers
/// what the network gives, which is cut here.
struct InputChunks<Base: AsyncSequence>: AsyncSequence where Base.Element == Data {
    typealias Element = Data

    let base: Base
    let chunkSize: Int
    let meter: ByteMeter
    /// Runs on the consumer's side, between two chunks.
    let beforeWaiting: () -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), chunkSize: chunkSize, meter: meter, beforeWaiting: beforeWaiting)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let chunkSize: Int
        let meter: ByteMeter
        let beforeWaiting: () -> Void
        /// The rest of a chunk larger than `chunkSize`.
        var pending = Data()

        mutating func next() async throws -> Data? {
            try await next(isolation: nil)
        }

        mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data? {
            if pending.isEmpty {
                beforeWaiting()
                guard let chunk = try await base.next(isolation: actor) else { return nil }
                pending = chunk
            }
            let piece: Data
            if pending.count <= chunkSize {
                piece = pending
                pending = Data()
            } else {
                // Slices share the chunk's storage: cutting copies nothing.
                piece = pending.prefix(chunkSize)
                pending = pending.dropFirst(chunkSize)
            }
            meter.add(piece.count)
            return piece
        }
    }
}
