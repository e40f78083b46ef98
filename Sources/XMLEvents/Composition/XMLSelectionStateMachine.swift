/// The logic of ``XMLSubtreeSequence`` over a sequence of events, apart from the iteration that
/// feeds it: the selection while the base lasts, and nothing after it ended.
@usableFromInline
struct XMLSelectionStateMachine {
    /// `nil` when the base's parser selects, or once finished.
    private var selector: XMLSubtreeSelector?
    /// Whether the base may still give subtrees; `false` once it ended or failed.
    @usableFromInline private(set) var isSelecting = true

    /// - Parameters:
    ///   - path: The path, checked already.
    ///   - selectsEvents: Whether events are fed to be selected here; `false` when the base's
    ///     parser selects and this machine only keeps the iteration's state.
    @usableFromInline
    init(path: XMLPath, selectsEvents: Bool) {
        if selectsEvents { selector = XMLSubtreeSelector(path) }
    }

    /// The base ended or failed: nothing more will be selected, and a partly built subtree is
    /// let go.
    @usableFromInline
    mutating func baseEnded() {
        isSelecting = false
        selector = nil
    }

    /// Feeds one event; returns the subtree it completes, if any.
    @usableFromInline
    mutating func consume(_ event: consuming XMLEvent) -> XMLSubtree? {
        selector?.consume(event, location: nil)
    }
}
