/// The logic of ``XMLSubtreeSequence`` over a sequence of events, apart from the iteration that
/// feeds it: an invalid path reported once, the selection while the base lasts, and nothing
/// after it ended.
@usableFromInline
struct XMLSelectionStateMachine {
    /// What the iterator is to do when asked for the next subtree.
    @usableFromInline
    enum NextAction {
        /// Pull from the base.
        case pull
        case fail(XMLPathError)
        case finish
    }

    /// `nil` when the base's parser selects, once finished, or when the path was invalid.
    private var selector: XMLSubtreeSelector?
    /// An invalid path, reported by the first pull.
    private var pathError: XMLPathError?
    private var isSelecting = false

    /// - Parameters:
    ///   - path: The path, or why it is not valid.
    ///   - selectsEvents: Whether events are fed to be selected here; `false` when the base's
    ///     parser selects and this machine only keeps the iteration's state.
    @usableFromInline
    init(path: Result<XMLPath, XMLPathError>, selectsEvents: Bool) {
        switch path {
        case .success(let path):
            isSelecting = true
            if selectsEvents { selector = XMLSubtreeSelector(path) }
        case .failure(let error):
            pathError = error
        }
    }

    @usableFromInline
    mutating func next() -> NextAction {
        if let pathError {
            self.pathError = nil
            return .fail(pathError)
        }
        return isSelecting ? .pull : .finish
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
