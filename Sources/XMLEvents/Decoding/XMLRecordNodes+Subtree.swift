extension XMLRecordNodes {
    /// Fills the emptied table with the record of a subtree built already (see
    /// ``XMLRecordNodesBuilder/build(_:)``).
    func append(_ subtree: XMLSubtree, context: XMLDecodingContext) {
        location = subtree.location
        // Walked with a stack of its own, not by recursion, so deep trees cannot exhaust the
        // thread's stack.
        var pending: [(children: [XMLContent], index: Int)] = [(appendStart(of: subtree, context: context), 0)]
        while let top = pending.indices.last {
            let index = pending[top].index
            guard index < pending[top].children.count else {
                pending.removeLast()
                _ = endElement()
                continue
            }
            pending[top].index = index + 1
            switch pending[top].children[index] {
            case .element(let child):
                pending.append((appendStart(of: child, context: context), 0))
            case .text(let text), .cdata(let text):
                appendCharacterData(text)
            case .comment, .processingInstruction:
                appendOther()
            case .skippedEntity(let name):
                appendSkippedEntity(name)
            }
        }
    }

    /// Starts an element with its attributes; returns its content when it is not one text run,
    /// which is appended at once.
    private func appendStart(of element: XMLSubtree, context: XMLDecodingContext) -> [XMLContent] {
        let storage = element.storage
        startElement(storage.name, at: storage.location, context: context)
        let attributes = storage.attributes
        attributes.storage?.withEntries(count: attributes.count) { entries, bytes in
            for entry in UnsafeBufferPointer(start: entries, count: attributes.count) {
                appendAttribute(
                    entry.name, value: UnsafeBufferPointer(start: bytes + entry.valueStart, count: entry.valueCount),
                    context: context)
            }
        }
        if let text = storage.onlyText {
            appendCharacterData(text)
            return []
        }
        return storage.nodes
    }

    private func appendCharacterData(_ text: String) {
        var text = text
        text.withUTF8 { appendCharacterData($0) }
    }
}
