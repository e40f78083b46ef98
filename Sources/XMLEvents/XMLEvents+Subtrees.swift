import Foundation
import XMLEventsInput

extension XMLEvents {
    /// The elements an ``XMLPath`` selects, each built whole as an ``XMLSubtree``.
    ///
    /// ```swift
    /// for try await entry in try XMLEvents(url: feedURL).elements(matching: "entry") {
    ///     print(entry.text("title") ?? "")
    /// }
    /// ```
    ///
    /// The parser selects: nothing outside a selected element becomes an event, a string or an
    /// array, and each subtree has the ``XMLSubtree/location`` of its start tag. Any other
    /// sequence of events selects from its events, with
    /// ``_Concurrency/AsyncSequence/elements(matching:namespaces:)``.
    ///
    /// Each iterator parses the document anew from the source's beginning, and lets go of the
    /// source and the parser as soon as the document ends or fails, or when it is dropped.
    ///
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    /// - Returns: The selected subtrees.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    public func elements(
        matching path: String, namespaces: [String: String] = [:]
    ) throws(XMLPathError) -> XMLSubtreeSequence<Self> {
        elements(matching: try XMLPath(path, namespaces: namespaces))
    }

    /// The elements `path` selects, each built whole.
    ///
    /// - Parameter path: A path read already.
    /// - Returns: The selected subtrees.
    public func elements(matching path: XMLPath) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(self, path: path, parser: ParsedSubtrees(path: path))
    }

    /// How the parser selects the subtrees of an ``XMLSubtreeSequence`` made from the events.
    ///
    /// The subtrees are built by the reader, also when the document is parsed on several cores:
    /// a subtree is a few allocations (its nodes, its attributes, its long strings) that the
    /// reader frees, and made by a worker they cost the C allocator more than building them
    /// costs (see <doc:Performance>).
    struct ParsedSubtrees: XMLFeedSelection {
        let path: XMLPath

        func start(_ events: XMLEvents) -> any XMLFeedSelecting<XMLSubtree> {
            XMLTapeSelector(path, feed: events.makeFeed(), builder: XMLTreeBuilder())
        }
    }
}
