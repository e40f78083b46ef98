/// The logic of ``XMLSubtreeSequence``, apart from the iteration that feeds it: which events
/// are skipped, which start a subtree, and when a subtree is complete.
///
/// Outside a selected element only the path stack moves. Inside one, every event goes to the
/// builder and the path is not consulted, so an element nested in a selected element is part of
/// the outer subtree and is not selected on its own.
@usableFromInline
struct XMLSelectionStateMachine {
    /// What the iterator is to do when asked for the next subtree.
    @usableFromInline
    enum NextAction {
        case pullEvent
        case fail(XMLPathError)
        case finish
    }

    /// `nil` once finished, or when the path was invalid.
    private var matcher: XMLPathMatcher?
    /// An invalid path, reported by the first pull.
    private var pathError: XMLPathError?
    private var builder = XMLTreeBuilder()

    @usableFromInline
    init(path: Result<XMLPath, XMLPathError>) {
        switch path {
        case .success(let path): matcher = XMLPathMatcher(path)
        case .failure(let error): pathError = error
        }
    }

    @usableFromInline
    mutating func next() -> NextAction {
        if let pathError {
            self.pathError = nil
            return .fail(pathError)
        }
        return matcher == nil ? .finish : .pullEvent
    }

    /// The base ended or failed: nothing more will be selected.
    @usableFromInline
    mutating func baseEnded() {
        matcher = nil
        builder = XMLTreeBuilder()
    }

    /// What the iterator is to do after an event.
    @usableFromInline
    enum ConsumeAction {
        /// Pull the next event.
        case pullEvent
        /// The start element just fed is part of a subtree: call ``locate(_:)`` with where it was
        /// reported, then pull the next event.
        case locate
        /// Hand out this subtree.
        case emit(XMLSubtree)
    }

    /// Feeds one event.
    @usableFromInline
    mutating func consume(_ event: XMLEvent) -> ConsumeAction {
        if builder.isBuilding {
            switch event {
            case .startElement(let name, let attributes, let namespaces):
                builder.start(name: name, attributes: attributes, namespaces: namespaces, location: nil)
                return .locate
            case .endElement:
                if let subtree = builder.end() {
                    // The selected element's own entry leaves the path stack with it.
                    matcher?.leave()
                    return .emit(subtree)
                }
            case .text(let text):
                builder.append(.text(text))
            case .cdata(let text):
                builder.append(.cdata(text))
            case .comment(let text):
                builder.append(.comment(text))
            case .processingInstruction(let target, let data):
                builder.append(.processingInstruction(target: target, data: data))
            case .startDocument, .doctype, .endDocument:
                break
            }
            return .pullEvent
        }
        switch event {
        case .startElement(let name, let attributes, let namespaces):
            if matcher?.enter(name) == true {
                builder.start(name: name, attributes: attributes, namespaces: namespaces, location: nil)
                return .locate
            }
        case .endElement:
            matcher?.leave()
        default:
            break
        }
        return .pullEvent
    }

    /// Records where the start element just fed was reported.
    @usableFromInline
    mutating func locate(_ location: XMLLocation?) {
        builder.locate(location)
    }
}
