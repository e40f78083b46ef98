/// How one fuzz input is cut into chunks and which parse options it runs with.
///
/// Everything is derived from a hash of the input rather than from a header of control bytes:
/// every byte stays part of the document, so the seed corpus is plain XML, and a crash file
/// reproduces the exact same splits when it is run again.
struct FuzzSplitPlan {
    /// Where the document is cut, ascending, each strictly inside the document.
    let offsets: [Int]
    let reportsCDATA: Bool
    let dropsWhitespaceOnlyText: Bool

    init(for bytes: UnsafeRawBufferPointer) {
        var random = SplitMix64(seed: FuzzSplitPlan.fnv1a(bytes))
        let count = bytes.count
        reportsCDATA = random.next() & 1 == 1
        dropsWhitespaceOnlyText = random.next() & 3 == 0
        guard count > 1 else {
            offsets = []
            return
        }
        var cuts: [Int] = []
        switch random.next() % 4 {
        case 0:
            // A few cuts anywhere: the shape of network reads.
            for _ in 0..<(1 + random.below(16)) { cuts.append(1 + random.below(count - 1)) }
        case 1:
            // Small fixed chunks, so every construct is split somewhere; capped at 4,096 chunks
            // so one input stays cheap.
            let size = Swift.max(1 + random.below(97), count / 4_096)
            cuts = Array(stride(from: size, to: count, by: size))
        case 2:
            // Cuts right at and around the parser's own 4 KiB step boundaries.
            let step = 4_096
            for boundary in stride(from: step, to: count + 1, by: step) {
                cuts += [boundary - 1, boundary, boundary + 1]
            }
            cuts.append(1)
        default:
            // One cut near each step boundary, jittered, plus one random cut.
            let step = 4_096
            for boundary in stride(from: step, to: count + step, by: step) {
                cuts.append(boundary - 8 + random.below(17))
            }
            cuts.append(1 + random.below(count - 1))
        }
        offsets = Array(Set(cuts.filter { $0 > 0 && $0 < count })).sorted()
    }

    /// The document cut at ``offsets``.
    func chunks(of bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        for offset in offsets {
            result.append(Array(bytes[start..<offset]))
            start = offset
        }
        result.append(Array(bytes[start...]))
        return result
    }

    private static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
