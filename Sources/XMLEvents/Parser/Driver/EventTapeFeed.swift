import Foundation

/// Pulls byte chunks from a source and parses them step by step with the ``ParseDriver``, one
/// step whenever the reader has read the tape of the last: the loop every asynchronous reader of
/// a document shares, so that they all pass on errors, cancellation and the source's end the
/// same way.
///
/// The source is asked for a chunk only in ``advance()``, once every step of the last chunk was
/// parsed and read, so a reader that is slow to read the tape slows the source down: that is the
/// backpressure. The source and the driver are released as soon as no more chunks will be read.
///
/// Parsing is work without a suspension point while bytes are at hand, so the feed gives its
/// thread back itself: ``advance()`` yields once a ``ParseTimeSlice`` is over, and a reader on
/// an actor parses off it, a batch at a time (see `EventTapeFeed+Batches.swift`).
@usableFromInline
struct EventTapeFeed<Source: AsyncIteratorProtocol> where Source.Element: ContiguousBytes {
    /// What is left to hand the reader: not a record of the parse (the driver's ``ParseStatus``
    /// is that), but of the end the reader has still to be told about, which may also be the
    /// source's failure or cancellation.
    @usableFromInline
    enum Phase {
        case reading
        /// The error to throw once the tape, with the events before it, has been read.
        case failed(any Error)
        /// The parse failed on decompressed bytes not yet known sound: once the tape has been
        /// read, they are verified, and the error thrown is the parser's or the decompression's
        /// (see `EventTapeFeed+Decompression.swift`).
        case verifying(XMLParsingError)
        /// Nothing more will come: the last events, if any, are on the tape.
        case done
    }

    /// The events of the last step parsed: the driver's tape, kept after the driver is let go;
    /// for a reader whose document is parsed ahead in a task of its own, the pipeline's tape.
    @usableFromInline var tape: EventTape
    /// The parse running ahead of this reader, when it runs on an actor (see
    /// `EventTapeFeed+Batches.swift`).
    @usableFromInline var pipeline: TapePipeline.Owner?
    @usableFromInline var phase = Phase.reading
    @usableFromInline var source: Source?
    @usableFromInline var driver: ParseDriver?
    /// The chunk being parsed, and how much of it was: the source's, or one the feed holds itself
    /// (decompressed, or the first bytes gathered to tell whether they are compressed).
    @usableFromInline var chunk: Source.Element?
    @usableFromInline var ownChunk: Data?
    @usableFromInline var chunkByteCount = 0
    @usableFromInline var parsedByteCount = 0
    /// When the thread is next given back.
    @usableFromInline var slice = ParseTimeSlice()
    /// Starts the parse ahead of a reader on an actor, when the source may be read in another
    /// task: when it is `Sendable`, which the sequence's creator knows statically.
    @usableFromInline let parsingAhead: ParsingAhead?
    /// Whether the source's bytes are compressed, once known (see
    /// `EventTapeFeed+Decompression.swift`).
    @usableFromInline var unpacking: Unpacking

    /// Hands a feed to a pipeline's parsing task.
    @usableFromInline typealias ParsingAhead = @Sendable (EventTapeFeed, TapePipeline) -> Void

    @usableFromInline
    init(source: Source, options: XMLParsingOptions, parsingAhead: ParsingAhead?) {
        self.source = source
        self.parsingAhead = parsingAhead
        unpacking = options.decompression.isEnabled ? .sniffing(options.decompression) : .plain
        let driver = ParseDriver(options: options)
        self.driver = driver
        tape = driver.tape
    }

    /// Parses the next step onto the tape (whose events the reader has read): returns `false`
    /// once nothing more will come, and throws the error that ended the document (the parser's,
    /// the source's, or `CancellationError`), once, after the tape holding the events before it.
    ///
    /// Gives the thread back (`Task.yield()`) before a step once the time slice is over, so that
    /// a parse never keeps other tasks, timers or cancellation waiting while bytes are at hand.
    ///
    /// - Parameter appending: Whether the step's events are added to those on the tape (a batch
    ///   of steps read at once) instead of replacing them.
    // Inlinable, so that reading the source is specialized for its type in the caller: a
    // byte-at-a-time source gathers its bytes in a loop that would otherwise make one generic
    // asynchronous call per byte.
    @inlinable
    nonisolated(nonsending) mutating func advance(appending: Bool = false) async throws -> Bool {
        switch phase {
        case .done:
            return false
        case .failed(let error):
            phase = .done
            throw error
        case .verifying(let error):
            // The events before the failure have been read: the tape holds nothing more.
            if !appending { discardTape() }
            let reported = await verifiedFailure(error)
            end(.done)
            throw reported
        case .reading:
            if slice.isOver() {
                await Task.yield()
                slice.restart()
            }
            if chunk == nil && ownChunk == nil {
                await readChunk(appending: appending)
            } else if Task.isCancelled {
                cancel()
            } else {
                parseStepOfChunk(appending: appending)
            }
            return true
        }
    }

    /// Whether the current chunk has bytes left to parse: the next step needs no read.
    @inlinable var hasBytesAtHand: Bool { chunk != nil || ownChunk != nil }

    @inlinable
    nonisolated(nonsending) mutating func readChunk(appending: Bool) async {
        guard let driver else {
            if !appending { discardTape() }
            return end(.done)
        }
        if Task.isCancelled { return cancel() }
        guard case .plain = unpacking else { return await readUnpackedChunk(appending: appending, driver: driver) }
        let next: Source.Element?
        do {
            next = try await source?.next(isolation: #isolation)
        } catch {
            return fail(reading: error, driver: driver, appending: appending)
        }
        if Task.isCancelled { return cancel() }
        guard let next else { return endInput(driver: driver, appending: appending) }
        chunk = next
        startChunk(byteCount: next.withUnsafeBytes { $0.count }, appending: appending)
    }

    /// Ends the document with the source's `error`. The bytes that did arrive are parsed first; a
    /// parse error among them comes earlier in the document than the source's failure, so it is
    /// the one reported (unless it lies in decompressed bytes that fail their check).
    @inlinable
    mutating func fail(reading error: any Error, driver: ParseDriver, appending: Bool) {
        driver.flush(appending: appending)
        if let parseError = driver.error { return fail(parsing: parseError) }
        end(.failed(error))
    }

    /// Ends the document with the parser's `error`, once its decompressed bytes, if they are,
    /// are verified: until then the source and the decompression stage are kept.
    @usableFromInline
    mutating func fail(parsing error: XMLParsingError) {
        guard case .decompressing = unpacking else { return end(.failed(error)) }
        phase = .verifying(error)
        driver = nil
        chunk = nil
        ownChunk = nil
    }

    /// Ends the document at the end of its input: the last step declares it complete.
    @inlinable
    mutating func endInput(driver: ParseDriver, appending: Bool) {
        _ = driver.parseStep(UnsafeRawBufferPointer(start: nil, count: 0), terminate: true, appending: appending)
        end(driver.error.map { .failed($0) } ?? .done)
    }

    /// Parses the first step of the chunk just read, of `byteCount` bytes.
    @inlinable
    mutating func startChunk(byteCount: Int, appending: Bool) {
        chunkByteCount = byteCount
        parsedByteCount = 0
        parseStepOfChunk(appending: appending)
    }

    /// Ends the document with `CancellationError`, dropping the events on the tape, those of a
    /// batch too: a cancelled reader is not handed more work.
    @usableFromInline
    mutating func cancel() {
        discardTape()
        end(.failed(CancellationError()))
    }

    /// Parses the next step of the current chunk.
    @usableFromInline
    mutating func parseStepOfChunk(appending: Bool) {
        guard let driver else { return }
        let offset = parsedByteCount
        let taken: Int
        if let current = chunk {
            taken = current.withUnsafeBytes { bytes in
                driver.parseStep(
                    UnsafeRawBufferPointer(rebasing: bytes[offset...]), terminate: false, appending: appending)
            }
        } else if let current = ownChunk {
            taken = current.withUnsafeBytes { bytes in
                driver.parseStep(
                    UnsafeRawBufferPointer(rebasing: bytes[offset...]), terminate: false, appending: appending)
            }
        } else {
            return
        }
        parsedByteCount += taken
        if let error = driver.error {
            fail(parsing: error)
        } else if parsedByteCount >= chunkByteCount {
            chunk = nil
            ownChunk = nil
        }
    }

    /// Forgets the events the reader has read, when no step is parsed to replace them.
    @usableFromInline
    func discardTape() {
        tape.removeAll(keepingBytesFrom: .max)
    }

    /// Releases the source, the driver and the chunk as soon as no more chunks will be read.
    @usableFromInline
    mutating func end(_ next: Phase) {
        phase = next
        source = nil
        driver = nil
        chunk = nil
        ownChunk = nil
        // Stops a decompression thread and frees its decoder.
        unpacking = .plain
    }
}

/// How long a parse keeps its thread before it gives it back: the mechanism by which parsing,
/// which never suspends while bytes are at hand, lets other tasks, timers and cancellation run.
///
/// A slice is measured on the clock, read once per step (a few tens of nanoseconds against the
/// step's tens of microseconds), rather than counted in bytes or steps: what a step costs
/// depends on the document (entity expansion, deep namespaces) and on the reader's own work
/// between steps, and the clock measures all of it.
@usableFromInline
struct ParseTimeSlice {
    /// How long a slice lasts: short enough that a timer or another task waits a few
    /// milliseconds at most behind each parse, long enough that giving the thread back costs
    /// little. A yield costs about 40 µs of the process's CPU time when no other task waits (the
    /// pool wakes a thread to take the job): measured at 2.6 % of a loop yielding every 1.5 ms,
    /// so about 0.8 % at this length.
    @usableFromInline static let length = Duration.milliseconds(5)

    /// When the slice is over; `nil` before the first step.
    @usableFromInline var deadline: ContinuousClock.Instant?

    @inlinable init() {}

    /// Whether the slice is over; starts the first slice on the first call.
    @inlinable
    mutating func isOver() -> Bool {
        let now = ContinuousClock.now
        guard let deadline else {
            self.deadline = now.advanced(by: ParseTimeSlice.length)
            return false
        }
        return now >= deadline
    }

    /// Starts a new slice now.
    @inlinable
    mutating func restart() {
        deadline = ContinuousClock.now.advanced(by: ParseTimeSlice.length)
    }
}
