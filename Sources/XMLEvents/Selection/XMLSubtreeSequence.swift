extension AsyncSequence where Element == XMLEvent {
    /// The elements an ``XMLPath`` selects, each built whole as an ``XMLSubtree``.
    ///
    /// The same as ``XMLEvents/elements(matching:namespaces:)``, for any sequence of events
    /// (filtered, merged or made up), selected from its events; the subtrees have no
    /// ``XMLSubtree/location``, which only the parser's own selection knows.
    ///
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    /// - Returns: The selected subtrees.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    public func elements(
        matching path: String, namespaces: [String: String] = [:]
    ) throws(XMLPathError) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(self, path: try XMLPath(path, namespaces: namespaces))
    }

    /// The elements `path` selects, each built whole.
    ///
    /// - Parameter path: A path read already.
    /// - Returns: The selected subtrees.
    public func elements(matching path: XMLPath) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(self, path: path)
    }
}

/// The elements that an ``XMLPath`` selects, each built whole as an ``XMLSubtree``; made by
/// ``XMLEvents/elements(matching:namespaces:)`` and, for any sequence of events, by
/// ``_Concurrency/AsyncSequence/elements(matching:namespaces:)``.
///
/// Made from ``XMLEvents``, it has the parser select: nothing outside a selected element becomes
/// an event, a string or an array, and each subtree has the ``XMLSubtree/location`` of its start
/// tag. Made from any other sequence of events, it selects from the events, and the subtrees
/// have no location.
///
/// Each iterator starts the base anew (``XMLEvents`` parses the document from its source's
/// beginning). It lets go of the base's iterator, or of the source and the parser, as soon as
/// the base ends or fails, and, like any iterator, when it is itself dropped: leaving a loop
/// early releases them at once.
public struct XMLSubtreeSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == XMLEvent {
    /// Each element is one selected subtree.
    public typealias Element = XMLSubtree
    /// The base's errors, passed through unchanged (a path is checked when the sequence is made);
    /// made from ``XMLEvents``, ``XMLParsingError`` for the document.
    public typealias Failure = any Error

    @usableFromInline let base: Base
    @usableFromInline let path: XMLPath
    /// How the parser of an ``XMLEvents`` base selects on its own feed; `nil` when the
    /// subtrees are selected from the base's events.
    @usableFromInline let parser: (any XMLFeedSelection<Base, XMLSubtree>)?

    @usableFromInline
    init(_ base: Base, path: XMLPath, parser: (any XMLFeedSelection<Base, XMLSubtree>)? = nil) {
        self.base = base
        self.path = path
        self.parser = parser
    }

    /// Starts iterating the base anew.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        if let parser { return Iterator(parsed: parser.start(base)) }
        return Iterator(base: base.makeAsyncIterator(), path: path)
    }

    /// Pulls events from the base until a selected element is complete, or has the parser of an
    /// ``XMLEvents`` base parse until one is. On an actor, that document is parsed off it a batch
    /// at a time, and the subtrees are built on it; a big document parsed on several cores is
    /// parsed by the other cores, and its subtrees are built here (see <doc:Performance>).
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable, with its state visible to inlined code, so that a client's loop is
        // specialized for its base: unspecialized generic code pays for metadata look-ups and
        // value-witness copies on every event. The parser's selection is called once per
        // subtree, through `parsed`.

        /// The parser's own selection; `nil` when selecting from the base's events.
        @usableFromInline var parsed: XMLFeedValues<XMLSubtree, XMLSubtree>?
        /// `nil` once the base ended or failed, which lets go of a partly built subtree.
        @usableFromInline var selector: XMLSubtreeSelector?
        @usableFromInline var base: Base.AsyncIterator?

        @usableFromInline
        init(base: Base.AsyncIterator, path: XMLPath) {
            self.base = base
            selector = XMLSubtreeSelector(path)
        }

        @usableFromInline
        init(parsed: any XMLFeedSelecting<XMLSubtree>) {
            self.parsed = XMLFeedValues(parsed)
        }

        /// The next selected subtree, or `nil` when the base has ended.
        ///
        /// - Throws: The base's errors unchanged; the base is released then. Made from
        ///   ``XMLEvents``: ``XMLParsingError`` for a malformed, truncated or over-limit document,
        ///   after every subtree completed before the error point; the source's errors unchanged;
        ///   `CancellationError` when the task is cancelled. Each is thrown once; the next call
        ///   returns `nil`.
        @inlinable
        public nonisolated(nonsending) mutating func next() async throws -> XMLSubtree? {
            try await next(isolation: #isolation)
        }

        /// The next selected subtree, or `nil` when the base has ended, staying on the caller's
        /// actor.
        ///
        /// Runs on the caller's executor (`nonisolated(nonsending)`), so no hop is paid per call.
        ///
        /// - Parameter actor: The caller's actor; the base is asked for events there.
        /// - Throws: The errors ``next()`` throws.
        @inlinable
        public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> XMLSubtree? {
            if parsed != nil { return try await parsed?.next { $0 } }
            return try await nextFromEvents()
        }

        /// The next subtree selected from the base's events.
        ///
        /// Never inlined into ``next(isolation:)``: an asynchronous function sets aside room for
        /// all of its locals on every call, and those of a base's inlined iterator would cost the
        /// parser's selection, which needs none of them, some thirty allocations per subtree.
        @inlinable @inline(never)
        nonisolated(nonsending) mutating func nextFromEvents() async throws -> XMLSubtree? {
            while selector != nil {
                let event: XMLEvent?
                do {
                    event = try await base?.next(isolation: #isolation)
                } catch {
                    release()
                    throw error
                }
                guard let event else {
                    release()
                    return nil
                }
                if let subtree = selector?.consume(event, location: nil) {
                    return subtree
                }
            }
            return nil
        }

        /// Lets go of the base and of any partly built subtree as soon as nothing more will come.
        @inlinable
        mutating func release() {
            base = nil
            selector = nil
        }
    }
}

extension XMLSubtreeSequence: Sendable where Base: Sendable {}
