/// The pseudo-random source behind every choice a document makes.
///
/// SplitMix64 is fully specified by a few lines of integer arithmetic, so a seed yields the same
/// stream on every machine and toolchain; the system generator is neither seedable nor stable.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`; the multiply-shift mapping avoids a division and its bias is
    /// negligible for the small bounds used here.
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// `true` in about `percent` out of 100 calls.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One of `elements`, which must not be empty.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
