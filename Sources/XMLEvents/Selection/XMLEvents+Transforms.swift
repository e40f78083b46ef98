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
            private var events: XMLEvents.Iterator
            private let rules: [XMLElementTransformRule]
            private var matchers: [XMLPathMatcher]
            private let trims: Bool
            /// Events to hand out before reading on: a replacement's, or the event read after
            /// whitespace held back.
            private var queue: [XMLEvent] = []
            private var queueIndex = 0
            /// Whitespace-only text held back until the next event shows whether it is the
            /// indentation of a removed element.
            private var heldWhitespace: String?
            private var ended = false

            init(events: XMLEvents.Iterator, rules: [XMLElementTransformRule]) {
                self.events = events
                self.rules = rules
                matchers = rules.map { XMLPathMatcher($0.path) }
                trims = rules.contains { $0.trimsWhitespace }
            }

            /// The next event of the transformed document, or `nil` after its end.
            ///
            /// - Throws: The errors of ``XMLEvents/Iterator/next()`` and those of a replacing
            ///   closure, after every event before them; each is thrown once, and the next call
            ///   returns `nil`.
            public nonisolated(nonsending) mutating func next() async throws -> XMLEvent? {
                if queueIndex < queue.count {
                    defer { queueIndex &+= 1 }
                    return queue[queueIndex]
                }
                guard !ended else { return nil }
                do {
                    while let event = try await events.next() {
                        switch event {
                        case .startElement(let name, _, _):
                            guard let rule = enter(name) else { return release(before: event) }
                            // A removed element leaves nothing: read on.
                            if let replacement = try await transformSelected(by: rule) {
                                return release(before: replacement)
                            }
                        case .endElement:
                            for index in matchers.indices { matchers[index].leave() }
                            return release(before: event)
                        case .text(let text) where trims && heldWhitespace == nil && Self.isWhitespace(text):
                            heldWhitespace = text
                        default:
                            return release(before: event)
                        }
                    }
                    ended = true
                    if let held = heldWhitespace {
                        heldWhitespace = nil
                        return .text(held)
                    }
                    return nil
                } catch {
                    ended = true
                    heldWhitespace = nil
                    throw error
                }
            }

            /// The next event, or `nil` after the end, on the caller's actor.
            ///
            /// - Parameter actor: The caller's actor.
            /// - Throws: The errors ``next()`` throws.
            public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> XMLEvent? {
                try await next()
            }

            /// Moves every path's matcher into the element; the first rule whose path selects it,
            /// with the matchers moved out again (its content is taken whole), or `nil`.
            private mutating func enter(_ name: XMLName) -> XMLElementTransformRule? {
                var selected: Int?
                for index in matchers.indices where matchers[index].enter(name) && selected == nil {
                    selected = index
                }
                guard let selected else { return nil }
                for index in matchers.indices { matchers[index].leave() }
                return rules[selected]
            }

            /// Skips or takes the element just started; the events to hand out in its place
            /// (none when it is removed).
            private nonisolated(nonsending) mutating func transformSelected(
                by rule: XMLElementTransformRule
            ) async throws -> [XMLEvent]? {
                guard let replace = rule.replace else {
                    try await events.skipElement()
                    if rule.trimsWhitespace { heldWhitespace = nil }
                    return nil
                }
                guard let replacement = try replace(try await events.subtree()) else {
                    if rule.trimsWhitespace { heldWhitespace = nil }
                    return nil
                }
                var events: [XMLEvent] = []
                replacement.appendEvents(to: &events)
                return events
            }

            /// `event`, after the whitespace held back if any.
            private mutating func release(before event: XMLEvent) -> XMLEvent {
                guard let held = heldWhitespace else { return event }
                heldWhitespace = nil
                queue.removeAll(keepingCapacity: true)
                queue.append(event)
                queueIndex = 0
                return .text(held)
            }

            /// `events`, after the whitespace held back if any.
            private mutating func release(before events: [XMLEvent]) -> XMLEvent {
                queue.removeAll(keepingCapacity: true)
                if let held = heldWhitespace {
                    heldWhitespace = nil
                    queue.append(.text(held))
                }
                queue.append(contentsOf: events)
                queueIndex = 1
                return queue[0]
            }

            private static func isWhitespace(_ text: String) -> Bool {
                text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
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

/// One transform of ``XMLEvents/Transformed``: the elements a path selects, removed
/// (`replace` is `nil`) or replaced.
struct XMLElementTransformRule: Sendable {
    let path: XMLPath
    let trimsWhitespace: Bool
    let replace: (@Sendable (XMLSubtree) throws -> XMLSubtree?)?
}

extension XMLSubtree {
    /// Appends the element's events in document order, without recursion (a subtree may be
    /// deeper than the stack allows).
    func appendEvents(to events: inout [XMLEvent]) {
        events.append(.startElement(name: name, attributes: attributes, namespaces: namespaces))
        var pending: [(element: XMLSubtree, children: [XMLContent], index: Int)] = [(self, children, 0)]
        while let top = pending.indices.last {
            let (element, children, index) = pending[top]
            guard index < children.count else {
                pending.removeLast()
                events.append(.endElement(name: element.name))
                continue
            }
            pending[top].index = index &+ 1
            switch children[index] {
            case .element(let child):
                events.append(
                    .startElement(name: child.name, attributes: child.attributes, namespaces: child.namespaces))
                pending.append((child, child.children, 0))
            case .text(let text): events.append(.text(text))
            case .cdata(let text): events.append(.cdata(text))
            case .comment(let text): events.append(.comment(text))
            case .processingInstruction(let target, let data):
                events.append(.processingInstruction(target: target, data: data))
            }
        }
    }
}
