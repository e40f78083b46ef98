extension XMLRecordNodes {
    /// Fills the emptied table with the record of a subtree built already (see
    /// ``XMLRecordNodesBuilder/build(_:)``).
    func append(_ subtree: XMLSubtree, context: XMLDecodingContext) {
        location = subtree.location
        for step in subtree.walk {
            switch step {
            case .enter(let element): appendStart(of: element, context: context)
            case .content(.text(let text)), .content(.cdata(let text)): appendCharacterData(text)
            case .content(.skippedEntity(let name)): appendSkippedEntity(name)
            // Comments and processing instructions; a child element comes as `enter`.
            case .content: appendOther()
            case .leave: _ = endElement()
            }
        }
    }

    /// Starts an element with its attributes.
    private func appendStart(of element: XMLSubtree, context: XMLDecodingContext) {
        startElement(element.name, at: element.location, context: context)
        let attributes = element.attributes
        attributes.withEntries { entries, bytes in
            for entry in entries {
                appendAttribute(
                    entry.name, value: UnsafeBufferPointer(start: bytes + entry.valueStart, count: entry.valueCount),
                    context: context)
            }
        }
    }

    private func appendCharacterData(_ text: String) {
        var text = text
        text.withUTF8 { appendCharacterData($0) }
    }
}
