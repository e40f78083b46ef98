/// Which elements an ``XMLPath`` selects, and each selected element built whole: fed one event
/// at a time, it hands back a subtree when a selected element ends.
///
/// An ``XMLPathWalker`` decides what is selected, as it does for ``XMLTapeSelector``; every
/// event of a selected element goes to the builder.
///
/// ``XMLSubtreeSequence`` feeds it the events of its base; made from ``XMLEvents``, it selects
/// on the parser's tape instead, with an ``XMLTapeSelector``.
@usableFromInline
struct XMLSubtreeSelector {
    private var walker: XMLPathWalker
    private var builder = XMLTreeBuilder()

    @usableFromInline
    init(_ path: XMLPath) {
        walker = XMLPathWalker(path)
    }

    /// Whether a selected element is open: character data now belongs to a subtree.
    var isBuilding: Bool { builder.isBuilding }

    /// Feeds one event, with where it was reported when it is a start element and that is
    /// known; returns the subtree a selected element's end completes.
    @usableFromInline
    mutating func consume(_ event: consuming XMLEvent, location: XMLLocation?) -> XMLSubtree? {
        switch consume event {
        case .startElement(let name, let attributes, let namespaces):
            startElement(name: name, attributes: attributes, namespaces: namespaces, location: location)
        case .endElement:
            return endElement()
        case let other:
            if let content = XMLContent(other) { append(content) }
        }
        return nil
    }

    /// An element starts: it is built when it is selected or inside a selected element.
    private mutating func startElement(
        name: XMLName, attributes: XMLAttributes, namespaces: [XMLNamespaceDeclaration], location: XMLLocation?
    ) {
        if builder.isBuilding || walker.start(name) == .selected {
            builder.start(name: name, attributes: attributes, namespaces: namespaces, location: location)
        }
    }

    /// An element ends; returns its subtree when it was a selected one.
    private mutating func endElement() -> XMLSubtree? {
        guard builder.isBuilding else {
            walker.end()
            return nil
        }
        return builder.end()
    }

    /// Content other than an element: kept inside a selected element, dropped outside.
    private mutating func append(_ node: XMLContent) {
        if builder.isBuilding { builder.append(node) }
    }
}
