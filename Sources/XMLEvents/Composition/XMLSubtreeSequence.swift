extension AsyncSequence where Element == XMLEvent {
    /// The elements an ``XMLPath`` selects, each built whole as an ``XMLSubtree``.
    ///
    /// The same as ``XMLEvents/elements(matching:namespaces:)``, for any sequence of events
    /// (filtered, merged or made up); subtrees have a ``XMLSubtree/location`` only when the events
    /// come straight from ``XMLEvents``.
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
/// ``XMLSubtree``; made by ``XMLEvents/elements(matching:namespaces:)`` and its siblings.
///
/// The iterator holds the base's iterator and lets go of it as soon as the base ends or fails,
/// and, like any iterator, when it is itself dropped: leaving a loop early releases the
/// ``XMLEvents`` iterator, its byte source and its parser at once.
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

    /// Starts iterating the base anew; when the base is ``XMLEvents``, its parser selects.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        if let events = base as? any XMLSelectingEvents {
            return Iterator(base: nil, path: path, selected: events.makeSubtreeIterator(selecting: path))
        }
        return Iterator(base: base.makeAsyncIterator(), path: path, selected: nil)
    }

    /// Pulls events from the base until a selected element is complete, or, when the base's
    /// parser selects, its next subtree.
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable, with its state visible to inlined code, so that a client's loop is
        // specialized for its base: unspecialized generic code pays for metadata look-ups and
        // value-witness copies on every event.
        @usableFromInline var base: Base.AsyncIterator?
        @usableFromInline var machine: XMLSelectionStateMachine
        /// The subtrees the base's parser selects, when it does.
        @usableFromInline var selected: (any XMLSubtreeIterator)?

        @usableFromInline
        init(base: Base.AsyncIterator?, path: XMLPath, selected: (any XMLSubtreeIterator)?) {
            self.base = base
            self.machine = XMLSelectionStateMachine(path: path, selectsEvents: selected == nil)
            self.selected = selected
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
            guard machine.isSelecting else { return nil }
            if selected != nil {
                let subtree: XMLSubtree?
                do {
                    subtree = try await selected?.next()
                } catch {
                    release()
                    throw error
                }
                if subtree == nil { release() }
                return subtree
            }
            while true {
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
                if let subtree = machine.consume(event) {
                    return subtree
                }
            }
        }

        /// Lets go of the base and of any partly built subtree as soon as nothing more will come.
        @inlinable
        mutating func release() {
            base = nil
            selected = nil
            machine.baseEnded()
        }
    }
}

extension XMLSubtreeSequence: Sendable where Base: Sendable {}
