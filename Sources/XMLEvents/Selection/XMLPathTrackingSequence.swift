extension AsyncSequence where Element == XMLEvent {
    /// Each event with the path of the element it belongs to, as ``XMLPathTracker`` defines it:
    /// the element itself for a start or end element, the innermost open element otherwise.
    ///
    /// ```swift
    /// for try await (event, path) in events.withPath() {
    ///     if case .text(let text) = event, path.last?.localName == "title" { … }
    /// }
    /// ```
    ///
    /// The paths share storage until the next start or end element, so a path kept from one
    /// event costs no copy unless the path changes while it is kept.
    ///
    /// - Returns: The events, each paired with its path.
    @inlinable
    public func withPath() -> XMLPathTrackingSequence<Self> {
        XMLPathTrackingSequence(base: self)
    }
}

/// An event sequence whose events come with the path of their element; made by
/// ``_Concurrency/AsyncSequence/withPath()``.
public struct XMLPathTrackingSequence<Base: AsyncSequence>: AsyncSequence where Base.Element == XMLEvent {
    /// Each element is an event and the names of the open elements, the root first.
    public typealias Element = (event: XMLEvent, path: [XMLName])
    /// The base's errors pass through unchanged.
    public typealias Failure = any Error

    @usableFromInline let base: Base

    @usableFromInline
    init(base: Base) {
        self.base = base
    }

    /// Starts iterating the base anew.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator())
    }

    /// Pulls one event from the base for each element.
    public struct Iterator: AsyncIteratorProtocol {
        // Inlinable, so that a client's loop is specialized for its base: this runs once per
        // event, where unspecialized generic code would cost more than the tracking itself.
        @usableFromInline var base: Base.AsyncIterator?
        @usableFromInline var tracker = XMLPathTracker()

        @usableFromInline
        init(base: Base.AsyncIterator) {
            self.base = base
        }

        /// The next event with its path, or `nil` when the base has ended.
        ///
        /// - Throws: The base's errors, unchanged; the base is released then.
        @inlinable
        public nonisolated(nonsending) mutating func next() async throws -> (event: XMLEvent, path: [XMLName])? {
            try await next(isolation: #isolation)
        }

        /// The next event with its path, or `nil` when the base has ended, staying on the
        /// caller's actor.
        ///
        /// Runs on the caller's executor (`nonisolated(nonsending)`), so no hop is paid per call.
        ///
        /// - Parameter actor: The caller's actor; the base is asked for events there.
        /// - Throws: The base's errors, unchanged.
        @inlinable
        public nonisolated(nonsending) mutating func next(
            isolation actor: (any Actor)?
        ) async throws -> (event: XMLEvent, path: [XMLName])? {
            let event: XMLEvent?
            do {
                event = try await base?.next(isolation: #isolation)
            } catch {
                base = nil
                throw error
            }
            guard let event else {
                base = nil
                return nil
            }
            tracker.track(event)
            return (event, tracker.path)
        }
    }
}

extension XMLPathTrackingSequence: Sendable where Base: Sendable {}
