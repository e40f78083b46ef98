import Foundation

/// The rest of a document made of records, parsed in chunks on other cores and handed to the
/// reader in document order: the parse stage of a feed once ``RecordLookout`` has switched it.
///
/// It reads the input, cuts it at the splitter's boundaries into chunks of about
/// ``chunkByteCount`` bytes (``eventChunkByteCount`` for a reader of the tapes: events, subtrees; sooner when the
/// next bytes would have to be waited for, so that a slow source does not hold records back),
/// starts a parse of each (``RecordWorkQueue``), and
/// hands out the parses in order, their positions placed in the document (``ChunkPlacer``). At
/// most ``workerCount`` + 1 chunks are read ahead of the reader: a slow reader stops the reading.
///
/// A chunk whose parser fails, and the input's failure, end the chunks: the document is parsed on
/// from that chunk's start by one parser inside the frame (``Handover``), which gives the single
/// parser's events and error, whatever the chunk parser saw. A record longer than
/// ``longestPendingByteCount(chunkByteCount:)`` is not gathered whole into a chunk either (a
/// page of a history dump can be gigabytes): once the chunks before it are handed out, one
/// parser reads it as it arrives, and the chunks take over again after it (``Handover/rejoin``).
@usableFromInline
struct RecordsParse {
    /// About how many bytes a chunk holds: big enough that a parser's start and the frame
    /// parsed again cost little (about 1 % at this size), small enough that the chunks in flight
    /// and the values built from them stay a few tens of megabytes.
    static let chunkByteCount = 512 << 10
    /// The size of a chunk whose events the reader reads one by one (owned events, a visitor):
    /// the reader goes through a chunk's events without giving its thread back, so its chunks
    /// are smaller, a few milliseconds of reading in a release build. (A quarter of the workers'
    /// size cost owned events on two cores about a tenth of their gain; half costs nothing
    /// measurable.)
    static let eventChunkByteCount = 256 << 10

    /// The size of this parse's chunks.
    private let chunkByteCount: Int

    /// The most bytes of the input's chunks appended to the pending bytes at once: a chunk is
    /// cut at the last boundary in them, so a source's chunk of megabytes, appended whole,
    /// would make a chunk of records of its size, parsed by one worker, with a tape to match.
    static let sliceByteCount = 64 << 10
    /// The bytes of the input's last chunk not yet appended to the pending bytes.
    private var carry = Data()[...]

    /// The most bytes gathered for the next chunk while no record in them has ended: past this,
    /// the record at hand is too long for a chunk, and one parser reads it as it arrives, so that
    /// memory stays bounded by the chunks, not by the longest record.
    static func longestPendingByteCount(chunkByteCount: Int) -> Int { 8 * chunkByteCount }

    /// Where the single parse that takes over starts, and what it is given.
    struct Handover {
        /// The bytes read from that chunk's start on, to parse after the frame's prefix.
        var bytes: [UInt8]
        /// Places the parse's positions.
        var shift: ChunkPlacer.Shift
        /// Whether the input has ended (after `bytes`).
        var inputEnded: Bool
        /// The input's error, to report after the bytes that did arrive.
        var inputFailure: (any Error)?
        /// For a record too long for a chunk, the splitter that has scanned `bytes`, to go on
        /// scanning the input with so that the chunks take over again after the record; `nil`
        /// when the single parse reads on to the end (a chunk's or the input's failure).
        var rejoin: RecordSplitter?
        /// Where the single parse's first step is to end (see ``ChunkPlacer/nextStepEnd``).
        var nextStepEnd: Int?
    }

    /// What the reader gets next.
    enum Outcome {
        case chunk(FramedChunkParse)
        case end
        case handover(Handover)
    }

    let frame: DocumentFrame
    private var placer: ChunkPlacer
    private var splitter: RecordSplitter
    /// Bytes read and not yet cut into a chunk, from `pendingOffset` on (line `pendingLine`).
    private(set) var pending: [UInt8]
    private var pendingOffset: Int
    private var pendingLine: Int
    /// The column of the last character before `pendingOffset`, as foreseen, in the count of
    /// ``ChunkPlacer``.
    private var pendingColumn: Int
    /// The last boundary in `pending`.
    private var pendingBoundary: RecordSplitter.Boundary?
    /// The chunks started and not yet handed out, in order, kept for a handover.
    private var started: [RecordChunk] = []
    private var startedCount = 0
    private var handedOutCount = 0
    private var inputEnded = false
    private let owner: RecordWorkQueue.Owner
    /// The storage of the last chunk handed out, emptied, for the bytes read next (see
    /// ``RecordWorkQueue/recycle(_:)`` for why memory is used again).
    private var spareBytes: [UInt8] = []
    private let options: XMLParsingOptions
    private let workerCount: Int
    /// What the workers build from each chunk's events for the reader.
    private let work: ChunkWork?

    /// Takes over from the single parser, which stopped at `boundary`, at libxml2's column
    /// `column`, and planned its next step to end at `nextStepEnd`; `splitter` has scanned
    /// `remainder`, the bytes read after the boundary (none of them a boundary), and not
    /// `carry`, the bytes of the chunk at hand after those.
    init(
        frame: DocumentFrame, boundary: RecordSplitter.Boundary, column: Int, nextStepEnd: Int,
        splitter: RecordSplitter, remainder: [UInt8], carry: Data.SubSequence = Data()[...], options: XMLParsingOptions,
        workerCount: Int, work: ChunkWork?
    ) {
        self.carry = carry
        self.frame = frame
        placer = ChunkPlacer(frame: frame, column: column, nextStepEnd: nextStepEnd)
        self.splitter = splitter
        pending = remainder
        pendingOffset = boundary.offset
        pendingLine = boundary.line
        pendingColumn = column - 1
        self.options = options
        self.work = work
        self.workerCount = workerCount
        chunkByteCount = work == nil ? Self.eventChunkByteCount : Self.chunkByteCount
        owner = RecordWorkQueue.Owner(spareTapeLimit: workerCount + 2)
    }

    /// Keeps `tape`, a chunk's that the reader has read and holds the one reference to, for a
    /// later chunk's parse.
    func recycle(_ tape: consuming EventTape) {
        owner.queue.recycle(tape)
    }

    /// The next chunk's parse, placed; the end; or a handover to a single parse.
    ///
    /// - Throws: `CancellationError` when the reader's task is cancelled.
    nonisolated(nonsending) mutating func next<Source>(from input: inout ByteInput<Source>) async throws -> Outcome {
        while true {
            if Task.isCancelled { throw CancellationError() }
            if handedOutCount < startedCount, let parse = owner.queue.finished(handedOutCount) {
                return await handOut(parse)
            }
            if !inputEnded, startedCount - handedOutCount <= workerCount {
                let waits = carry.isEmpty && !input.hasChunkAtHand
                if let chunk = cut(whole: false, sooner: waits && handedOutCount == startedCount) {
                    start(chunk)
                    continue
                }
                if pending.count >= Self.longestPendingByteCount(chunkByteCount: chunkByteCount) {
                    // No record ends in the bytes gathered: once the chunks before them are
                    // handed out, one parser reads the long record on from their start.
                    if handedOutCount == startedCount { return .handover(handoverForLongRecord()) }
                    guard let parse = await owner.queue.result(handedOutCount) else { throw CancellationError() }
                    return await handOut(parse)
                }
                if !carry.isEmpty {
                    appendCarriedSlice()
                    continue
                }
                do {
                    if let next = try await input.next() {
                        append(next)
                    } else {
                        inputEnded = true
                        if let last = cut(whole: true, sooner: true) { start(last) }
                    }
                } catch {
                    return .handover(handover(failure: error))
                }
                continue
            }
            if handedOutCount < startedCount {
                guard let parse = await owner.queue.result(handedOutCount) else { throw CancellationError() }
                return await handOut(parse)
            }
            return .end
        }
    }

    /// Appends the input's next chunk to the pending bytes, a slice of at most
    /// ``sliceByteCount`` at once: the rest of a bigger one waits in ``carry``.
    private mutating func append(_ chunk: InputChunk<some ContiguousBytes>) {
        let count = chunk.withUnsafeBytes { bytes in
            let first = Swift.min(bytes.count, Self.sliceByteCount)
            appendSlice(UnsafeRawBufferPointer(rebasing: bytes[..<first]))
            return bytes.count
        }
        guard count > Self.sliceByteCount else { return }
        carry = Self.rest(of: chunk, after: Self.sliceByteCount)
    }

    /// The bytes of `chunk` after its first `count`: `Data` (what most sources hand out, and
    /// what decompression makes) shared as it is, anything else copied once.
    static func rest(of chunk: InputChunk<some ContiguousBytes>, after count: Int) -> Data.SubSequence {
        let data: Data? =
            switch chunk {
            case .data(let data): data
            case .source(let element): element as? Data
            }
        if let data { return data.dropFirst(count) }
        return chunk.withUnsafeBytes { Data($0[count...])[...] }
    }

    /// Appends the next slice of ``carry`` to the pending bytes.
    private mutating func appendCarriedSlice() {
        let slice = carry.prefix(Self.sliceByteCount)
        slice.withUnsafeBytes { appendSlice($0) }
        carry = carry.dropFirst(slice.count)
        if carry.isEmpty { carry = Data()[...] }
    }

    private mutating func appendSlice(_ bytes: UnsafeRawBufferPointer) {
        splitter.scan(bytes)
        pending.append(contentsOf: bytes)
        if let boundary = splitter.lastBoundary { pendingBoundary = boundary }
    }

    /// The next chunk to start: the pending bytes up to their last boundary once they are
    /// `chunkByteCount` long, or `sooner`, once they hold one; all of them when `whole`.
    private mutating func cut(whole: Bool, sooner: Bool) -> RecordChunk? {
        let end: Int
        if whole {
            end = pendingOffset + pending.count
        } else {
            guard let last = pendingBoundary, sooner || pending.count >= chunkByteCount else {
                return nil
            }
            end = last.offset
        }
        let count = end - pendingOffset
        guard count > 0 || whole else { return nil }
        let column = pendingColumn
        pendingColumn = RecordChunk.column(
            after: pending[..<count], from: pendingColumn, lineStartColumn: frame.lineStartColumn)
        // The chunk takes the pending bytes' storage and the few after the boundary move to a
        // new one: the chunk's bytes are not copied.
        var bytes = pending
        var rest = spareBytes
        spareBytes = []
        rest.reserveCapacity(chunkByteCount + (64 << 10))
        rest.append(contentsOf: pending[count...])
        pending = rest
        bytes.removeSubrange(count...)
        let chunk = RecordChunk(
            bytes: bytes, offset: pendingOffset, line: pendingLine, column: column, isFirst: false, isLast: whole)
        if let last = pendingBoundary, last.offset == end { pendingLine = last.line }
        pendingOffset = end
        // The boundary is the pending bytes' last: a cut ends at it, or past it.
        pendingBoundary = nil
        return chunk
    }

    private mutating func start(_ chunk: RecordChunk) {
        owner.queue.start(startedCount, chunk, in: frame, options: options, work: work)
        started.append(chunk)
        startedCount += 1
    }

    nonisolated(nonsending) private mutating func handOut(_ parse: FramedChunkParse) async -> Outcome {
        guard parse.error == nil else {
            // The chunk parser failed: one parser takes over from this chunk's start.
            return .handover(handover(failure: nil))
        }
        var parse = parse
        if options.locatesEveryEvent, !placer.stepsAgree(with: parse), let chunk = started.first {
            // The single parser's step grew past this chunk's start (the chunk before ended with
            // a long comment, say): parsed again with its first step where that one ends, so
            // that every text run is located as the single parser locates it. Rare, and only
            // locations of every event can tell.
            parse = await FramedChunkParse.parse(
                chunk, in: frame, options: options, work: work, firstStepEnd: placer.nextStepEnd)
            guard parse.error == nil else { return .handover(handover(failure: nil)) }
        }
        placer.place(&parse)
        // The parse kept none of the chunk's bytes: their storage is this stage's alone again.
        spareBytes = started.removeFirst().bytes
        spareBytes.removeAll(keepingCapacity: true)
        handedOutCount += 1
        return .chunk(parse)
    }

    /// The bytes gathered for the next chunk, which hold no record's end, handed to one parser
    /// with the splitter that scanned them; every chunk before them has been handed out.
    private mutating func handoverForLongRecord() -> Handover {
        // The splitter goes on from the end of the bytes handed over: it scans the carried ones.
        while !carry.isEmpty { appendCarriedSlice() }
        var handover = handover(failure: nil)
        handover.rejoin = splitter
        return handover
    }

    /// Cancels the chunk parses and gathers what a single parse needs to go on from the first
    /// chunk not handed out.
    private mutating func handover(failure: (any Error)?) -> Handover {
        owner.queue.cancel()
        var bytes: [UInt8] = []
        for chunk in started { bytes += chunk.bytes }
        bytes += pending
        bytes += carry
        carry = Data()[...]
        let offset = started.first?.offset ?? pendingOffset
        let line = started.first?.line ?? pendingLine
        started.removeAll()
        pending.removeAll()
        return Handover(
            bytes: bytes, shift: placer.shift(offset: offset, line: line), inputEnded: inputEnded || failure != nil,
            inputFailure: failure, nextStepEnd: placer.nextStepEnd)
    }
}
