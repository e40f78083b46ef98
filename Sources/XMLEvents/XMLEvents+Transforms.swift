import Foundation
import XMLEventsInput

extension XMLEvents {
    /// The document's events without the elements `path` selects: a streaming transform that
    /// needs no state of the caller's, for ``XMLWriter/write(_:toPath:chunkSize:writesFragments:isolation:)``
    /// or any loop.
    ///
    /// ```swift
    /// let cleaned = try XMLEvents(path: "page.xhtml").removingElements(matching: "script", trimmingWhitespace: true)
    /// try await XMLWriter.write(cleaned, toPath: "page-without-scripts.xhtml")
    /// ```
    ///
    /// A removed element's content is read by the parser (and checked) but makes no events. An
    /// element inside a removed one is removed with it.
    ///
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    ///   - trimmingWhitespace: Whether to drop the whitespace-only text right before each removed
    ///     element (its indentation), so that an indented document stays indented without blank
    ///     lines where the elements were.
    /// - Returns: The transformed events.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    public func removingElements(
        matching path: String, namespaces: [String: String] = [:], trimmingWhitespace: Bool = false
    ) throws(XMLPathError) -> Transformed {
        Transformed(
            events: self,
            rules: [
                XMLElementTransformRule(
                    path: try XMLPath(path, namespaces: namespaces), trimsWhitespace: trimmingWhitespace, replace: nil)
            ])
    }

    /// The document's events with each element `path` selects replaced by what `replace` makes of
    /// it: the same element renamed, with other attributes or fewer children, another element, or
    /// nothing.
    ///
    /// ```swift
    /// let anonymized = try XMLEvents(path: "users.xml").replacingElements(matching: "/users/user") { user in
    ///     var user = user
    ///     user.attributes["email"] = nil
    ///     user.children.removeAll { $0.element?.name.localName == "password" }
    ///     return user
    /// }
    /// try await XMLWriter.write(anonymized, toPath: "users-anonymized.xml")
    /// ```
    ///
    /// Each selected element is read whole as an ``XMLSubtree`` (memory holds one at a time),
    /// and the events of what `replace` returns take its place; `nil` removes it. What `replace`
    /// returns is not offered to `replace` again, but it is to the transforms chained after this
    /// one.
    ///
    /// - Parameters:
    ///   - path: An ``XMLPath`` in its written form.
    ///   - namespaces: The namespace URI of each prefix the path uses.
    ///   - trimmingWhitespace: Whether to drop the whitespace-only text right before each element
    ///     `replace` removes.
    ///   - replace: The element to write instead, or `nil` for none. What it throws ends the
    ///     iteration and is thrown.
    /// - Returns: The transformed events.
    /// - Throws: ``XMLPathError`` when `path` is not valid, here, before anything is read.
    public func replacingElements(
        matching path: String, namespaces: [String: String] = [:], trimmingWhitespace: Bool = false,
        with replace: @escaping @Sendable (XMLSubtree) throws -> XMLSubtree?
    ) throws(XMLPathError) -> Transformed {
        Transformed(
            events: self,
            rules: [
                XMLElementTransformRule(
                    path: try XMLPath(path, namespaces: namespaces), trimsWhitespace: trimmingWhitespace,
                    replace: replace)
            ])
    }

    /// A document's events with elements removed or replaced; made by
    /// ``XMLEvents/removingElements(matching:namespaces:trimmingWhitespace:)`` and
    /// ``XMLEvents/replacingElements(matching:namespaces:trimmingWhitespace:with:)``, and chained
    /// by the same methods on this type.
    ///
    /// Each transform applies to the events the one before it makes, in the order they were
    /// added, as if each read the document the one before it wrote: a removal inside an element
    /// that a later transform replaces is gone from the element the later one is given, a
    /// replacement's elements are offered to the transforms after it (not to its own), and paths
    /// select among the elements as they are at that point. All run in one pass over the
    /// document. Outside the selected elements, the events are the document's own, as
    /// ``XMLEvents`` hands them out; each iterator parses the document anew, and lets go of the
    /// source and the parser as ``XMLEvents``' does.
    public struct Transformed: AsyncSequence {
        /// Each element is one event of the transformed document.
        public typealias Element = XMLEvent
        /// The errors of ``XMLEvents/Iterator/next()``, and those of a replacing closure.
        public typealias Failure = any Error

        let events: XMLEvents
        /// The transforms in the order they apply; never empty.
        let rules: [XMLElementTransformRule]

        /// This sequence, also without the elements `path` selects (see
        /// ``XMLEvents/removingElements(matching:namespaces:trimmingWhitespace:)``).
        ///
        /// - Parameters:
        ///   - path: An ``XMLPath`` in its written form.
        ///   - namespaces: The namespace URI of each prefix the path uses.
        ///   - trimmingWhitespace: Whether to drop the indentation before each removed element.
        /// - Returns: The transformed events.
        /// - Throws: ``XMLPathError`` when `path` is not valid.
        public func removingElements(
            matching path: String, namespaces: [String: String] = [:], trimmingWhitespace: Bool = false
        ) throws(XMLPathError) -> Transformed {
            adding(path: try XMLPath(path, namespaces: namespaces), trimmingWhitespace: trimmingWhitespace, nil)
        }

        /// This sequence, also with the elements `path` selects replaced (see
        /// ``XMLEvents/replacingElements(matching:namespaces:trimmingWhitespace:with:)``).
        ///
        /// - Parameters:
        ///   - path: An ``XMLPath`` in its written form.
        ///   - namespaces: The namespace URI of each prefix the path uses.
        ///   - trimmingWhitespace: Whether to drop the indentation before each element `replace`
        ///     removes.
        ///   - replace: The element to write instead, or `nil` for none.
        /// - Returns: The transformed events.
        /// - Throws: ``XMLPathError`` when `path` is not valid.
        public func replacingElements(
            matching path: String, namespaces: [String: String] = [:], trimmingWhitespace: Bool = false,
            with replace: @escaping @Sendable (XMLSubtree) throws -> XMLSubtree?
        ) throws(XMLPathError) -> Transformed {
            adding(path: try XMLPath(path, namespaces: namespaces), trimmingWhitespace: trimmingWhitespace, replace)
        }

        func adding(
            path: XMLPath, trimmingWhitespace: Bool, _ replace: (@Sendable (XMLSubtree) throws -> XMLSubtree?)?
        ) -> Transformed {
            Transformed(
                events: events,
                rules: rules + [
                    XMLElementTransformRule(path: path, trimsWhitespace: trimmingWhitespace, replace: replace)
                ])
        }

        /// Starts parsing the document anew.
        public func makeAsyncIterator() -> Iterator {
            Iterator(events: events.makeAsyncIterator(), rules: rules)
        }

        /// Reads the document's events, taking or skipping each selected element with the
        /// events' cursor (``XMLEvents/Iterator/subtree()``, ``XMLEvents/Iterator/skipElement()``).
        public struct Iterator: AsyncIteratorProtocol {
            // Visible to inlined code, as the events' iterator is: the per-event path is
            // specialized in the caller, and only the transforms' bookkeeping, which is not
            // generic, is a call.
            @usableFromInline var events: XMLEvents.Iterator
            @usableFromInline var state: XMLTransformState

            init(events: XMLEvents.Iterator, rules: [XMLElementTransformRule]) {
                self.events = events
                state = XMLTransformState(rules: rules)
            }

            /// The next event of the transformed document, or `nil` after its end.
            ///
            /// - Throws: The errors of ``XMLEvents/Iterator/next()`` and those of a replacing
            ///   closure, after every event before them; each is thrown once, and the next call
            ///   returns `nil`.
            @inlinable
            public nonisolated(nonsending) mutating func next() async throws -> XMLEvent? {
                if let queued = try state.nextQueued() { return queued }
                guard !state.ended else { return nil }
                do {
                    while let event = try await events.next() {
                        switch state.take(event) {
                        case .pass:
                            // One transform: the document's event is the output (the common case,
                            // without a detour through the queue).
                            if state.isSingle { return event }
                            try state.pass(event, location: events.location)
                        case .passAfterHeldWhitespace:
                            try state.pass(event, location: events.location)
                        case .held:
                            continue
                        case .selected:
                            try await transformSelected()
                        }
                        if let queued = try state.nextQueued() { return queued }
                    }
                    state.end()
                } catch {
                    state.fail(with: error)
                }
                return try state.nextQueued()
            }

            /// The next event, or `nil` after the end, on the caller's actor.
            ///
            /// - Parameter actor: The caller's actor.
            /// - Throws: The errors ``next()`` throws.
            @inlinable
            public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> XMLEvent? {
                try await next()
            }

            /// Skips or takes the element the first transform selected, whose start ``next()`` read
            /// last; what takes its place goes to the state's queue.
            @usableFromInline
            nonisolated(nonsending) mutating func transformSelected() async throws {
                guard let replace = state.firstReplacement else {
                    try await events.skipElement()
                    state.removed()
                    return
                }
                try state.replaced(by: try replace(try await events.subtree()))
            }
        }
    }
}

extension XMLEvents.Transformed: Sendable where Source: Sendable {}
