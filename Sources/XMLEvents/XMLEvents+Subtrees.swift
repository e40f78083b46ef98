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
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    /// - Returns: The selected subtrees.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    public func elements(
        matching path: String, namespaces: [String: String] = [:]
    ) throws(XMLPathError) -> Subtrees {
        Subtrees(events: self, path: try XMLPath(path, namespaces: namespaces))
    }

    /// The elements `path` selects, each built whole.
    ///
    /// - Parameter path: A path read already.
    /// - Returns: The selected subtrees.
    public func elements(matching path: XMLPath) -> Subtrees {
        Subtrees(events: self, path: path)
    }

    /// The elements of the document that an ``XMLPath`` selects, each built whole as an
    /// ``XMLSubtree`` by the parser; made by ``XMLEvents/elements(matching:namespaces:)``.
    ///
    /// Each iterator parses the document anew from the source's beginning. It lets go of the
    /// source and the parser as soon as the document ends or fails, and, like any iterator, when
    /// it is itself dropped: leaving a loop early releases them at once.
    public struct Subtrees: AsyncSequence {
        /// Each element is one selected subtree.
        public typealias Element = XMLSubtree
        /// Parsing errors are ``XMLParsingError``; the source's errors pass through unchanged.
        public typealias Failure = any Error

        let events: XMLEvents
        let path: XMLPath

        /// Starts parsing the document anew.
        public func makeAsyncIterator() -> Iterator {
            Iterator(
                selector: XMLTapeSelector(
                    path, feed: events.makeFeed(work: Self.work(path)), builder: XMLTreeBuilder()))
        }

        /// Builds the subtrees of a chunk of records in the worker that parsed it.
        static func work(_ path: XMLPath) -> ChunkWork {
            .selecting(path, builder: { XMLTreeBuilder() }, make: { subtree, _ in subtree })
        }

        /// Parses until a selected element is complete. On an actor, the document is parsed off
        /// it a batch at a time, and the subtrees are built on it; a big document parsed on
        /// several cores has them built by the cores that parse it (see <doc:Performance>).
        public struct Iterator: AsyncIteratorProtocol {
            private var selector: XMLTapeSelector<Source.AsyncIterator, XMLTreeBuilder>
            /// The subtrees a worker built, being handed out.
            private var built: ChunkValues<XMLSubtree>.Reader?

            init(selector: XMLTapeSelector<Source.AsyncIterator, XMLTreeBuilder>) {
                self.selector = selector
            }

            /// The next selected subtree, or `nil` once the document has ended.
            ///
            /// - Throws: ``XMLParsingError`` for a malformed, truncated or over-limit document,
            ///   after every subtree completed before the error point; the source's errors
            ///   unchanged; `CancellationError` when the task is cancelled. Each is thrown once;
            ///   the next call returns `nil`.
            public nonisolated(nonsending) mutating func next() async throws -> XMLSubtree? {
                while true {
                    if let subtree = try built?.next() { return subtree }
                    switch try await selector.next(orProduct: ChunkValues<XMLSubtree>.self) {
                    case .selection(let subtree): return subtree
                    case .product(let chunk): built = ChunkValues.Reader(chunk)
                    case nil: return nil
                    }
                }
            }

            /// The next selected subtree, or `nil` once the document has ended, staying on the
            /// caller's actor.
            ///
            /// - Parameter actor: The caller's actor.
            /// - Throws: The errors ``next()`` throws.
            public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws
                -> XMLSubtree?
            {
                try await next()
            }
        }
    }
}

extension XMLEvents.Subtrees: Sendable where Source: Sendable {}
