extension XMLSubtree {
    /// One step of a ``Walk``.
    enum WalkStep {
        /// An element starts: the subtree's own element first, then each element inside it.
        case enter(XMLSubtree)
        /// A piece of content other than an element, inside the element entered last and not
        /// yet left.
        case content(XMLContent)
        /// The element's content is done: its end.
        case leave(XMLSubtree)
    }

    /// The subtree in document order, as its events would report it: each element entered, its
    /// content, each element left. Writing a subtree, replaying it as events and reading it into
    /// a record all walk it so.
    ///
    /// Walks with a stack of its own, not by recursion, so that a deeply nested subtree (allowed
    /// with larger limits) cannot exhaust the thread's stack.
    struct Walk: Sequence, IteratorProtocol {
        private var unvisited: XMLSubtree?
        private var open: [(element: XMLSubtree, contents: Contents)] = []

        init(_ subtree: XMLSubtree) {
            unvisited = subtree
        }

        mutating func next() -> WalkStep? {
            if let subtree = unvisited {
                unvisited = nil
                open.append((subtree, subtree.contents))
                return .enter(subtree)
            }
            guard let top = open.indices.last else { return nil }
            guard let piece = open[top].contents.next() else {
                return .leave(open.removeLast().element)
            }
            guard case .element(let child) = piece else { return .content(piece) }
            open.append((child, child.contents))
            return .enter(child)
        }
    }

    /// The subtree in document order, without recursion (see ``Walk``).
    var walk: Walk { Walk(self) }

    /// The event that reports the element's start.
    var startElementEvent: XMLEvent {
        .startElement(name: name, attributes: attributes, namespaces: namespaces)
    }
}
