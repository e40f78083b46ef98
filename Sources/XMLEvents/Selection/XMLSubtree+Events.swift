extension XMLSubtree {
    /// Calls `body` with the events the subtree was built from, in document order: its start
    /// element, its content, its end element: a transform's replacement, and the command line's
    /// `--select` with the `jsonl` and `summary` formats, which treat a selected subtree as the
    /// events it came from. Deep subtrees are walked without recursion (see ``Walk``).
    package func forEachEvent(_ body: (XMLEvent) -> Void) {
        for step in walk {
            switch step {
            case .enter(let element): body(element.startElementEvent)
            case .content(let content): body(content.event)
            case .leave(let element): body(.endElement(name: element.name))
            }
        }
    }
}
