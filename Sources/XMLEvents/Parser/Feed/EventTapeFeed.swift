import Foundation

/// The document's bytes, through the feed's stages, onto a tape of events, one step whenever the
/// reader has read the tape of the last: the loop every asynchronous reader of a document shares,
/// so that they all pass on errors, cancellation and the source's end the same way.
///
/// The stages, in the order the bytes pass them:
/// 1. ``ByteInput``: the source's chunks, decompressed when the first bytes say so;
/// 2. ``ParseStage``: the chunk at hand, parsed a step at a time by the ``ParseDriver`` onto
///    its tape;
/// 3. for a reader on an actor, ``TapePipeline``: the steps parsed ahead in a task of their own,
///    a batch at a time (see `EventTapeFeed+Batches.swift`).
///
/// ``FeedStateMachine`` decides what each call to ``advance(appending:)`` does; the stages carry
/// it out. A chunk is read only once every step of the last was parsed and read, so a reader
/// that is slow to read the tape slows the source down: that is the backpressure. The stages are
/// released together (``releaseStages()``) as soon as no more chunks will be read.
///
/// Parsing is work without a suspension point while bytes are at hand, so the feed gives its
/// thread back itself: ``advance(appending:)`` yields once a ``ParseTimeSlice`` is over.
@usableFromInline
struct EventTapeFeed<Source: AsyncIteratorProtocol> where Source.Element: ContiguousBytes {
    /// The stages a document's bytes pass while it is read.
    @usableFromInline
    struct Stages {
        @usableFromInline var input: ByteInput<Source>
        @usableFromInline var parse: ParseStage<Source.Element>
        /// While the first bytes pass, whether the document can be parsed in chunks of records.
        @usableFromInline var lookout: RecordLookout?
        /// Where the single parse stops for the chunks of records to take over.
        @usableFromInline var recordsSwitch: RecordsSwitch?
        /// The chunks of records, once they have taken over.
        @usableFromInline var records: RecordsParse?
        /// For a single parse that took over from the chunks: what it does to each step.
        @usableFromInline var framing: SequentialFraming?
        /// The input's error, reported once that parse has parsed what did arrive.
        @usableFromInline var inputFailure: (any Error)?
        /// What the workers that parse chunks of records build for the reader.
        @usableFromInline let work: ChunkWork?

        @usableFromInline
        init(
            input: ByteInput<Source>, parse: ParseStage<Source.Element>, options: XMLParsingOptions, work: ChunkWork?
        ) {
            self.input = input
            self.parse = parse
            self.work = work
            lookout = RecordLookout.allows(options) ? RecordLookout(options: options) : nil
        }

        /// The next outcome of the chunks of records, which read the input.
        nonisolated(nonsending) mutating func nextRecords() async throws -> RecordsParse.Outcome {
            try await records?.next(from: &input) ?? .end
        }
    }

    /// The events of the last step parsed: the driver's tape, kept after the stages are let go;
    /// for a reader whose document is parsed ahead in a task of its own, the pipeline's tape.
    @usableFromInline var tape: EventTape
    @usableFromInline var machine = FeedStateMachine()
    /// The stages, until no more chunks will be read here.
    @usableFromInline var stages: Stages?
    /// When the thread is next given back.
    @usableFromInline var slice = ParseTimeSlice()
    /// The parse running ahead of this reader, when it runs on an actor.
    @usableFromInline var pipeline: TapePipeline.Owner?
    /// Starts the parse ahead of a reader on an actor, when the source may be read in another
    /// task: when it is `Sendable`, which the sequence's creator knows statically.
    @usableFromInline let parsingAhead: ParsingAhead?
    /// How the document is parsed: what a single parse that takes over from chunks of records
    /// is made with.
    @usableFromInline let options: XMLParsingOptions

    /// Hands a feed to a pipeline's parsing task.
    @usableFromInline typealias ParsingAhead = @Sendable (EventTapeFeed, TapePipeline) -> Void

    /// - Parameters:
    ///   - source: The document's bytes.
    ///   - options: How to parse it.
    ///   - parsingAhead: Starts the parse ahead of a reader on an actor, if it may be.
    ///   - work: What the workers that parse chunks of records build for the reader, if it
    ///     takes their ``EventTape/product``.
    @usableFromInline
    init(source: Source, options: XMLParsingOptions, parsingAhead: ParsingAhead?, work: ChunkWork? = nil) {
        self.parsingAhead = parsingAhead
        let parse = ParseStage<Source.Element>(options: options)
        tape = parse.driver.tape
        self.options = options
        stages = Stages(
            input: ByteInput(source: source, decompression: options.decompression, parallelism: options.parallelism),
            parse: parse, options: options, work: work)
    }

    /// Parses the next step onto the tape (whose events the reader has read): returns `false`
    /// once nothing more will come, and throws the error that ended the document (the parser's,
    /// the source's, the decompression's, or `CancellationError`), once, after the tape holding
    /// the events before it.
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
        switch machine.nextAction(hasBytesAtHand: stages?.parse.hasBytesAtHand ?? false) {
        case .finish:
            return false
        case .fail(let error):
            throw error
        case .verify(let error):
            // The events before the failure have been read: the tape holds nothing more.
            if !appending { discardTape() }
            let reported = await stages?.input.verifiedFailure(error) ?? error
            releaseStages()
            throw reported
        case .parseStep:
            await slice.yieldIfOver()
            if Task.isCancelled { cancel() } else { parseStep(appending: appending) }
            return true
        case .read:
            await slice.yieldIfOver()
            await readChunk(appending: appending)
            return true
        }
    }

    /// Whether the chunk at hand has bytes left to parse: the next step needs no read.
    @inlinable var hasBytesAtHand: Bool { stages?.parse.hasBytesAtHand ?? false }

    /// Whether reading the next chunk will not wait: only then does a batch go on into it, since
    /// a batch that waited for its source would hold the events it has parsed back from the
    /// reader.
    @inlinable var inputHasChunkAtHand: Bool { stages?.input.hasChunkAtHand ?? false }

    /// Reads the next chunk from the input stage and parses its first step; at the end of the
    /// input, the last step. Once chunks of records have taken over, hands out the next chunk's
    /// tape instead (see `EventTapeFeed+Records.swift`).
    @inlinable
    nonisolated(nonsending) mutating func readChunk(appending: Bool) async {
        guard stages != nil else {
            if !appending { discardTape() }
            return end(with: nil)
        }
        if Task.isCancelled { return cancel() }
        if stages?.records != nil { return await readRecords(appending: appending) }
        if let recordsSwitch = stages?.recordsSwitch { return switchToRecords(recordsSwitch, appending: appending) }
        if let failure = stages?.inputFailure { return endWithInputFailure(failure, appending: appending) }
        var next: InputChunk<Source.Element>?
        do {
            next = try await stages?.input.next()
        } catch {
            return endWithInputFailure(error, appending: appending)
        }
        if Task.isCancelled { return cancel() }
        guard let chunk = next else {
            return end(with: framed(stages?.parse.endInput(appending: appending), appending))
        }
        next = stages?.lookout == nil ? chunk : look(at: chunk)
        guard let next else { return }
        if let error = framed(stages?.parse.take(next, appending: appending), appending) { fail(parsing: error) }
    }

    /// Ends the document with the input's `error`. The bytes that did arrive are parsed first; a
    /// parse error among them comes earlier in the document than the input's failure, so it is
    /// the one reported. Compressed input that ends before its stream does is the document cut
    /// short, where the parse has got to, as when its bytes end early.
    @usableFromInline
    mutating func endWithInputFailure(_ error: any Error, appending: Bool) {
        if let cut = error as? DecompressedStreamCut {
            let parseError = framed(stages?.parse.failCutShort(cut.message, appending: appending), appending)
            return end(with: parseError ?? cut.decompressionError)
        }
        if let parseError = framed(stages?.parse.flush(appending: appending), appending) {
            return fail(parsing: parseError)
        }
        end(with: error)
    }

    /// Parses the next step of the chunk at hand.
    @usableFromInline
    mutating func parseStep(appending: Bool) {
        if let error = framed(stages?.parse.parseStep(appending: appending), appending) { fail(parsing: error) }
    }

    /// The step's tape, and its `error`, framed when a single parse took over from chunks of
    /// records (``SequentialFraming``); as they are otherwise.
    @usableFromInline
    mutating func framed(_ error: XMLParsingError?, _ appending: Bool) -> XMLParsingError? {
        guard stages?.framing != nil else { return error }
        stages?.framing?.frame(tape, appending: appending)
        let openElements = stages?.parse.driver.openElementCount ?? 0
        return stages?.framing?.place(error, openElements: openElements) ?? error
    }

    /// Ends the document with the parser's `error`, once its decompressed bytes, if they are, are
    /// verified: until then the input stage is kept.
    @usableFromInline
    mutating func fail(parsing error: XMLParsingError) {
        guard stages?.input.verifiesFailures == true else { return end(with: error) }
        machine.parseFailed(error, verifiable: true)
    }

    /// Ends the document with `CancellationError`, dropping the events on the tape, those of a
    /// batch too: a cancelled reader is not handed more work.
    @usableFromInline
    mutating func cancel() {
        discardTape()
        end(with: CancellationError())
    }

    /// Ends the document, complete when `error` is `nil`, and lets the stages go.
    @usableFromInline
    mutating func end(with error: (any Error)?) {
        machine.ended(with: error)
        releaseStages()
    }

    /// Forgets the events the reader has read, when no step is parsed to replace them.
    @usableFromInline
    func discardTape() {
        tape.removeAll(keepingBytesFrom: .max)
    }

    /// Releases the source, the decompression stage (its thread stops) and the driver: at the
    /// end of the document, or when the stages move to the task that parses ahead of a reader on
    /// an actor.
    @usableFromInline
    mutating func releaseStages() {
        stages = nil
    }
}
