import Foundation

extension LoopbackResponse {
    /// The bytes of a response body: fixed, or produced chunk by chunk while it is sent.
    ///
    /// A streamed body is never held whole. Its chunks are asked for one at a time on the
    /// connection's thread, only as fast as the socket takes them, so a client that stops
    /// reading stops the producer too. Each request gets a fresh iterator.
    public struct Body: Sendable {
        enum Source: Sendable {
            case bytes(Data)
            case chunks(length: Int?, makeIterator: @Sendable () -> AnyIterator<Data>)
        }

        /// Fixed bodies are handed out in slices of this size, which share the original's storage.
        private static let sliceSize = 262_144

        let source: Source

        private init(_ source: Source) {
            self.source = source
        }

        /// No body at all.
        public static let empty = Body(.bytes(Data()))

        /// A fixed body, sent with a `Content-Length` unless framed otherwise.
        public static func data(_ bytes: Data) -> Body {
            Body(.bytes(bytes))
        }

        /// A fixed body of `string`'s UTF-8 bytes.
        public static func text(_ string: String) -> Body {
            Body(.bytes(Data(string.utf8)))
        }

        /// A body streamed from `chunks`, whose iteration starts afresh for every request.
        ///
        /// - Parameter contentLength: the body's total size, if known, so it can go out with a
        ///   `Content-Length`. The server never sends more than that; if the chunks end sooner,
        ///   it closes the connection so the client sees a short body. With `nil`, the body is
        ///   sent in chunks.
        public static func stream<Chunks: Sequence & Sendable & SendableMetatype>(
            _ chunks: Chunks,
            contentLength: Int? = nil
        ) -> Body where Chunks.Element == Data {
            Body(.chunks(length: contentLength, makeIterator: { AnyIterator(chunks.makeIterator()) }))
        }

        /// A body streamed from the iterator that `makeIterator` creates, once per request.
        ///
        /// ```swift
        /// .stream(contentLength: 3 * 1_024) {
        ///     var left = 3
        ///     return AnyIterator {
        ///         left -= 1
        ///         return left >= 0 ? Data(repeating: 0x61, count: 1_024) : nil
        ///     }
        /// }
        /// ```
        ///
        /// - Parameter contentLength: as for ``stream(_:contentLength:)``.
        public static func stream<Chunks: IteratorProtocol & SendableMetatype>(
            contentLength: Int? = nil,
            makeIterator: @escaping @Sendable () -> Chunks
        ) -> Body where Chunks.Element == Data {
            Body(.chunks(length: contentLength, makeIterator: { AnyIterator(makeIterator()) }))
        }

        /// `totalBytes` bytes of `pattern` repeated (the last repetition cut short), produced in
        /// chunks of about `chunkSize` bytes that all share one buffer: a large body for
        /// throughput and backpressure tests at almost no cost in memory or time.
        public static func repeating(_ pattern: Data, totalBytes: Int, chunkSize: Int = 65_536) -> Body {
            guard !pattern.isEmpty, totalBytes > 0 else { return .empty }
            // A whole number of repetitions per chunk keeps the pattern seamless across chunks.
            let repetitions = max(1, chunkSize / pattern.count)
            var unit = Data(capacity: repetitions * pattern.count)
            for _ in 0..<repetitions { unit.append(pattern) }
            let chunk = unit
            return Body(
                .chunks(
                    length: totalBytes,
                    makeIterator: {
                        var remaining = totalBytes
                        return AnyIterator {
                            guard remaining > 0 else { return nil }
                            let count = min(remaining, chunk.count)
                            remaining -= count
                            return count == chunk.count ? chunk : chunk.prefix(count)
                        }
                    }
                )
            )
        }

        /// The body's size before content coding, when it is known in advance.
        public var contentLength: Int? {
            switch source {
            case .bytes(let bytes): bytes.count
            case .chunks(let length, _): length
            }
        }

        /// A fresh iterator over the body's chunks, for one response.
        func makeChunks() -> AnyIterator<Data> {
            switch source {
            case .bytes(let bytes):
                var offset = bytes.startIndex
                return AnyIterator {
                    guard offset < bytes.endIndex else { return nil }
                    let end = min(offset + Self.sliceSize, bytes.endIndex)
                    defer { offset = end }
                    return bytes[offset..<end]
                }
            case .chunks(_, let makeIterator):
                return makeIterator()
            }
        }
    }
}
