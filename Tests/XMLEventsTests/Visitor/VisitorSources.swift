import Foundation
import Synchronization

/// A source of `<feed>` and then the same run of records, chunk after chunk, that counts its
/// reads and records when its iterator is released. After `limit` reads it throws
/// ``ReadTooFar``, so a visit that fails to stop fails its test instead of running forever.
final class CountingSource: AsyncSequence, Sendable {
    typealias Element = Data

    /// The source was read past its limit: what a visit that should have stopped does.
    struct ReadTooFar: Error {}

    static let records = Data(String(repeating: "<entry><title>t</title></entry>", count: 200).utf8)

    let limit: Int
    let reads = Atomic<Int>(0)
    let released = Atomic<Int>(0)

    /// - Parameter limit: How many reads succeed: enough for the test, few enough that a visit
    ///   that fails to stop fails fast.
    init(limit: Int = 100) { self.limit = limit }

    var readCount: Int { reads.load(ordering: .sequentiallyConsistent) }
    var releaseCount: Int { released.load(ordering: .sequentiallyConsistent) }

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    final class Iterator: AsyncIteratorProtocol {
        let source: CountingSource
        init(source: CountingSource) { self.source = source }
        deinit { source.released.add(1, ordering: .sequentiallyConsistent) }

        func next() async throws -> Data? {
            let read = source.reads.add(1, ordering: .sequentiallyConsistent).newValue
            guard read <= source.limit else { throw ReadTooFar() }
            return read == 1 ? Data("<feed>".utf8) : CountingSource.records
        }
    }
}

/// Chunks, then an error of the source's own: a connection that breaks.
struct FailingSource: AsyncSequence, Sendable {
    typealias Element = Data

    struct Breakage: Error, Equatable {
        var reason: String
    }

    let chunks: [Data]
    let breakage: Breakage

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks, breakage: breakage) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [Data]
        let breakage: Breakage
        var index = 0

        mutating func next() async throws -> Data? {
            guard index < chunks.count else { throw breakage }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

/// How many times a source had been read at a point a visitor marks.
final class ReadMark: Sendable {
    private let reads = Atomic<Int>(-1)

    var value: Int { reads.load(ordering: .sequentiallyConsistent) }

    func mark(_ readCount: Int) {
        reads.store(readCount, ordering: .sequentiallyConsistent)
    }
}
