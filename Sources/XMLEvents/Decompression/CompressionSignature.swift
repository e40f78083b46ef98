import XMLEventsInput

/// The first bytes of each compression format, and what a document's first bytes say.
///
/// Only a byte that can start one of the formats (`1F`, `B`, `FD`, `(`, `P` to `_`) makes the
/// reader look further; a document that starts with `<`, a byte order mark or white space is
/// told apart by its first byte.
@usableFromInline
enum CompressionSignature {
    /// What the bytes at hand say.
    @usableFromInline
    enum Verdict: Equatable {
        /// Not a compressed stream: parse the bytes as they are.
        case plain
        /// The start of a stream in this format.
        case compressed(XMLDecompression.Format)
        /// A prefix of a signature: more bytes decide.
        case undecided
    }

    /// The most bytes a verdict needs.
    static let length = 6

    /// Each format's signature, a range of values per byte.
    private static let signatures: [(XMLDecompression.Format, [ClosedRange<UInt8>])] = [
        (.gzip, [0x1F...0x1F, 0x8B...0x8B]),
        // "BZh" and the block size, 1 to 9.
        (.bzip2, [0x42...0x42, 0x5A...0x5A, 0x68...0x68, 0x31...0x39]),
        (.xz, [0xFD...0xFD, 0x37...0x37, 0x7A...0x7A, 0x58...0x58, 0x5A...0x5A, 0x00...0x00]),
        (.zstd, [0x28...0x28, 0xB5...0xB5, 0x2F...0x2F, 0xFD...0xFD]),
        // A skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian) may come first.
        (.zstd, [0x50...0x5F, 0x2A...0x2A, 0x4D...0x4D, 0x18...0x18]),
    ]

    /// What `bytes`, the first of a document, say; with `isComplete`, they are all there is, so
    /// a prefix of a signature is plain.
    @usableFromInline
    static func classify(_ bytes: UnsafeRawBufferPointer, isComplete: Bool) -> Verdict {
        guard let first = bytes.first else { return isComplete ? .plain : .undecided }
        // The common case, a document's markup, decided by its first byte.
        if first == UInt8(ascii: "<") || first == 0xEF || first == 0xFE || first == 0xFF
            || first <= 0x20 && first != 0x1F
        {
            return .plain
        }
        var isPrefix = false
        for (format, signature) in signatures {
            let count = Swift.min(bytes.count, signature.count)
            guard (0..<count).allSatisfy({ signature[$0].contains(bytes[$0]) }) else { continue }
            if count == signature.count { return .compressed(format) }
            isPrefix = true
        }
        return isPrefix && !isComplete ? .undecided : .plain
    }
}
