/// The shape every event sequence must have, whatever the input: what ``XMLEvent`` promises.
///
/// A well-formed document yields `startDocument` first and `endDocument` last, exactly one root,
/// balanced elements with matching names, and character data as maximal runs (never empty, never
/// two text events in a row). A failed parse yields a prefix of such a sequence, without
/// `endDocument`.
enum FuzzEventGrammar {
    /// Why `outcome` breaks the grammar, or `nil` when it keeps it.
    static func violation(in outcome: FuzzOutcome) -> String? {
        if let foreign = outcome.foreignError { return "an error that is not XMLParsingError: \(foreign)" }
        var open: [XMLName] = []
        var roots = 0
        var previousWasText = false
        for (index, event) in outcome.events.enumerated() {
            let isFirst = index == 0
            let isLast = index == outcome.events.count - 1
            switch event {
            case .startDocument:
                guard isFirst else { return "startDocument at \(index)" }
            case .endDocument:
                guard isLast, outcome.error == nil else {
                    return "endDocument at \(index) (error: \(outcome.error != nil))"
                }
                guard open.isEmpty, roots == 1 else { return "endDocument with \(open.count) open, \(roots) roots" }
            case .startElement(let name, _, _):
                if open.isEmpty { roots += 1 }
                guard roots == 1 else { return "a second root element at \(index)" }
                open.append(name)
            case .endElement(let name):
                guard open.popLast() == name else { return "endElement \(name) at \(index) does not match" }
            case .text(let text):
                guard !text.isEmpty, !previousWasText else { return "empty or split text at \(index)" }
                guard !open.isEmpty else { return "text outside the root at \(index)" }
            case .doctype:
                guard roots == 0 else { return "doctype after the root at \(index)" }
            case .cdata:
                guard !open.isEmpty else { return "CDATA outside the root at \(index)" }
            case .skippedEntity:
                guard !open.isEmpty else { return "skipped entity outside the root at \(index)" }
            case .comment, .processingInstruction:
                break
            }
            if case .text = event { previousWasText = true } else { previousWasText = false }
        }
        if outcome.error == nil {
            guard case .endDocument = outcome.events.last else { return "no error and no endDocument" }
            guard case .startDocument = outcome.events.first else { return "no error and no startDocument" }
        }
        return nil
    }
}
