/// Walks an ``XMLPath`` over the start and end tags of a document as they stream past, and says
/// of each element that starts whether the path selects it: the one place where selection by
/// path is decided, for ``XMLTapeSelector`` and ``XMLSubtreeSelector`` (which build what it
/// selects) and for the transforms (which remove or replace it).
///
/// An element the walker selects is taken whole by its caller: nothing inside it and not its
/// end tag comes back to the walker, so an element nested in a selected element is part of the
/// outer selection and is not selected on its own. Outside a selected element only the walker's
/// stack moves.
///
/// For each open element it keeps one word: bit *i* is set when the element's ancestry ends
/// with (for an absolute path: is exactly) the path's first *i* steps. A child's word follows
/// from its parent's and its own name alone (names are resolved already, so the namespace
/// context is in them), so matching never looks back up the stack, and wildcards need no
/// backtracking: the word holds every partial match at once.
struct XMLPathWalker: Sendable {
    /// What an element's start tag is to the path.
    enum Start {
        /// Not selected: the walker entered it, and its end tag goes to ``end()``.
        case entered
        /// Selected: the caller takes it whole, and its content and end tag never come here.
        case selected
    }

    private let steps: [XMLPathStep]
    private let isAbsolute: Bool
    private let selectedBit: UInt64
    /// One word per open element that was not selected, the innermost last.
    private var stack: [UInt64] = []

    init(_ path: XMLPath) {
        steps = path.steps
        isAbsolute = path.isAbsolute
        selectedBit = 1 << UInt64(path.steps.count)
        stack.reserveCapacity(32)
    }

    /// An element starts outside any selected element.
    mutating func start(_ name: XMLName) -> Start {
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
        // A selected element's descendants never come here, so its word is never read.
        if word & selectedBit != 0 { return .selected }
        stack.append(word)
        return .entered
    }

    /// The innermost element the walker entered ends.
    mutating func end() {
        if !stack.isEmpty { stack.removeLast() }
    }
}
