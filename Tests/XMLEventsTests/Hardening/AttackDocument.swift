import Foundation

/// A hostile document described as literal pieces and repeated patterns, so that tests can
/// generate megabytes of it on the fly instead of holding (or checking in) the bytes.
struct AttackDocument: Sendable {
    enum Segment: Sendable {
        case literal([UInt8])
        case repeated([UInt8], count: Int)
        /// `count` pieces made by `piece(index)`: distinct attribute names, say.
        case numbered(count: Int, piece: @Sendable (Int) -> String)
    }

    var segments: [Segment]

    init(_ segments: [Segment]) { self.segments = segments }

    /// A document that is a string, whole.
    init(_ text: String) { self.segments = [.literal(Array(text.utf8))] }

    /// A document that is bytes, whole (invalid UTF-8 and NUL bytes included).
    init(bytes: [UInt8]) { self.segments = [.literal(bytes)] }

    /// The document's length in bytes, without making it.
    var byteCount: Int {
        segments.reduce(0) { total, segment in
            switch segment {
            case .literal(let bytes): return total + bytes.count
            case .repeated(let pattern, let count): return total + pattern.count * count
            case .numbered(let count, let piece): return total + (0..<count).reduce(0) { $0 + piece($1).utf8.count }
            }
        }
    }

    /// The whole document in memory, for the small ones served over HTTP.
    var data: Data {
        var result = Data()
        for chunk in AttackChunks(document: self, chunkSize: 1 << 16).makeChunkList() {
            result.append(contentsOf: chunk)
        }
        return result
    }
}

extension AttackDocument.Segment {
    static func text(_ string: String) -> Self { .literal(Array(string.utf8)) }
    static func text(_ string: String, times count: Int) -> Self { .repeated(Array(string.utf8), count: count) }
}
