/// Parsing off the reader's actor.
///
/// A reader that runs on an actor (the main actor, any actor) must not parse there: libxml2's
/// work would hold the actor for as long as bytes are at hand. Such a reader moves the feed into
/// ``EventTapeFeed/parseBatch(_:)``, a `@concurrent` call its task awaits, which parses steps
/// onto the tape until its time slice is over, the chunk at hand is used up or the tape is full,
/// and brings the feed back: one hop off the actor and one back per batch, never per event. The
/// reader then reads the batch's tape on its actor as it reads a step's: owned events, subtrees
/// and records are built where they are used, so that their storage never crosses to another
/// core and back (handing over values built off the actor ran at 0.56× the inline loop; handing
/// over the tape, at 0.9×). A nonisolated reader parses inline and pays for no hop.
///
/// Only a feed whose source is `Sendable` moves (``EventTapeFeed/sourceIsSendable``): the
/// source's iterator is then reachable from no other isolation than this task's.
extension EventTapeFeed {
    /// Whether a reader running on `actor` parses off it, a batch at a time.
    @inlinable
    func parsesOffActor(_ actor: (any Actor)?) -> Bool {
        actor != nil && sourceIsSendable
    }

    /// Parses steps off the caller's executor onto the tape, each step's events added to those
    /// of the steps before it, until the time slice is over, the chunk at hand is used up with
    /// events on the tape, the tape holds a batch's worth, or the document has ended.
    ///
    /// - Returns: The feed, moved back, and how the batch ended.
    @concurrent @inlinable
    static func parseBatch(_ moved: TaskConfined<EventTapeFeed>) async -> TaskConfined<(EventTapeFeed, TapeBatchEnd)> {
        var feed = moved.value
        feed.slice.restart()
        var appending = false
        do {
            while try await feed.advance(appending: appending) {
                appending = true
                guard case .reading = feed.phase else { continue }
                let tape = feed.tape
                if tape.holdsBatch || feed.slice.isOver()
                    || (!feed.hasBytesAtHand && tape.count > 0 && !feed.sourceHasChunkAtHand)
                {
                    return TaskConfined((feed, .more))
                }
            }
            return TaskConfined((feed, .ended))
        } catch {
            return TaskConfined((feed, .failed(error)))
        }
    }

    /// Parses a batch of steps off the caller's actor onto the tape, which then holds all their
    /// events: ``advance(appending:)`` for a reader on an actor.
    ///
    /// - Returns: `false` once nothing more will come.
    /// - Throws: The error that ended the document, once, after the tape holding the events
    ///   before it.
    @inlinable
    nonisolated(nonsending) mutating func advanceBatch() async throws -> Bool {
        if case .reading = phase {
            let (feed, end) = await EventTapeFeed.parseBatch(TaskConfined(self)).value
            self = feed
            switch end {
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

    /// The next step's events, parsed inline, or a batch of steps' parsed off `actor` when the
    /// reader runs on one.
    @inlinable
    nonisolated(nonsending) mutating func advance(readingOn actor: (any Actor)?) async throws -> Bool {
        if parsesOffActor(actor) { return try await advanceBatch() }
        return try await advance()
    }
}

extension EventTapeFeed {
    /// Whether reading the source's next chunk will not wait (a regular file, data in memory, a
    /// stream with chunks buffered): only then does a batch go on into it, since a batch that
    /// waited for its source would hold the events it has parsed back from the reader.
    @inlinable var sourceHasChunkAtHand: Bool {
        (source as? any ChunkReadiness)?.hasChunkAtHand ?? false
    }
}

/// A source iterator that knows whether its next chunk is at hand.
@usableFromInline
protocol ChunkReadiness {
    /// Whether the next call to `next` returns without waiting for bytes to arrive.
    var hasChunkAtHand: Bool { get }
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

extension EventTape {
    /// Whether the tape holds as much as a batch should: 8,192 events (about 100 KiB of small
    /// records) or 512 KiB of text. Small enough that the batch stays in the caches of the core
    /// that parsed it and of the one that reads it: on records, the loop on the main actor ran at
    /// 0.70× the nonisolated loop with 64 Ki events a batch, 0.82× with 16 Ki, 0.86× with 8 Ki.
    @inlinable var holdsBatch: Bool {
        count >= 8 * 1024 || columns.pointee.bytes.count >= 512 << 10
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
