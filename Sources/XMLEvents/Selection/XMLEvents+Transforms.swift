import Foundation

extension XMLEvents {
    /// The document's events without the elements `path` selects: a streaming transform that
    /// needs no state of the caller's, for ``XMLWriter/write(_:toPath:chunkSize:mode:isolation:)``
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
        Transformed(events: self, rules: [])
            .adding(path: try XMLPath(path, namespaces: namespaces), trimmingWhitespace: trimmingWhitespace, nil)
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
    /// returns is not transformed again.
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
        Transformed(events: self, rules: [])
            .adding(path: try XMLPath(path, namespaces: namespaces), trimmingWhitespace: trimmingWhitespace, replace)
    }

    /// A document's events with elements removed or replaced; made by
    /// ``XMLEvents/removingElements(matching:namespaces:trimmingWhitespace:)`` and
    /// ``XMLEvents/replacingElements(matching:namespaces:trimmingWhitespace:with:)``, and chained
    /// by the same methods on this type.
    ///
    /// The transforms are applied in one pass, in the order they were added: an element the first
    /// transform selects is not offered to the next. Outside the selected elements, the events are
    /// the document's own, as ``XMLEvents`` hands them out; each iterator parses the document anew,
    /// and lets go of the source and the parser as ``XMLEvents``' does.
    public struct Transformed: AsyncSequence {
        /// Each element is one event of the transformed document.
        public typealias Element = XMLEvent
        /// The errors of ``XMLEvents/Iterator/next()``, and those of a replacing closure.
        public typealias Failure = any Error

        let events: XMLEvents
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
                if let queued = state.nextQueued() { return queued }
                guard !state.ended else { return nil }
                do {
                    while let event = try await events.next() {
                        switch state.take(event) {
                        case .pass:
                            return event
                        case .afterHeldWhitespace:
                            return state.release(before: event)
                        case .held:
                            continue
                        case .selected(let rule):
                            // A removed element leaves nothing: read on.
                            if let replacement = try await transformSelected(by: rule) { return replacement }
                        }
                    }
                    return state.end()
                } catch {
                    state.fail()
                    throw error
                }
            }

            /// The next event, or `nil` after the end, on the caller's actor.
            ///
            /// - Parameter actor: The caller's actor.
            /// - Throws: The errors ``next()`` throws.
            @inlinable
            public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> XMLEvent? {
                try await next()
            }

            /// Skips or takes the element just started by the rule numbered `rule`; the first
            /// event to hand out in its place, or `nil` when it is removed.
            @usableFromInline
            nonisolated(nonsending) mutating func transformSelected(by rule: Int) async throws -> XMLEvent? {
                guard let replace = state.replacement(of: rule) else {
                    try await events.skipElement()
                    state.removed(by: rule)
                    return nil
                }
                guard let replacement = try replace(try await events.subtree()) else {
                    state.removed(by: rule)
                    return nil
                }
                return state.release(before: replacement)
            }
        }
    }
}

extension XMLEvents.Transformed: Sendable where Source: Sendable {}

#if HTTP
    extension XMLEvents.Transformed.Iterator where Source == XMLByteSource {
        /// The head of the HTTP response, before the first event and without consuming one (see
        /// ``XMLEvents/Iterator/response()``).
        ///
        /// - Returns: The head of the response; `nil` for a source that has no response.
        /// - Throws: The errors ``XMLEvents/Iterator/response()`` throws.
        public mutating func response() async throws -> XMLHTTPResponse? {
            try await events.response()
        }
    }
#endif

/// The bookkeeping of a ``XMLEvents/Transformed`` iterator, apart from its events so that it is
/// not generic: which elements the paths select, the whitespace held back before a possibly
/// removed element, and the events queued to hand out.
@usableFromInline
struct XMLTransformState {
    /// What to do with an event read from the document.
    @usableFromInline
    enum Step {
        /// Hand it out.
        case pass
        /// Hand out the whitespace held back, then it (``release(before:)-(XMLEvent)``).
        case afterHeldWhitespace
        /// Whitespace-only text held back: read on.
        case held
        /// The start of an element the rule with this number selects.
        case selected(Int)
    }

    private let rules: [XMLElementTransformRule]
    private var matchers: [XMLPathMatcher]
    private let trims: Bool
    /// Events to hand out before reading on: a replacement's, or the event read after
    /// whitespace held back.
    private var queue: [XMLEvent] = []
    private var queueIndex = 0
    /// Whitespace-only text held back until the next event shows whether it is the indentation
    /// of a removed element.
    private var heldWhitespace: String?
    @usableFromInline private(set) var ended = false

    init(rules: [XMLElementTransformRule]) {
        self.rules = rules
        matchers = rules.map { XMLPathMatcher($0.path) }
        trims = rules.contains { $0.trimsWhitespace }
    }

    /// The next queued event, if any.
    @usableFromInline
    mutating func nextQueued() -> XMLEvent? {
        guard queueIndex < queue.count else { return nil }
        defer { queueIndex &+= 1 }
        return queue[queueIndex]
    }

    /// Moves the paths' matchers with `event` and tells what to do with it.
    @usableFromInline
    mutating func take(_ event: XMLEvent) -> Step {
        switch event {
        case .startElement(let name, _, _):
            var selected: Int?
            for index in matchers.indices where matchers[index].enter(name) && selected == nil {
                selected = index
            }
            guard let selected else { return heldWhitespace == nil ? .pass : .afterHeldWhitespace }
            // The selected element is taken whole: its end tag never comes past the matchers.
            for index in matchers.indices { matchers[index].leave() }
            return .selected(selected)
        case .endElement:
            for index in matchers.indices { matchers[index].leave() }
        case .text(let text) where trims && heldWhitespace == nil && XMLTransformState.isWhitespace(text):
            heldWhitespace = text
            return .held
        default:
            break
        }
        return heldWhitespace == nil ? .pass : .afterHeldWhitespace
    }

    /// The replacing closure of the rule numbered `rule`, or `nil` when the rule removes.
    func replacement(of rule: Int) -> (@Sendable (XMLSubtree) throws -> XMLSubtree?)? {
        rules[rule].replace
    }

    /// The rule numbered `rule` removed the element just started: its indentation goes too, if
    /// the rule says so.
    mutating func removed(by rule: Int) {
        if rules[rule].trimsWhitespace { heldWhitespace = nil }
    }

    /// `event`, after the whitespace held back if any.
    @usableFromInline
    mutating func release(before event: XMLEvent) -> XMLEvent {
        guard let held = heldWhitespace else { return event }
        heldWhitespace = nil
        queue.removeAll(keepingCapacity: true)
        queue.append(event)
        queueIndex = 0
        return .text(held)
    }

    /// The events of `replacement`, after the whitespace held back if any: the first, the rest
    /// queued.
    mutating func release(before replacement: XMLSubtree) -> XMLEvent {
        queue.removeAll(keepingCapacity: true)
        if let held = heldWhitespace {
            heldWhitespace = nil
            queue.append(.text(held))
        }
        replacement.forEachEvent { queue.append($0) }
        queueIndex = 1
        return queue[0]
    }

    /// The document ended: the whitespace held back, if any, is the last event.
    @usableFromInline
    mutating func end() -> XMLEvent? {
        ended = true
        defer { heldWhitespace = nil }
        return heldWhitespace.map { .text($0) }
    }

    /// Iteration failed: nothing more is handed out.
    @usableFromInline
    mutating func fail() {
        ended = true
        heldWhitespace = nil
        queue.removeAll()
        queueIndex = 0
    }

    private static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }
}

/// One transform of ``XMLEvents/Transformed``: the elements a path selects, removed
/// (`replace` is `nil`) or replaced.
struct XMLElementTransformRule: Sendable {
    let path: XMLPath
    let trimsWhitespace: Bool
    let replace: (@Sendable (XMLSubtree) throws -> XMLSubtree?)?
}
