extension XMLSubtree {
    /// Calls `body` with the events the subtree was built from, in document order: its start
    /// element, its content, its end element: a transform's replacement, and the command line's
    /// `--select` with the `jsonl` and `summary` formats, which treat a selected subtree as the
    /// events it came from.
    ///
    /// Walks with a stack of its own, not by recursion, so a deeply nested subtree (allowed
    /// with `--huge`) cannot exhaust the thread's stack.
    package func forEachEvent(_ body: (XMLEvent) -> Void) {
        body(.startElement(name: name, attributes: attributes, namespaces: namespaces))
        var open: [(name: XMLName, contents: Contents)] = [(name, contents)]
        while let top = open.indices.last {
            guard let content = open[top].contents.next() else {
                body(.endElement(name: open[top].name))
                open.removeLast()
                continue
            }
            switch content {
            case .element(let child):
                body(.startElement(name: child.name, attributes: child.attributes, namespaces: child.namespaces))
                open.append((child.name, child.contents))
            case .text(let text): body(.text(text))
            case .cdata(let text): body(.cdata(text))
            case .comment(let text): body(.comment(text))
            case .processingInstruction(let target, let data): body(.processingInstruction(target: target, data: data))
            case .skippedEntity(let name): body(.skippedEntity(name: name))
            }
        }
    }
}
