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
    /// is part of the outer subtree and is not selected again.
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
            locator: { $0.location }, bufferedEvent: { $0?.nextInBatch() })
    }

    /// The elements `path` selects, each built whole with its location.
    ///
    /// - Parameter path: A path read already, so that it is known to be valid.
    /// - Returns: The selected subtrees.
    @inlinable
    public func elements(matching path: XMLPath) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(
            self, path: .success(path), locator: { $0.location }, bufferedEvent: { $0?.nextInBatch() })
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
            locator: { $0.location }, bufferedEvent: { $0?.nextInBatch() })
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
            locator: { _ in nil }, bufferedEvent: { _ in nil })
    }

    /// The elements `path` selects, each built whole.
    ///
    /// - Parameter path: A path read already.
    /// - Returns: The selected subtrees.
    public func elements(matching path: XMLPath) -> XMLSubtreeSequence<Self> {
        XMLSubtreeSequence(self, path: .success(path), locator: { _ in nil }, bufferedEvent: { _ in nil })
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
            locator: { _ in nil }, bufferedEvent: { _ in nil })
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

    /// Reads where the base's current start element was reported, if the base can tell. Not
    /// `@Sendable`: the closure's only capture would be the generic types' metadata, which Swift
    /// 6.2 does not yet consider `Sendable` for unconstrained generics.
    @usableFromInline typealias Locator = (Base.AsyncIterator) -> XMLLocation?

    /// Hands out the base's next event when it has one at hand, without suspending; `nil` when
    /// it would have to wait, or cannot tell. Awaiting the base costs a check of the executor on
    /// every return, which for an event is a good part of the selection's work; with this, the
    /// check comes once per chunk. (Not `@Sendable`, for the same reason as ``Locator``.)
    @usableFromInline typealias BufferedEvent = (inout Base.AsyncIterator?) -> XMLEvent?

    @usableFromInline let base: Base
    @usableFromInline let path: Result<XMLPath, XMLPathError>
    @usableFromInline let locator: Locator
    @usableFromInline let bufferedEvent: BufferedEvent

    @usableFromInline
    init(
        _ base: Base, path: Result<XMLPath, XMLPathError>, locator: @escaping Locator,
        bufferedEvent: @escaping BufferedEvent
    ) {
        self.base = base
        self.path = path
        self.locator = locator
        self.bufferedEvent = bufferedEvent
    }

    /// Starts iterating the base anew.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), path: path, locator: locator, bufferedEvent: bufferedEvent)
    }

    /// Pulls events from the base until a selected element is complete.
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable, with its state visible to inlined code, so that a client's loop is
        // specialized for its base: unspecialized generic code pays for metadata look-ups and
        // value-witness copies on every event.
        @usableFromInline var base: Base.AsyncIterator?
        @usableFromInline var machine: XMLSelectionStateMachine
        @usableFromInline let locator: Locator
        @usableFromInline let bufferedEvent: BufferedEvent

        @usableFromInline
        init(
            base: Base.AsyncIterator, path: Result<XMLPath, XMLPathError>, locator: @escaping Locator,
            bufferedEvent: @escaping BufferedEvent
        ) {
            self.base = base
            self.machine = XMLSelectionStateMachine(path: path)
            self.locator = locator
            self.bufferedEvent = bufferedEvent
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
            case .pullEvent:
                break
            }
            while true {
                var event = bufferedEvent(&base)
                if event == nil {
                    do {
                        event = try await base?.next(isolation: #isolation)
                    } catch {
                        release()
                        throw error
                    }
                }
                guard let event else {
                    release()
                    return nil
                }
                switch machine.consume(event) {
                case .pullEvent:
                    break
                case .locate:
                    machine.locate(location())
                case .emit(let subtree):
                    return subtree
                }
            }
        }

        /// Moves the base out and back rather than copying it, which would retain everything
        /// it holds.
        @inlinable
        mutating func location() -> XMLLocation? {
            guard let iterator = base.take() else { return nil }
            let location = locator(iterator)
            base = consume iterator
            return location
        }

        /// Lets go of the base and of any partly built subtree as soon as nothing more will come.
        @inlinable
        mutating func release() {
            base = nil
            machine.baseEnded()
        }
    }
}

// The locator and buffered-event closures made in this file capture nothing but type metadata,
// so sharing one between tasks is safe.
extension XMLSubtreeSequence: @unchecked Sendable where Base: Sendable {}
