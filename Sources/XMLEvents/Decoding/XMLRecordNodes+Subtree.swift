extension XMLRecordNodes {
    /// Fills the emptied table with the record of a subtree built already (see
    /// ``XMLRecordNodesBuilder/build(_:)``).
    func append(_ subtree: XMLSubtree, context: XMLDecodingContext) {
        location = subtree.location
        // Walked with a stack of its own, not by recursion, so deep trees cannot exhaust the
        // thread's stack.
        var pending = [appendStart(of: subtree, context: context)]
        while let top = pending.indices.last {
            guard let content = pending[top].next() else {
                pending.removeLast()
                _ = endElement()
                continue
            }
            switch content {
            case .element(let child):
                pending.append(appendStart(of: child, context: context))
            case .text(let text), .cdata(let text):
                appendCharacterData(text)
            case .comment, .processingInstruction:
                appendOther()
            case .skippedEntity(let name):
                appendSkippedEntity(name)
            }
        }
    }

    /// Starts an element with its attributes; returns its content.
    private func appendStart(of element: XMLSubtree, context: XMLDecodingContext) -> XMLSubtree.Contents {
        startElement(element.name, at: element.location, context: context)
        let attributes = element.attributes
        attributes.withEntries { entries, bytes in
            for entry in entries {
                appendAttribute(
                    entry.name, value: UnsafeBufferPointer(start: bytes + entry.valueStart, count: entry.valueCount),
                    context: context)
            }
        }
        return element.contents
    }

    private func appendCharacterData(_ text: String) {
        var text = text
        text.withUTF8 { appendCharacterData($0) }
    }
}
