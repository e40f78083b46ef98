/// Parsing off the reader's actor.
///
/// A reader that runs on an actor (the main actor, any actor) must not parse there: libxml2's
/// work would hold the actor for as long as bytes are at hand. Such a reader hands its feed to a
/// ``TapePipeline``: a task of its own parses the document a batch of steps at a time, one batch
/// ahead of the reader at most, and copies each batch onto the pipeline's tape once the reader is
/// done with the last. The reader reads that tape on its actor as it reads a step's: owned
/// events, subtrees and records are built where they are used, so that their storage never
/// crosses to another core and back, and the next batch is parsed while the reader works on this
/// one. A nonisolated reader parses inline and pays for none of it.
///
/// Only a feed whose source is `Sendable` moves (``EventTapeFeed/parsingAhead``): the source's
/// iterator is then reachable from no other isolation than the parsing task's.
extension EventTapeFeed {
    /// Whether a reader running on `actor` parses off it, a batch at a time.
    @inlinable
    func parsesOffActor(_ actor: (any Actor)?) -> Bool {
        actor != nil && parsingAhead != nil
    }

    /// The next step's events, parsed inline, or the next batch of steps', parsed ahead in a task
    /// of their own, when the reader runs on an actor.
    @inlinable
    nonisolated(nonsending) mutating func advance(readingOn actor: (any Actor)?) async throws -> Bool {
        if pipeline != nil || parsesOffActor(actor) { return try await advanceBatch() }
        return try await advance()
    }

    /// The next batch of steps from the pipeline, started on the first call: ``tape`` then holds
    /// all their events.
    ///
    /// - Returns: `false` once nothing more will come.
    /// - Throws: The error that ended the document, once, after the tape holding the events
    ///   before it.
    // Inlinable, as the parse loop is, so that the parsing task's loop is specialized for the
    // source in the caller (a byte-at-a-time source would otherwise gather generically).
    @inlinable
    nonisolated(nonsending) mutating func advanceBatch() async throws -> Bool {
        guard machine.isReading else { return try await advance() }
        let owner: TapePipeline.Owner
        if let pipeline {
            owner = pipeline
        } else {
            guard let parsingAhead else { return try await advance() }
            owner = TapePipeline.Owner()
            // A chunk of records' tape is far bigger than a batch: a reader on an actor reads
            // the single parser's batches, whose size is promised.
            stages?.lookout = nil
            parsingAhead(self, owner.pipeline)
            // This feed now only reads: the stages are the parsing task's.
            tape = owner.pipeline.tape
            releaseStages()
            pipeline = owner
        }
        let outcome = await owner.pipeline.nextBatch()
        switch outcome {
        case .more:
            return true
        case .ended:
            // The last steps' events, if any, are read before the end is reported.
            end(with: nil)
            return tape.count > 0
        case .failed(let error):
            // Thrown by the next call, after the events before it; none for cancellation.
            end(with: error)
            if tape.count > 0, !(error is CancellationError) { return true }
            return try await advance()
        }
    }

    /// Parses steps onto the tape, each step's events added to those of the steps before it,
    /// until the tape holds a batch, the chunk at hand is used up with events on the tape and the
    /// next one would have to be waited for, the batch is 5 ms old with events on the tape, or
    /// the document has ended.
    ///
    /// - Returns: How the batch ended.
    @inlinable
    mutating func parseBatch() async -> TapeBatchEnd {
        let deadline = ContinuousClock.now.advanced(by: ParseTimeSlice.length)
        var appending = false
        do {
            while try await advance(appending: appending) {
                appending = true
                guard machine.isReading, tape.count > 0 else {
                    // The events before a failure go to the reader before its verification.
                    if case .verifying = machine.state, tape.count > 0 { return .more }
                    continue
                }
                // A chunk of records' tape (of a reader that moved to an actor after the switch)
                // is a batch of its own: it replaces the tape.
                if tape.holdsBatch || (!hasBytesAtHand && !inputHasChunkAtHand) || ContinuousClock.now >= deadline
                    || stages?.records != nil
                {
                    return .more
                }
            }
            return .ended
        } catch {
            return .failed(error)
        }
    }
}

extension EventTape {
    /// Whether the tape holds as much as a batch should: 8,192 events (about 100 KiB of small
    /// records) or 512 KiB of text. Small enough that the batch stays in the caches of the core
    /// that parsed it and of the one that reads it.
    @usableFromInline var holdsBatch: Bool {
        count >= 8 * 1024 || columns.pointee.bytes.count >= 512 << 10
    }
}
