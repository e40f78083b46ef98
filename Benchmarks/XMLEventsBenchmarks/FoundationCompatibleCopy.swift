import Foundation

/// A copy of a corpus file that Foundation's `XMLParser` can read, for documents it would
/// crash on.
///
/// swift-corelibs-foundation hands the data of a processing instruction to a non-optional
/// pointer parameter; libxml2 passes NULL for an instruction without data (`<?page-break?>`,
/// which the text shape has), and the parser crashes. The copy writes such an instruction with
/// the last character of its target turned into a space (`<?page-brea ?>`): same length, same
/// elements, attributes and text, now an instruction with empty data. Documents without one are
/// not copied.
enum FoundationCompatibleCopy {
    /// Where the copy of `path` goes, whether or not it exists.
    static func copyPath(for path: String) -> String {
        path + ".foundation.xml"
    }

    /// Writes the copy if the file needs one; removes a stale one if it does not.
    static func prepare(_ path: String) throws {
        let patches = try offsetsToPatch(in: path)
        let copy = copyPath(for: path)
        try? FileManager.default.removeItem(atPath: copy)
        guard !patches.isEmpty else { return }
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        guard let handle = FileHandle(forUpdatingAtPath: copy) else {
            throw BenchmarkError.io("cannot open \(copy) for patching")
        }
        defer { try? handle.close() }
        for offset in patches {
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: Data([UInt8(ascii: " ")]))
        }
    }

    /// The offsets of the last target byte of every processing instruction without data.
    private static func offsetsToPatch(in path: String) throws -> [Int] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchmarkError.io("cannot read \(path)") }
        defer { try? handle.close() }
        var scanner = Scanner()
        var offset = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            for byte in chunk {
                scanner.consume(byte, at: offset)
                offset += 1
            }
        }
        return scanner.patches
    }

    /// Finds `<?name?>` across chunk boundaries, one byte at a time.
    private struct Scanner {
        private enum State {
            case outside
            case sawLess
            case inTarget(length: Int)
            case sawQuestion(length: Int)
        }

        private var state = State.outside
        private(set) var patches: [Int] = []

        mutating func consume(_ byte: UInt8, at offset: Int) {
            switch (state, byte) {
            case (.outside, UInt8(ascii: "<")):
                state = .sawLess
            case (.sawLess, UInt8(ascii: "?")):
                state = .inTarget(length: 0)
            case (.inTarget(let length), UInt8(ascii: "?")) where length > 1:
                state = .sawQuestion(length: length)
            case (.inTarget(let length), _) where !isSpace(byte) && byte != UInt8(ascii: "?"):
                state = .inTarget(length: length + 1)
            case (.sawQuestion, UInt8(ascii: ">")):
                patches.append(offset - 2)
                state = .outside
            case (_, UInt8(ascii: "<")):
                state = .sawLess
            default:
                state = .outside
            }
        }

        private func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
