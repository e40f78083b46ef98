import Foundation

/// The events of one XML document, parsed as its bytes arrive from any asynchronous sequence of
/// byte chunks.
///
/// ```swift
/// for try await event in XMLEvents(contentsOf: fileURL) {
///     if case .startElement(let name, let attributes, _) = event, name.localName == "record" {
///         print(attributes.first?.value ?? "")
///     }
/// }
/// ```
///
/// The consumer's pace is the only pace: the iterator asks the source for the next chunk only
/// once it has handed out every event of the previous one, so a slow consumer slows the source
/// down and memory stays bounded by one chunk's events.
///
/// Iteration throws ``XMLParsingError`` for a malformed, truncated or over-limit document, after
/// every event before the error point; errors of the source are passed on as they are; a
/// cancelled task ends iteration with `CancellationError`. Leaving the loop early releases the
/// source and the parser at once.
public struct XMLEvents<Source: AsyncSequence>: AsyncSequence
where Source.Element: ContiguousBytes & Sendable {
    /// Each element is one event of the document.
    public typealias Element = XMLEvent
    /// Parsing errors are ``XMLParsingError``; the source's errors pass through unchanged.
    public typealias Failure = any Error

    /// The byte chunks the document is read from.
    public let source: Source

    /// How the document is parsed.
    public let options: XMLParsingOptions

    /// Creates the events of the document whose bytes `source` delivers, chunk by chunk.
    ///
    /// - Parameters:
    ///   - source: Any asynchronous sequence of byte chunks (`Data`, `[UInt8]`, …), for example an
    ///     `AsyncThrowingStream<Data, Error>`.
    ///   - options: How to parse; the defaults are safe for untrusted input.
    public init(_ source: Source, options: XMLParsingOptions = .default) {
        self.source = source
        self.options = options
    }

    /// Starts parsing; each iterator parses the document anew from the source's beginning.
    public func makeAsyncIterator() -> Iterator {
        Iterator(source: source.makeAsyncIterator(), parser: XMLPushParser(options: options))
    }

    /// Starts parsing with the parser building the elements `path` selects: the iterator then
    /// hands out subtrees through ``Iterator/nextSubtree()`` and no events.
    @usableFromInline
    func makeAsyncIterator(selecting path: XMLPath) -> Iterator {
        Iterator(source: source.makeAsyncIterator(), parser: XMLPushParser(options: options, selection: path))
    }

    /// Hands out the events of one chunk without suspending, and reads the next chunk only when
    /// they are gone.
    public struct Iterator: AsyncIteratorProtocol {
        private enum Phase {
            case reading
            case ending
            case failed(any Error)
            case done
        }

        private var source: Source.AsyncIterator?
        private var parser: XMLPushParser?
        private var phase = Phase.reading

        // The batch is visible to inlined code: handing out the next event of a batch is the
        // per-event path, and a call into unspecialized generic async code costs more than the
        // rest of it.
        @usableFromInline var batch: [XMLEvent] = []
        @usableFromInline var index = 0
        @usableFromInline var locations: [XMLLocation] = []
        @usableFromInline var locationIndex = 0
        @usableFromInline var currentLocation: XMLLocation?
        /// The subtrees of the current chunk, last first, when the parser selects: each is moved
        /// out as it is handed over, so that the consumer holds the only reference and a record
        /// is freed as soon as the consumer is done with it, while it is still in the cache.
        @usableFromInline var subtrees: [XMLSubtree] = []

        /// Where the most recent ``XMLEvent/startElement(name:attributes:namespaces:)`` returned by
        /// this iterator was reported (just after its tag), or `nil` before the first one.
        public var location: XMLLocation? { currentLocation }

        init(source: Source.AsyncIterator, parser: XMLPushParser) {
            self.source = source
            self.parser = parser
        }

        /// The next event, or `nil` after ``XMLEvent/endDocument``.
        ///
        /// Hands out the events of the current chunk without suspending; when they are gone, reads
        /// and parses the next chunk.
        ///
        /// - Returns: The next event, or `nil` once the document has ended or an error has been
        ///   thrown.
        /// - Throws: ``XMLParsingError`` for a malformed, truncated or over-limit document (after
        ///   every event before the error point); the source's own errors unchanged;
        ///   `CancellationError` when the task is cancelled. Each is thrown once; the next call
        ///   returns `nil`.
        @inlinable
        public nonisolated(nonsending) mutating func next() async throws -> XMLEvent? {
            if let event = nextInBatch() { return event }
            return try await nextAfterRefill()
        }

        /// The next event, or `nil` after ``XMLEvent/endDocument``, on the caller's actor except
        /// while a chunk is read and parsed.
        ///
        /// Runs on the caller's executor (`nonisolated(nonsending)`) rather than hopping to
        /// `actor` on entry: for a consumer on the main actor that hop was most of the cost of an
        /// event.
        ///
        /// - Parameter actor: The caller's actor, usually `#isolation`.
        /// - Returns: The next event, or `nil` after the end of the document.
        /// - Throws: The errors ``next()`` throws.
        @inlinable
        public nonisolated(nonsending) mutating func next(isolation actor: (any Actor)?) async throws -> XMLEvent? {
            if let event = nextInBatch() { return event }
            return try await nextAfterRefill()
        }

        /// The next event of the current batch, without suspending.
        @inlinable
        mutating func nextInBatch() -> XMLEvent? {
            guard index < batch.count else { return nil }
            // Moved out rather than copied: no retain now, and no release when the batch goes.
            var event = XMLEvent.endDocument
            swap(&event, &batch[index])
            index &+= 1
            if case .startElement = event, locationIndex < locations.count {
                currentLocation = locations[locationIndex]
                locationIndex &+= 1
            }
            return event
        }

        @usableFromInline
        nonisolated(nonsending) mutating func nextAfterRefill() async throws -> XMLEvent? {
            while true {
                if let event = nextInBatch() { return event }
                guard try await advance() else { return nil }
            }
        }

        /// The next subtree, or `nil` at the end of the document, from an iterator made by
        /// ``XMLEvents/makeAsyncIterator(selecting:)``.
        ///
        /// - Throws: The errors ``next()`` throws, after every subtree completed before them.
        @inlinable
        nonisolated(nonsending) mutating func nextSubtree() async throws -> XMLSubtree? {
            if let subtree = subtrees.popLast() { return subtree }
            return try await nextSubtreeAfterRefill()
        }

        @usableFromInline
        nonisolated(nonsending) mutating func nextSubtreeAfterRefill() async throws -> XMLSubtree? {
            while true {
                if let subtree = subtrees.popLast() { return subtree }
                guard try await advance() else { return nil }
            }
        }

        /// Parses the next chunk, or ends: returns `false` once nothing more will come, and
        /// throws the error that ended the document, once.
        private nonisolated(nonsending) mutating func advance() async throws -> Bool {
            switch phase {
            case .done:
                return false
            case .failed(let error):
                phase = .done
                throw error
            case .ending:
                end(.done)
                return false
            case .reading:
                await refill()
                return true
            }
        }

        private nonisolated(nonsending) mutating func refill() async {
            batch = []
            index = 0
            locations = []
            locationIndex = 0
            subtrees = []
            guard let parser else { return end(.done) }
            if Task.isCancelled { return end(.failed(CancellationError())) }
            let chunk: Source.Element?
            do {
                chunk = try await source?.next(isolation: #isolation)
            } catch {
                // The bytes that did arrive are parsed first; a parse error among them comes
                // earlier in the document than the source's failure, so it is the one reported.
                let step = await parser.flush()
                take(step)
                return end(.failed(step.error ?? error))
            }
            if Task.isCancelled { return end(.failed(CancellationError())) }
            let step: LibXML2PushContext.Step
            if let chunk {
                step = await parser.step(chunk, terminate: false)
            } else {
                step = await parser.step(Data(), terminate: true)
            }
            take(step)
            if let error = step.error {
                end(.failed(error))
            } else if chunk == nil {
                end(.ending)
            }
        }

        private mutating func take(_ step: LibXML2PushContext.Step) {
            batch = step.events
            locations = step.startElementLocations
            subtrees = step.subtrees
            subtrees.reverse()
        }

        /// Releases the source and the parser as soon as no more chunks will be read.
        private mutating func end(_ next: Phase) {
            phase = next
            source = nil
            parser = nil
        }
    }
}

extension XMLEvents: Sendable where Source: Sendable {}
