import Foundation
import Synchronization
import XMLEvents

/// Collects every element of an asynchronous sequence.
func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var elements: [S.Element] = []
    for try await element in sequence { elements.append(element) }
    return elements
}

/// The selected subtrees of `xml`, written back out, for compact expectations.
func selected(_ xml: String, path: String, namespaces: [String: String] = [:]) async throws -> [String] {
    try await collect(XMLEvents(string: xml).elements(matching: path, namespaces: namespaces)).map(\.description)
}

/// The subtree of a whole small document.
func subtree(_ xml: String) async throws -> XMLSubtree {
    let elements = try await collect(XMLEvents(string: xml).elements(matching: "/*"))
    guard let root = elements.first else { throw CompositionTestFailure("no root element") }
    return root
}

struct CompositionTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Records whether the iterator of a ``ReleaseTrackingChunks`` is still alive.
final class ReleaseFlag: Sendable {
    private let state = Mutex((made: 0, released: 0, chunksRead: 0))

    var iteratorsMade: Int { state.withLock { $0.made } }
    var iteratorsReleased: Int { state.withLock { $0.released } }
    var chunksRead: Int { state.withLock { $0.chunksRead } }
    var isReleased: Bool { state.withLock { $0.made > 0 && $0.made == $0.released } }

    func made() { state.withLock { $0.made += 1 } }
    func released() { state.withLock { $0.released += 1 } }
    func read() { state.withLock { $0.chunksRead += 1 } }
}

/// Chunks of a document whose iterator is a class that reports when it is released, as an HTTP
/// transfer would stop then.
struct ReleaseTrackingChunks: AsyncSequence, Sendable {
    typealias Element = Data
    typealias Failure = Never

    let chunks: [Data]
    let flag: ReleaseFlag

    init(_ text: String, chunkSize: Int, flag: ReleaseFlag) {
        let data = Data(text.utf8)
        chunks = stride(from: 0, to: data.count, by: chunkSize).map {
            data.subdata(in: $0..<Swift.min($0 + chunkSize, data.count))
        }
        self.flag = flag
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(box: Box(chunks: chunks, flag: flag))
    }

    final class Box {
        let chunks: [Data]
        let flag: ReleaseFlag
        var index = 0

        init(chunks: [Data], flag: ReleaseFlag) {
            self.chunks = chunks
            self.flag = flag
            flag.made()
        }

        deinit { flag.released() }
    }

    struct Iterator: AsyncIteratorProtocol {
        let box: Box

        mutating func next() async -> Data? {
            guard box.index < box.chunks.count else { return nil }
            defer { box.index += 1 }
            box.flag.read()
            return box.chunks[box.index]
        }
    }
}

/// A generated document of `count` small records, produced chunk by chunk and never held whole.
struct GeneratedRecords: AsyncSequence, Sendable {
    typealias Element = Data
    typealias Failure = Never

    let count: Int
    /// Records per chunk.
    let batch: Int
    /// The record made long, by this many lines of padding inside it, if any.
    let longRecord: (index: Int, lines: Int)?

    init(count: Int, batch: Int = 500, longRecord: (index: Int, lines: Int)? = nil) {
        self.count = count
        self.batch = batch
        self.longRecord = longRecord
    }

    /// A line of the long record's padding.
    static let paddingLine = "<padding n=\"1\">a line of a record longer than a chunk</padding>\n"

    /// One record's markup.
    static func record(_ index: Int) -> String {
        "<record id=\"\(index)\" kind=\"k\(index % 7)\"><name>Record number \(index)</name>"
            + "<value>\(Double(index) / 4)</value><flag>\(index % 2 == 0)</flag>"
            + "<created>2024-01-\(10 + index % 18)T10:00:00Z</created><note>&lt;plain&gt; text</note></record>\n"
    }

    func makeAsyncIterator() -> Iterator { Iterator(count: count, batch: batch, longRecord: longRecord) }

    struct Iterator: AsyncIteratorProtocol {
        let count: Int
        let batch: Int
        let longRecord: (index: Int, lines: Int)?
        var next = 0
        /// The padding lines of the long record still to come, once it has started.
        var paddingLeft: Int?
        var finished = false

        init(count: Int, batch: Int, longRecord: (index: Int, lines: Int)?) {
            self.count = count
            self.batch = batch
            self.longRecord = longRecord
        }

        mutating func next() async -> Data? {
            if finished { return nil }
            if let left = paddingLeft {
                // The long record comes a batch of padding lines at a time, then its end.
                let lines = Swift.min(left, batch * 4)
                paddingLeft = left - lines == 0 ? nil : left - lines
                var text = String(repeating: GeneratedRecords.paddingLine, count: lines)
                if paddingLeft == nil { text += "</record>\n" }
                return Data(text.utf8)
            }
            var text = next == 0 ? "<?xml version=\"1.0\"?>\n<registry xmlns=\"urn:example:registry\">\n" : ""
            let end = Swift.min(next + batch, count)
            while next < end {
                if let longRecord, next == longRecord.index {
                    text += "<record id=\"\(next)\" kind=\"long\"><name>Record number \(next)</name>\n"
                    paddingLeft = longRecord.lines
                    next += 1
                    return Data(text.utf8)
                }
                text += GeneratedRecords.record(next)
                next += 1
            }
            if next == count {
                text += "</registry>\n"
                finished = true
            }
            return Data(text.utf8)
        }
    }
}
