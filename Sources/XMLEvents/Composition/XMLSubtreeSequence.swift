extension XMLEvents {
    /// The elements an ``XMLPath`` selects, each built whole as an ``XMLSubtree`` with its
    /// ``XMLSubtree/location``, one at a time as the document streams past.
    ///
    /// ```swift
    /// let records = XMLEvents(contentsOf: url).elements(matching: "/registry/record")
    /// for try await record in records { … }
    /// ```
    ///
    /// Only selected elements are built; everything else streams past, so memory is bounded by
    /// the largest selected element, not by the document. An element inside a selected element
    /// is part of the outer subtree and is not selected again. The parser selects as it parses:
    /// what lies outside the selected elements never becomes an event.
    ///
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form, for example `/registry/record` or `item`.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    /// - Returns: The selected subtrees; iterating throws ``XMLPathError`` at once when `path` is
    ///   not valid, and passes on the document's errors.
    @inlinable
    public func elements(matching path: String, namespaces: [String: String] = [:]) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(
            self, path: Result { () throws(XMLPathError) in try XMLPath(path, namespaces: namespaces) },
            parserSelection: Self.parserSelection)
    }

    /// The elements `path` selects, each built whole with its location.
    ///
    /// - Parameter path: A path read already, so that it is known to be valid.
    /// - Returns: The selected subtrees.
    @inlinable
    public func elements(matching path: XMLPath) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(self, path: .success(path), parserSelection: Self.parserSelection)
    }

    /// The elements with this name at any depth, each built whole with its location.
    ///
    /// ```swift
    /// for try await record in events.elements(named: "record") { … }
    /// ```
    ///
    /// - Parameters:
    ///   - name: `local` (in any namespace), `{uri}local`, `prefix:local` or `*`.
    ///   - namespaces: The namespace URI of each prefix `name` may use.
    /// - Returns: The selected subtrees; iterating throws ``XMLPathError`` at once when `name` is
    ///   not a valid name.
    @inlinable
    public func elements(named name: String, namespaces: [String: String] = [:]) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(
            self, path: Result { () throws(XMLPathError) in try XMLPath(named: name, namespaces: namespaces) },
            parserSelection: Self.parserSelection)
    }

    /// Selection done by the parser itself.
    @usableFromInline
    static var parserSelection: XMLSubtreeSequence<Self>.ParserSelection {
        XMLSubtreeSequence<Self>.ParserSelection(
            makeIterator: { events, path in events.makeAsyncIterator(selecting: path) },
            next: { iterator in try await iterator?.nextSubtree() })
    }
}

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
    /// - Returns: The selected subtrees; iterating throws ``XMLPathError`` at once when `path` is
    ///   not valid.
    public func elements(matching path: String, namespaces: [String: String] = [:]) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(
            self, path: Result { () throws(XMLPathError) in try XMLPath(path, namespaces: namespaces) },
            parserSelection: nil)
    }

    /// The elements `path` selects, each built whole.
    ///
    /// - Parameter path: A path read already.
    /// - Returns: The selected subtrees.
    public func elements(matching path: XMLPath) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(self, path: .success(path), parserSelection: nil)
    }

    /// The elements with this name at any depth, each built whole.
    ///
    /// - Parameters:
    ///   - name: `local` (in any namespace), `{uri}local`, `prefix:local` or `*`.
    ///   - namespaces: The namespace URI of each prefix `name` may use.
    /// - Returns: The selected subtrees; iterating throws ``XMLPathError`` at once when `name` is
    ///   not a valid name.
    public func elements(named name: String, namespaces: [String: String] = [:]) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(
            self, path: Result { () throws(XMLPathError) in try XMLPath(named: name, namespaces: namespaces) },
            parserSelection: nil)
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
    /// ``XMLPathError`` for an invalid path; the base's errors pass through unchanged.
    public typealias Failure = any Error

    /// The next subtree a selecting base's iterator holds, on the caller's executor.
    @usableFromInline typealias NextSelected =
        nonisolated(nonsending) (inout Base.AsyncIterator?) async throws -> XMLSubtree?

    /// How a base whose parser can select elements itself is asked for them: an iterator made
    /// to select, and its next subtree. Selecting in the parser spares making, handing over and
    /// taking apart an event for every node of the document, which is most of the work a
    /// selection over events does. (Not `@Sendable`: the closures' only captures would be the
    /// generic types' metadata, which Swift 6.2 does not yet consider `Sendable` for
    /// unconstrained generics.)
    @usableFromInline
    struct ParserSelection {
        @usableFromInline let makeIterator: (Base, XMLPath) -> Base.AsyncIterator
        @usableFromInline let next: NextSelected

        @usableFromInline
        init(
            makeIterator: @escaping (Base, XMLPath) -> Base.AsyncIterator,
            next: @escaping NextSelected
        ) {
            self.makeIterator = makeIterator
            self.next = next
        }
    }

    @usableFromInline let base: Base
    @usableFromInline let path: Result<XMLPath, XMLPathError>
    @usableFromInline let parserSelection: ParserSelection?

    @usableFromInline
    init(_ base: Base, path: Result<XMLPath, XMLPathError>, parserSelection: ParserSelection?) {
        self.base = base
        self.path = path
        self.parserSelection = parserSelection
    }

    /// Starts iterating the base anew.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        if let parserSelection, case .success(let path) = path {
            return Iterator(
                base: parserSelection.makeIterator(base, path), path: .success(path),
                nextSelected: parserSelection.next)
        }
        return Iterator(base: base.makeAsyncIterator(), path: path, nextSelected: nil)
    }

    /// Pulls events from the base until a selected element is complete, or, when the base's
    /// parser selects, its next subtree.
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable, with its state visible to inlined code, so that a client's loop is
        // specialized for its base: unspecialized generic code pays for metadata look-ups and
        // value-witness copies on every event.
        @usableFromInline var base: Base.AsyncIterator?
        @usableFromInline var machine: XMLSelectionStateMachine
        @usableFromInline let nextSelected: NextSelected?

        @usableFromInline
        init(
            base: Base.AsyncIterator, path: Result<XMLPath, XMLPathError>,
            nextSelected: NextSelected?
        ) {
            self.base = base
            self.machine = XMLSelectionStateMachine(path: path, selectsEvents: nextSelected == nil)
            self.nextSelected = nextSelected
        }

        /// The next selected subtree, or `nil` when the base has ended.
        ///
        /// - Throws: ``XMLPathError`` on the first call when the path is not valid, and the base's
        ///   errors unchanged; the base is released then.
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
            switch machine.next() {
            case .finish:
                return nil
            case .fail(let error):
                base = nil
                throw error
            case .pull:
                break
            }
            if let nextSelected {
                let subtree: XMLSubtree?
                do {
                    subtree = try await nextSelected(&base)
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
            machine.baseEnded()
        }
    }
}

// The parser-selection closures made in this file capture nothing but type metadata, so sharing
// one between tasks is safe.
extension XMLSubtreeSequence: @unchecked Sendable where Base: Sendable {}
