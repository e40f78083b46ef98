import Foundation

/// Where the streams of a multistream bzip2 file may start, found in its compressed bytes as they
/// arrive: so that streams further on can be decoded while the one before them still is.
///
/// A stream starts on a byte with `BZh`, its block size (`1` to `9`) and, byte-aligned right
/// after, its first block's magic `31 41 59 26 53 59` (or, for an empty stream, the end-of-stream
/// magic `17 72 45 38 50 90`). Blocks after the first and the stream's end are not byte-aligned,
/// so ten such bytes inside a stream are rare, but possible (data crafted to hold them): a start
/// found here is a guess, which only the stream before it, ending exactly there, confirms.
struct Bzip2StreamStarts {
    /// How many bytes tell a start.
    static let length = 10

    /// The bytes at the end of what was scanned that may begin a start the next chunk completes.
    private var tail: [UInt8] = []
    /// The offset in the file of the next byte to scan.
    private(set) var offset: Int

    /// A scanner whose next chunk begins at `offset` in the file.
    init(offset: Int) {
        self.offset = offset
    }

    /// Whether `bytes` (at least ``length`` of them) begin as a stream does.
    static func isStart(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= length, bytes[0] == 0x42, bytes[1] == 0x5A, bytes[2] == 0x68,
            (0x31...0x39).contains(bytes[3])
        else { return false }
        let block: [UInt8] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
        let end: [UInt8] = [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]
        let magic = bytes[4..<10]
        return magic.elementsEqual(block) || magic.elementsEqual(end)
    }

    /// The file offsets, in order, of the starts that end in `chunk`, the bytes after those
    /// scanned before.
    mutating func scan(_ chunk: UnsafeRawBufferPointer) -> [Int] {
        var found: [Int] = []
        let length = Self.length
        // Starts that begin in the bytes kept from before.
        if !tail.isEmpty {
            let joined = tail + chunk.prefix(length - 1)
            joined.withUnsafeBytes { bytes in
                for index in 0..<tail.count where index + length <= bytes.count {
                    if Self.isStart(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + length)])) {
                        found.append(offset - tail.count + index)
                    }
                }
            }
        }
        // Starts within the chunk: a `B` found by memchr, then the rest compared.
        if let base = chunk.baseAddress, chunk.count >= length {
            let last = chunk.count - length
            var index = 0
            while index <= last, let hit = memchr(base + index, 0x42, last - index + 1) {
                let at = base.distance(to: UnsafeRawPointer(hit))
                if Self.isStart(UnsafeRawBufferPointer(rebasing: chunk[at..<(at + length)])) {
                    found.append(offset + at)
                }
                index = at + 1
            }
        }
        // The last bytes may begin a start that the next chunk completes.
        tail = Array((tail + chunk.suffix(length - 1)).suffix(length - 1))
        offset += chunk.count
        return found
    }
}
