/// Decides, as start and end tags stream past, which elements an ``XMLPath`` selects.
///
/// For each open element it keeps one word: bit *i* is set when the element's ancestry ends
/// with (for an absolute path: is exactly) the path's first *i* steps. A child's word follows
/// from its parent's and its own name alone, so matching never looks back up the stack, and
/// wildcards need no backtracking: the word holds every partial match at once.
struct XMLPathMatcher: Sendable {
    private let steps: [XMLPathStep]
    private let isAbsolute: Bool
    private let selectedBit: UInt64
    /// One word per open element, the innermost last.
    private var stack: [UInt64] = []

    init(_ path: XMLPath) {
        steps = path.steps
        isAbsolute = path.isAbsolute
        selectedBit = 1 << UInt64(path.steps.count)
        stack.reserveCapacity(32)
    }

    /// How many elements are open.
    var depth: Int { stack.count }

    /// An element starts; returns whether the path selects it.
    mutating func enter(_ name: XMLName) -> Bool {
        var parent: UInt64
        if let last = stack.last {
            parent = isAbsolute ? last : last | 1
        } else {
            parent = 1
        }
        var word: UInt64 = 0
        // Only the bits below the selected one can be extended by one more step.
        parent &= selectedBit &- 1
        while parent != 0 {
            let index = parent.trailingZeroBitCount
            if steps[index].matches(name) { word |= 2 << UInt64(index) }
            parent &= parent &- 1
        }
        stack.append(word)
        return word & selectedBit != 0
    }

    /// The innermost open element ends.
    mutating func leave() {
        if !stack.isEmpty { stack.removeLast() }
    }
}
