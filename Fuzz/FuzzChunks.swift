/// A fixed list of chunks as an asynchronous sequence, so the fuzz input reaches the parser
/// through the public ``XMLEvents`` iterator exactly as a network source's reads would.
struct FuzzChunks: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    let chunks: [[UInt8]]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [[UInt8]]
        var index = 0

        mutating func next() async -> [UInt8]? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}
