import Foundation

/// The bytes of a byte-at-a-time asynchronous sequence, gathered into chunks for the parser:
/// what `XMLEvents` reads from `URLSession.AsyncBytes`, `FileHandle.AsyncBytes`,
/// `AsyncStream<UInt8>` or any other `AsyncSequence` of `UInt8`.
///
/// ```swift
/// let (bytes, _) = try await URLSession.shared.bytes(from: feedURL)   // Apple platforms
/// for try await event in XMLEvents(bytes) { … }
/// ```
///
/// The gathering loop is inlined into the caller and specialized for the base sequence, so a
/// base that hands out bytes from a buffer of its own (as `URLSession.AsyncBytes` and
/// `FileHandle.AsyncBytes` do) costs a few instructions per byte and suspends only when its
/// buffer runs dry. A base that suspends for every byte (an `AsyncStream<UInt8>`) still works,
/// at the price of that suspension.
///
/// A chunk is handed on when it is full or the bytes end: an `AsyncSequence` cannot tell that
/// its next byte will be late. The default, 64 KiB, is every source's, which suits a document
/// that arrives as fast as it is sent (a download); for a live stream that trickles, the events
/// of a chunk would wait for the whole chunk: choose a small size (4 KiB, the parser's own step,
/// adds no latency to what the parser holds back anyway), or with
/// ``XMLParsingOptions/parsesAsBytesArrive`` a smaller one still.
public struct XMLByteChunks<Base: AsyncSequence>: AsyncSequence where Base.Element == UInt8 {
    /// Each element holds up to ``chunkSize`` consecutive bytes.
    public typealias Element = [UInt8]
    /// The base's errors, passed on after the bytes before them.
    public typealias Failure = any Error

    /// The bytes.
    @usableFromInline let base: Base
    /// The most bytes in one chunk.
    public let chunkSize: Int

    /// Gathers the bytes of `base` into chunks of at most `chunkSize` bytes.
    ///
    /// - Parameters:
    ///   - base: The bytes, one element each.
    ///   - chunkSize: The most bytes in one chunk (64 KiB by default), between 1 and 16 MiB.
    @inlinable
    public init(_ base: Base, chunkSize: Int = ChunkSize.standard) {
        self.base = base
        self.chunkSize = ChunkSize.clamped(chunkSize)
    }

    /// Starts reading the base.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), chunkSize: chunkSize)
    }

    /// Fills a chunk from the base, byte by byte, without suspending while the base has bytes at
    /// hand.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var base: Base.AsyncIterator?
        @usableFromInline let chunkSize: Int
        /// The base's error, thrown once the bytes before it have been handed on.
        @usableFromInline var failure: (any Error)?

        @inlinable
        init(base: Base.AsyncIterator, chunkSize: Int) {
            self.base = base
            self.chunkSize = chunkSize
        }

        /// The next chunk, or `nil` after the last byte.
        ///
        /// - Throws: The base's error, after a chunk with the bytes that came before it.
        @inlinable
        public mutating func next() async throws -> [UInt8]? {
            try await next(isolation: nil)
        }

        /// The next chunk, or `nil` after the last byte, reading the base on `actor`.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`.
        /// - Throws: The base's error, after a chunk with the bytes that came before it.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> [UInt8]? {
            if let failure {
                self.failure = nil
                throw failure
            }
            guard var iterator = base else { return nil }
            base = nil
            var chunk: [UInt8] = []
            chunk.reserveCapacity(chunkSize)
            do {
                while chunk.count < chunkSize, let byte = try await iterator.next(isolation: actor) {
                    chunk.append(byte)
                }
            } catch {
                failure = error
                return chunk.isEmpty ? try await next(isolation: actor) : chunk
            }
            // A full chunk may be followed by more; a short one means the base ended.
            if chunk.count == chunkSize { base = iterator }
            return chunk.isEmpty ? nil : chunk
        }
    }
}

extension XMLByteChunks: Sendable where Base: Sendable {}
