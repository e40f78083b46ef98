/// Parsing off the reader's actor.
///
/// A reader that runs on an actor (the main actor, any actor) must not parse there: libxml2's
/// work would hold the actor for as long as bytes are at hand. Such a reader moves the feed, and
/// whatever turns its tape into values, into ``EventTapeFeed/parseBatch(_:appending:)``, a
/// `@concurrent` call its task awaits, which parses steps until its time slice is over or the
/// chunk at hand is used up, and brings them back: one hop off the actor and one back per batch,
/// never per event. A nonisolated reader parses inline and pays for no hop.
///
/// Only a feed whose source is `Sendable` moves (``EventTapeFeed/sourceIsSendable``): the
/// source's iterator is then reachable from no other isolation than this task's.
extension EventTapeFeed {
    /// Whether a reader running on `actor` parses off it, a batch at a time.
    @inlinable
    func parsesOffActor(_ actor: (any Actor)?) -> Bool {
        actor != nil && sourceIsSendable
    }

    /// Parses steps off the caller's executor until `reader` holds a batch, the time slice is
    /// over, or the document has ended; `reader` reads the tape after each step. With
    /// `appending`, the steps' events accumulate on the tape for the caller to read (the reader
    /// only watches its size); otherwise each step replaces the last, read by the reader.
    ///
    /// - Returns: The feed and the reader, moved back, and how the batch ended.
    @concurrent @inlinable
    static func parseBatch<Reader: TapeBatchReader>(
        _ moved: TaskConfined<(feed: EventTapeFeed, reader: Reader)>, appending: Bool
    ) async -> TaskConfined<(feed: EventTapeFeed, reader: Reader, end: TapeBatchEnd)> {
        var (feed, reader) = moved.value
        feed.slice.restart()
        var appendsStep = false
        do {
            while try await feed.advance(appending: appendsStep) {
                appendsStep = appending
                reader.read(feed.tape)
                guard case .reading = feed.phase else { continue }
                if reader.isFull || feed.slice.isOver() || (!feed.hasBytesAtHand && reader.hasValues) {
                    return TaskConfined((feed, reader, .more))
                }
            }
            return TaskConfined((feed, reader, .ended))
        } catch {
            return TaskConfined((feed, reader, .failed(error)))
        }
    }

    /// Parses a batch of steps off the caller's actor onto the tape, which then holds all their
    /// events: ``advance(appending:)`` for a reader that reads the tape itself on its actor (a
    /// visitor, whose views into the tape cannot cross isolation, or the records decoded with a
    /// conformance that may be isolated to it).
    ///
    /// - Returns: `false` once nothing more will come.
    /// - Throws: The error that ended the document, once, after the tape holding the events
    ///   before it.
    @inlinable
    nonisolated(nonsending) mutating func advanceBatch() async throws -> Bool {
        if case .reading = phase {
            let moved = await EventTapeFeed.parseBatch(TaskConfined((self, TapeGrowth())), appending: true)
            self = moved.value.feed
            switch moved.value.end {
            case .more:
                return true
            case .ended:
                // The last steps' events, if any, are read before the end is reported.
                return tape.count > 0
            case .failed(let error):
                // Thrown by the next call, after the events before it.
                phase = .failed(error)
                if tape.count > 0 { return true }
            }
        }
        return try await advance()
    }
}

/// How a batch of steps ended.
@usableFromInline
enum TapeBatchEnd {
    /// More may come.
    case more
    /// Nothing more will come.
    case ended
    /// The error that ended the document, to throw after the batch.
    case failed(any Error)
}

/// What reads each step's tape during a batch parsed off the reader's actor.
@usableFromInline
protocol TapeBatchReader {
    /// Reads the events of the step just parsed.
    mutating func read(_ tape: EventTape)
    /// Whether anything was read for the reader to be handed.
    var hasValues: Bool { get }
    /// Whether the batch should be handed over now, to bound its memory.
    var isFull: Bool { get }
}

/// The reader of a batch whose events stay on the tape: it only bounds the tape's growth.
@usableFromInline
struct TapeGrowth: TapeBatchReader {
    @usableFromInline var entries = 0
    @usableFromInline var bytes = 0

    @inlinable init() {}

    @inlinable
    mutating func read(_ tape: EventTape) {
        entries = tape.count
        bytes = tape.columns.pointee.bytes.count
    }

    @inlinable var hasValues: Bool { entries > 0 }

    /// A batch holds at most about as much as the tape of one 64 KiB chunk of small records.
    @inlinable var isFull: Bool { entries >= 16 * 1024 || bytes >= 1 << 20 }
}

/// Values made off the reader's actor, handed out on it one at a time.
@usableFromInline
struct TapeBatch<Element> {
    @usableFromInline var elements: [Element] = []
    @usableFromInline var index = 0
    @usableFromInline var end = TapeBatchEnd.more

    @inlinable init() {}

    /// The next value of the batch, if one is left.
    @inlinable
    mutating func next() -> Element? {
        guard index < elements.count else { return nil }
        defer { index &+= 1 }
        return elements[index]
    }

    /// The batch's storage, emptied, for the next batch to fill without allocating.
    @inlinable
    mutating func takeStorage() -> [Element] {
        var storage: [Element] = []
        swap(&storage, &elements)
        storage.removeAll(keepingCapacity: true)
        index = 0
        return storage
    }

    /// Takes the values of a batch and how it ended; a batch cut short by cancellation hands out
    /// nothing more.
    @inlinable
    mutating func fill(_ values: [Element], end: TapeBatchEnd) {
        elements = values
        index = 0
        self.end = end
        if case .failed(let error) = end, error is CancellationError { elements.removeAll() }
    }

    /// After the values are handed out: `false` once nothing more will come, or the error that
    /// ended the document, thrown once.
    @inlinable
    mutating func continues() throws -> Bool {
        switch end {
        case .more:
            return true
        case .ended:
            return false
        case .failed(let error):
            end = .ended
            throw error
        }
    }
}

/// A value carried by its task into a call on another executor and back in the call's result.
@usableFromInline
struct TaskConfined<Value>: @unchecked Sendable {
    // Safe: it crosses only into a `@concurrent` call its own task awaits, and back in that call's
    // result, so one task uses the value at a time, ordered by the await; and it carries a feed
    // only when the feed's source is `Sendable`, so nothing else can reach that source.
    @usableFromInline var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
