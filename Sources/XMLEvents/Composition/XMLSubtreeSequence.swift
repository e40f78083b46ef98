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

/// The elements of an event sequence that an ``XMLPath`` selects, each built whole as an
/// ``XMLSubtree`` from its events; made by ``_Concurrency/AsyncSequence/elements(matching:namespaces:)``
/// for any sequence of events (``XMLEvents`` selects in its parser: ``XMLEvents/Subtrees``).
///
/// The iterator holds the base's iterator and lets go of it as soon as the base ends or fails,
/// and, like any iterator, when it is itself dropped: leaving a loop early releases the base's
/// iterator at once.
public struct XMLSubtreeSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == XMLEvent {
    /// Each element is one selected subtree.
    public typealias Element = XMLSubtree
    /// The base's errors, passed through unchanged (a path is checked when the sequence is made).
    public typealias Failure = any Error

    @usableFromInline let base: Base
    @usableFromInline let path: XMLPath

    @usableFromInline
    init(_ base: Base, path: XMLPath) {
        self.base = base
        self.path = path
    }

    /// Starts iterating the base anew.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), path: path)
    }

    /// Pulls events from the base until a selected element is complete.
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable, with its state visible to inlined code, so that a client's loop is
        // specialized for its base: unspecialized generic code pays for metadata look-ups and
        // value-witness copies on every event.
        @usableFromInline var base: Base.AsyncIterator?
        /// `nil` once the base ended or failed, which lets go of a partly built subtree.
        @usableFromInline var selector: XMLSubtreeSelector?

        @usableFromInline
        init(base: Base.AsyncIterator, path: XMLPath) {
            self.base = base
            selector = XMLSubtreeSelector(path)
        }

        /// The next selected subtree, or `nil` when the base has ended.
        ///
        /// - Throws: The base's errors unchanged; the base is released then.
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
