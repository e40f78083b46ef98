import Foundation
import XMLEvents

/// What parsing one input produced: every event, and the error that ended it, if any.
struct ParseOutcome: Equatable, CustomStringConvertible {
    var events: [XMLEvent]
    var error: XMLParsingError?

    var description: String {
        (events.map(\.description) + [error.map { "ERROR \($0)" } ?? "OK"]).joined(separator: "\n")
    }
}

/// A fixed list of chunks as an asynchronous sequence: the test controls every boundary.
struct FixedChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let chunks: [Data]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: [Data]
        var index = 0
        mutating func next() async -> Data? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

/// A small deterministic generator (SplitMix64), so random splits repeat run after run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Chunking {
    /// Splits `data` at the given offsets.
    static func split(_ data: Data, at offsets: [Int]) -> [Data] {
        var chunks: [Data] = []
        var start = 0
        for offset in offsets.sorted() where offset > start && offset < data.count {
            chunks.append(data.subdata(in: start..<offset))
            start = offset
        }
        chunks.append(data.subdata(in: start..<data.count))
        return chunks
    }

    static func fixed(_ data: Data, size: Int) -> [Data] {
        split(data, at: Array(stride(from: size, to: data.count, by: size)))
    }

    static func random(_ data: Data, seed: UInt64, cuts: Int) -> [Data] {
        guard data.count > 1 else { return [data] }
        var random = SeededRandom(state: seed)
        return split(data, at: (0..<cuts).map { _ in Int.random(in: 1..<data.count, using: &random) })
    }
}

/// Parses `chunks` with ``XMLEvents`` and records everything it yields.
func parse(chunks: [Data], options: XMLParsingOptions = .default) async -> ParseOutcome {
    var outcome = ParseOutcome(events: [], error: nil)
    do {
        for try await event in XMLEvents(FixedChunks(chunks: chunks), options: options) {
            outcome.events.append(event)
        }
    } catch let error as XMLParsingError {
        outcome.error = error
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return outcome
}

func parse(_ data: Data, options: XMLParsingOptions = .default) async -> ParseOutcome {
    await parse(chunks: [data], options: options)
}

func parse(_ text: String, options: XMLParsingOptions = .default) async -> ParseOutcome {
    await parse(Data(text.utf8), options: options)
}

extension XMLPushParser {
    /// The events a chunk completes, for tests that expect no error.
    func feed(_ chunk: some ContiguousBytes & Sendable) async throws -> [XMLEvent] {
        var events: [XMLEvent] = []
        try feed(chunk, into: &events)
        return events
    }

    /// The remaining events, for tests that expect no error.
    func finish() async throws -> [XMLEvent] {
        var events: [XMLEvent] = []
        try finish(into: &events)
        return events
    }
}
