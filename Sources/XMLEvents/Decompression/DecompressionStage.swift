import Foundation
import Synchronization
import XMLEventsInput

/// A compressed document decompressed on a thread of its own while the reader parses what it has
/// already decompressed: two cores for one document, so that it reads at the speed of the slower
/// stage rather than of both.
///
/// The reader's task reads the compressed source (which may be any iterator, `Sendable` or not)
/// and hands its chunks to the thread through a queue of at most ``inputCapacity`` chunks; the
/// thread hands back decompressed chunks of ``outputChunkSize`` bytes through a queue of at most
/// ``outputCapacity``. A full output queue stops the thread; a full input queue stops the reads,
/// and so the file, the pipe or the TCP window: backpressure reaches the source, and memory stays
/// bounded by the queues and the decoder's window. The thread never waits on the Swift
/// concurrency pool's behalf, and the reader never blocks: it awaits.
///
/// The decoder lives on the thread and is freed when it ends: at the end of the input, on an
/// error, or as soon as the ``Owner`` goes (the loop was left, the iterator dropped, the task
/// cancelled), whatever the thread was waiting for.
///
/// A format checks its data only at the end of a unit — gzip's member, bzip2's block, xz's
/// block, zstd's frame — and the thread hands out a unit's bytes before it gets there, so a
/// damaged unit reaches the parser first. When the parse fails, the reader has the thread
/// verify what it handed out (``startVerifying()``): the thread decompresses on without handing
/// anything out, until every unit the parser was given has passed its check, a check fails, or
/// ``verificationReach`` more bytes are out without a verdict; ``verdict`` then says
/// which it was, and the reader which error the document ends with.
///
/// A multistream bzip2 file (pbzip2's, Wikipedia's) is decoded here, stream after stream, until
/// ``streamPoolThreshold`` bytes are out; from the end of a stream after that, when another
/// starts right there, its streams are decoded several at once by a ``Bzip2StreamPool`` and this
/// thread hands their bytes out in order, counting them against the limits as its own.
@usableFromInline
final class DecompressionStage: @unchecked Sendable {
    // Safe: every stored `var` is read and written only with `condition` locked; the decoder is
    // the thread's alone.

    /// The most compressed chunks waiting for the thread.
    static let inputCapacity = 4
    /// The size of the decompressed chunks the reader parses.
    static let outputChunkSize = 128 << 10
    /// The most decompressed chunks waiting for the reader.
    static let outputCapacity = 4
    /// A thread stopped by a full output queue goes on when the reader has left this many: it
    /// then fills the queue in one run, so that the reader wakes it once per few chunks, not at
    /// every chunk (each wake-up costs the reader a system call and the idle core an interrupt).
    static let outputResumeCount = 1
    /// How many decompressed bytes past those handed out the thread decompresses, at most, to
    /// find whether they are sound once the parse has failed on them: more than a bzip2 block
    /// (about 900 kB of XML), the blocks `xz -T` writes at presets up to `-2` (3 and 6 MiB), and
    /// the members bgzip writes, at the cost of 30–90 ms of gzip, 10–30 ms of zstd or 80–220 ms
    /// of xz (the tools' speeds on the machine of the figures, idle and loaded), and a megabyte
    /// or two of compressed input read on, on the way to an error. A gzip file's single member,
    /// or a zstd file's single frame, is checked only at its end, so a damaged byte further than
    /// this from it is reported as the parser meets it. (bzip2 stops at the block's end.)
    static let verificationReach = 8 << 20
    /// How many bytes a multistream bzip2 file decompresses to on this thread alone before its
    /// streams go to a ``Bzip2StreamPool``: a document smaller than this is read as before,
    /// without starting threads for it.
    static let streamPoolThreshold = 1 << 20

    let format: XMLDecompression.Format
    private let limits: XMLDecompression
    /// How many threads decode a multistream bzip2 file's streams; 1 leaves them to this one.
    private let streamThreads: Int
    private let condition = NSCondition()

    private var input = ByteChunkQueue()
    private var inputCount = 0
    /// The source has ended, and with this error if it failed.
    private var inputEnd: InputEnd?
    private var output = ByteChunkQueue()
    private var outputCount = 0
    /// How the thread ended: set after its last chunk was queued.
    private var outcome: Result<Void, any Error>?
    private var isCancelled = false
    private var reader: CheckedContinuation<Void, Never>?
    /// The thread waits for a compressed chunk.
    private var threadWaitsForInput = false
    /// The thread waits for the reader to take decompressed chunks.
    private var threadWaitsForRoom = false
    /// How many decompressed bytes the reader has been handed.
    private var handedOutCount = 0
    /// Once the parse has failed: how many bytes the thread verifies (see
    /// ``startVerifying()``), and what it found.
    private var verification: Verification?
    /// How many decompressed bytes had passed their check when the thread ended.
    private var checkedAtEnd = 0

    private struct Verification {
        /// The bytes handed out, the parser's all: the units they lie in are to be checked.
        let through: Int
        /// The thread stopped ``verificationReach`` bytes further without reaching their check.
        var isUnsettled = false
    }

    private enum InputEnd {
        case complete
        case failed(any Error)
    }

    /// What the reader does next.
    @usableFromInline
    enum Step {
        /// Parse this chunk.
        case chunk(Data)
        /// The document has ended.
        case end
        /// Throw this, after every chunk before it.
        case fail(any Error)
        /// Read the source: the thread has room for its next chunk.
        case read
        /// Wait for the thread.
        case wait
    }

    private init(format: XMLDecompression.Format, limits: XMLDecompression, streamThreads: Int) {
        self.format = format
        self.limits = limits
        self.streamThreads = streamThreads
    }

    /// What the reader's feed holds: when it goes, the thread stops and frees its decoder.
    @usableFromInline
    final class Owner {
        @usableFromInline let stage: DecompressionStage

        init(_ stage: DecompressionStage) {
            self.stage = stage
        }

        deinit {
            stage.cancel()
        }
    }

    /// Starts the thread for a document in `format`, whose streams, if it is a multistream bzip2
    /// file, `streamThreads` threads decode at once (1: this thread alone).
    ///
    /// - Throws: ``XMLDecompressionError`` with ``XMLDecompressionError/Code/unavailable`` when
    ///   this build has no decoder for the format, or ``XMLDecompressionError/Code/decoderFailed``
    ///   when the decoder cannot start.
    @usableFromInline
    static func start(_ format: XMLDecompression.Format, limits: XMLDecompression, streamThreads: Int) throws
        -> Owner
    {
        let made: (any StreamDecoder)?
        do throws(StreamDecoderFailure) {
            made = try Self.makeDecoder(format)
        } catch {
            throw XMLDecompressionError(
                code: .decoderFailed, format: format, compressedOffset: 0, decompressedOffset: 0, message: error.detail)
        }
        guard let decoder = made else {
            throw XMLDecompressionError(
                code: .unavailable, format: format, compressedOffset: 0, decompressedOffset: 0,
                message: "The document is \(format)-compressed, and \(Self.unavailability)")
        }
        let stage = DecompressionStage(format: format, limits: limits, streamThreads: streamThreads)
        let carried = DecoderHandOver(decoder)
        let thread = Thread {
            CurrentThread.setName("XMLEvents \(format)")
            stage.run(carried.decoder)
        }
        thread.start()
        return Owner(stage)
    }

    // MARK: The reader's side

    /// What the reader does next: take a chunk, end, fail, read the source, or wait.
    @usableFromInline
    func nextStep() -> Step {
        condition.lock()
        defer { condition.unlock() }
        if let chunk = output.popFirst() {
            outputCount -= 1
            handedOutCount += chunk.count
            // Broadcast: a stream pool's threads wait on the same condition.
            if threadWaitsForRoom, outputCount <= Self.outputResumeCount { condition.broadcast() }
            return .chunk(chunk)
        }
        switch outcome {
        case .success: return .end
        case .failure(let error): return .fail(error)
        case nil: break
        }
        return inputEnd == nil && inputCount < Self.inputCapacity ? .read : .wait
    }

    /// Whether the thread has room for another compressed chunk now.
    @usableFromInline
    var needsInput: Bool {
        condition.lock()
        defer { condition.unlock() }
        return inputEnd == nil && inputCount < Self.inputCapacity && !isCancelled
    }

    /// Whether a decompressed chunk is waiting: the next ``nextStep()`` does not wait.
    @usableFromInline
    var hasChunkAtHand: Bool {
        condition.lock()
        defer { condition.unlock() }
        return outputCount > 0 || outcome != nil
    }

    /// Hands the thread the next compressed chunk.
    @usableFromInline
    func push(_ chunk: Data) {
        guard !chunk.isEmpty else { return }
        condition.lock()
        input.append(chunk)
        inputCount += 1
        if threadWaitsForInput { condition.broadcast() }
        condition.unlock()
    }

    /// Tells the thread the source has ended, with the source's error if it failed: the bytes
    /// before it are decompressed and handed out first.
    @usableFromInline
    func endInput(throwing error: (any Error)? = nil) {
        condition.lock()
        inputEnd = error.map { .failed($0) } ?? .complete
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the thread has queued a chunk, taken one, or ended, or the task is cancelled.
    @usableFromInline
    func waitForThread() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                condition.lock()
                let ready =
                    isCancelled || outputCount > 0 || outcome != nil
                    || (inputEnd == nil && inputCount < Self.inputCapacity)
                if !ready { reader = continuation }
                condition.unlock()
                if ready { continuation.resume() }
            }
        } onCancel: {
            wakeReader()
        }
    }

    /// The parse has failed on the bytes handed out: the thread hands out nothing more, drops what
    /// it has queued, and decompresses on until it knows whether those bytes are sound (or has
    /// gone ``verificationReach`` further); keep calling ``nextStep()`` (which reads, waits, or
    /// ends) until it ends, then ask for its ``verdict``.
    @usableFromInline
    func startVerifying() {
        condition.lock()
        if verification == nil { verification = Verification(through: handedOutCount) }
        output.removeAll()
        outputCount = 0
        condition.broadcast()
        condition.unlock()
    }

    /// What the verification found, once the thread has ended (``nextStep()`` said `end` or
    /// `fail`).
    @usableFromInline
    enum Verdict {
        /// A unit the parser was handed failed its check.
        case corrupt(XMLDecompressionError)
        /// Every unit the parser was handed passed its check.
        case sound
        /// The thread stopped (at ``verificationReach``) before a check said either.
        case unsettled(XMLDecompression.Format, reach: Int)
    }

    /// Whether the bytes handed out before ``startVerifying()`` were sound, once the thread has
    /// ended.
    @usableFromInline
    var verdict: Verdict {
        condition.lock()
        defer { condition.unlock() }
        let through = verification?.through ?? handedOutCount
        if case .failure(let error as XMLDecompressionError) = outcome, error.code == .corruptData,
            checkedAtEnd < through
        {
            return .corrupt(error)
        }
        guard verification?.isUnsettled == true else { return .sound }
        return .unsettled(format, reach: Self.verificationReach)
    }

    /// Stops the thread at its next chance and drops what waits in the queues.
    func cancel() {
        condition.lock()
        isCancelled = true
        input.removeAll()
        output.removeAll()
        inputCount = 0
        outputCount = 0
        condition.broadcast()
        condition.unlock()
        wakeReader()
    }

    private func wakeReader() {
        condition.lock()
        let waiting = reader
        reader = nil
        condition.unlock()
        waiting?.resume()
    }

    // MARK: The thread's side

    /// What the thread reads next.
    private enum Input {
        case chunk(Data, isLastQueued: Bool)
        case end(InputEnd)
        case cancelled
        /// Verifying, the thread knows enough.
        case settled
    }

    /// Decompresses the input until it ends, fails or the reader goes away.
    private func run(_ decoder: any StreamDecoder) {
        var progress = DecoderProgress(format: format, limits: limits)
        do {
            try pump(decoder, &progress)
        } catch is Cancelled {
            // The reader is gone: nobody to tell.
        } catch is Settled {
            finish(.success(()), checked: progress.checked)
        } catch {
            finish(.failure(error), checked: progress.checked)
        }
    }

    /// A reader gone: nothing more to hand out.
    private struct Cancelled: Error {}

    /// Verifying, the thread knows enough: the bytes handed out are sound, or it went
    /// ``verificationReach`` further without knowing.
    private struct Settled: Error {}

    private func pump(_ decoder: any StreamDecoder, _ progress: inout DecoderProgress) throws {
        var carried = Data()
        var buffer = OutputBuffer(pool: OutputChunkPool())
        while true {
            switch nextInput(progress) {
            case .cancelled:
                throw Cancelled()
            case .settled:
                throw Settled()
            case .chunk(let chunk, let isLastQueued):
                var bytes = chunk
                if !carried.isEmpty {
                    carried.append(chunk)
                    bytes = carried
                }
                let consumed: Int
                do {
                    consumed = try decode(bytes, decoder, &buffer, &progress)
                } catch let failure as XMLDecompressionError {
                    // What was decompressed before the failure is the reader's first: a document
                    // followed by garbage is read whole. (Handing it out can fail only by the
                    // reader's going, or end a verification, and the failure says more.)
                    if buffer.count > 0 { try? emit(buffer.take(), progress) }
                    throw failure
                }
                carried = consumed < bytes.count ? Data(bytes.dropFirst(consumed)) : Data()
                if carried.withUnsafeBytes({ handsOverStreams(decoder, $0, progress) }) {
                    if buffer.count > 0 { try emit(buffer.take(), progress) }
                    try decodeStreams(from: carried, &progress)
                    return
                }
                // Nothing queued behind it: hand out what is decompressed rather than keep it
                // from the reader while the thread waits (a live stream's latest record).
                if isLastQueued, buffer.count > 0 { try emit(buffer.take(), progress) }
            case .end(let end):
                try drain(decoder, &buffer, &progress)
                if buffer.count > 0 { try emit(buffer.take(), progress) }
                if case .failed(let error) = end { throw error }
                guard decoder.isAtEnd, carried.isEmpty else {
                    throw DecompressedStreamCut(
                        format: format, compressedOffset: progress.compressed, decompressedOffset: progress.produced)
                }
                finish(.success(()), checked: progress.checked)
                return
            }
        }
    }

    /// Decodes all it can of `bytes`, handing out each full chunk; returns how many it consumed.
    private func decode(
        _ bytes: Data, _ decoder: any StreamDecoder, _ buffer: inout OutputBuffer, _ progress: inout DecoderProgress
    ) throws -> Int {
        var offset = 0
        var mayHoldOutput = false
        while offset < bytes.count || mayHoldOutput {
            let step = try bytes.withUnsafeBytes { whole in
                try buffer.fill { room in
                    try progress.run(
                        decoder, decoder.decode(UnsafeRawBufferPointer(rebasing: whole[offset...]), into: room))
                }
            }
            offset += step.consumed
            // A stream's end, where another's bytes follow: the rest may go to a stream pool.
            if decoder.isAtEnd, offset < bytes.count,
                bytes.withUnsafeBytes({
                    handsOverStreams(decoder, UnsafeRawBufferPointer(rebasing: $0[offset...]), progress)
                })
            {
                if buffer.isFull { try emit(buffer.take(), progress) }
                break
            }
            mayHoldOutput = buffer.isFull
            if buffer.isFull { try emit(buffer.take(), progress) }
            if step.consumed == 0 && step.produced == 0 { break }
        }
        return offset
    }

    /// Whether the rest of a multistream bzip2 file, `rest` on, goes to a ``Bzip2StreamPool``:
    /// `decoder` has just ended a stream, ``streamPoolThreshold`` bytes are out, and `rest` starts
    /// another.
    private func handsOverStreams(
        _ decoder: any StreamDecoder, _ rest: UnsafeRawBufferPointer, _ progress: DecoderProgress
    )
        -> Bool
    {
        format == .bzip2 && streamThreads > 1 && decoder.isAtEnd && progress.produced >= Self.streamPoolThreshold
            && Bzip2StreamStarts.isStart(rest)
    }

    /// What this thread does next while a stream pool decodes.
    private enum StreamStep {
        /// Hand the pool the next compressed chunk.
        case takeIn(Data)
        /// Count or hand out what the pool has for the head.
        case item(Bzip2StreamPool.Item)
        /// The source failed, and all it gave was decoded.
        case sourceFailed(any Error)
    }

    /// Decodes the rest of a multistream bzip2 file, `rest` and the input after it, on a
    /// ``Bzip2StreamPool``'s threads, from the start of a stream; hands their bytes out in order,
    /// each call of theirs counted in `progress` as this thread's own would be. Stops the pool's
    /// threads however it ends.
    private func decodeStreams(from rest: Data, _ progress: inout DecoderProgress) throws {
        let pool = Bzip2StreamPool(from: progress.compressed, helpers: streamThreads, lock: condition)
        pool.takeIn(rest)
        pool.start()
        defer { pool.stop() }
        // The stream whose calls are counted (its start in the file), and the bytes out before it.
        var head = -1
        var headOutputStart = 0
        var waitsForRoom = false
        while true {
            switch try nextStreamStep(pool, progress, &waitsForRoom) {
            case .takeIn(let chunk):
                pool.takeIn(chunk)
            case .sourceFailed(let error):
                throw error
            case .item(.piece(let piece, let start)):
                if start != head { (head, headOutputStart) = (start, progress.produced) }
                try handOut(piece, from: headOutputStart, &progress)
            case .item(.failure(let failure, let checked, let start)):
                if start != head { (head, headOutputStart) = (start, progress.produced) }
                throw progress.failed(failure, checked: headOutputStart + checked)
            case .item(.end):
                finish(.success(()), checked: progress.checked)
                return
            case .item(.cut):
                throw DecompressedStreamCut(
                    format: format, compressedOffset: progress.compressed, decompressedOffset: progress.produced)
            }
        }
    }

    /// Waits until the pool has something for the head and the reader has room for it, or the
    /// pool wants input and has some; takes it.
    private func nextStreamStep(_ pool: Bzip2StreamPool, _ progress: DecoderProgress, _ waitsForRoom: inout Bool) throws
        -> StreamStep
    {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isCancelled { throw Cancelled() }
            if isSettled(progress) { throw Settled() }
            // As ``emit(_:_:)``: once the queue is full, go on when the reader has left a few.
            if outputCount >= Self.outputCapacity {
                waitsForRoom = true
            } else if outputCount <= Self.outputResumeCount {
                waitsForRoom = false
            }
            if !waitsForRoom || verification != nil, let item = pool.nextItem() {
                switch item {
                case .end, .cut:
                    if case .failed(let error)? = inputEnd { return .sourceFailed(error) }
                default:
                    break
                }
                return .item(item)
            }
            if pool.wantsInput, let chunk = input.popFirst() {
                inputCount -= 1
                reader?.resume()
                reader = nil
                return .takeIn(chunk)
            }
            if inputEnd != nil, inputCount == 0, !pool.inputHasEnded {
                pool.endInput()
                continue
            }
            threadWaitsForInput = true
            threadWaitsForRoom = waitsForRoom
            condition.wait()
            threadWaitsForInput = false
            threadWaitsForRoom = false
        }
    }

    /// Counts the calls of `piece`, the head's, whose output starts `outputStart` bytes into the
    /// document, and hands its bytes out; past a limit, hands out the bytes of the calls before
    /// and throws, as for this thread's own calls.
    private func handOut(_ piece: Bzip2StreamPool.Piece, from outputStart: Int, _ progress: inout DecoderProgress)
        throws
    {
        var counted = 0
        for call in piece.calls {
            do {
                try progress.count(
                    consumed: call.consumed, produced: call.produced, checked: outputStart + call.checked)
            } catch {
                if counted > 0 { try? emit(piece.bytes.prefix(counted), progress) }
                throw error
            }
            counted += call.produced
        }
        if !piece.bytes.isEmpty { try emit(piece.bytes, progress) }
    }

    /// Writes out what the decoder holds once the input has ended. (What it held behind a full
    /// output was written by ``decode(_:_:_:_:)``, which calls again while the output fills.)
    private func drain(_ decoder: any StreamDecoder, _ buffer: inout OutputBuffer, _ progress: inout DecoderProgress)
        throws
    {
        while true {
            _ = try buffer.fill { room in
                try progress.run(decoder, (consumed: 0, produced: decoder.finish(into: room)))
            }
            let wasFull = buffer.isFull
            if wasFull { try emit(buffer.take(), progress) }
            if !wasFull { break }
        }
    }

    /// Waits for the next compressed chunk, the end of the input, or the reader's going away;
    /// verifying, stops when the thread has got `progress` far enough.
    private func nextInput(_ progress: DecoderProgress) -> Input {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isCancelled { return .cancelled }
            if isSettled(progress) { return .settled }
            if let chunk = input.popFirst() {
                inputCount -= 1
                // The reader may wait for room in the queue. (A continuation resumed under the
                // lock only schedules its task.)
                reader?.resume()
                reader = nil
                return .chunk(chunk, isLastQueued: inputCount == 0 && inputEnd == nil)
            }
            if let inputEnd { return .end(inputEnd) }
            threadWaitsForInput = true
            condition.wait()
            threadWaitsForInput = false
        }
    }

    /// Queues a decompressed chunk for the reader, waiting while the queue is full; verifying,
    /// drops it, and stops when the thread has got `progress` far enough.
    private func emit(_ chunk: Data, _ progress: DecoderProgress) throws {
        condition.lock()
        if outputCount >= Self.outputCapacity {
            threadWaitsForRoom = true
            while outputCount > Self.outputResumeCount && !isCancelled { condition.wait() }
            threadWaitsForRoom = false
        }
        guard !isCancelled else {
            condition.unlock()
            throw Cancelled()
        }
        if verification != nil {
            let settled = isSettled(progress)
            condition.unlock()
            if settled { throw Settled() }
            return
        }
        output.append(chunk)
        outputCount += 1
        reader?.resume()
        reader = nil
        condition.unlock()
        // The reader's task may just have been woken onto this core (by this resumption, or
        // when it gave its thread back between steps): let it run before the next chunk, rather
        // than wait for this thread's time slice while the other core may sit idle.
        CurrentThread.yieldProcessor()
    }

    /// Verifying, whether the thread has got far enough (with `condition` locked): every byte
    /// handed out has passed its check, or ``verificationReach`` more bytes are out.
    private func isSettled(_ progress: DecoderProgress) -> Bool {
        guard let through = verification?.through else { return false }
        if progress.checked >= through { return true }
        guard progress.produced >= through + Self.verificationReach else { return false }
        verification?.isUnsettled = true
        return true
    }

    /// Records how the thread ended, after its last chunk, with how many bytes had passed their
    /// check, and wakes the reader.
    private func finish(_ result: Result<Void, any Error>, checked: Int) {
        condition.lock()
        outcome = result
        checkedAtEnd = checked
        reader?.resume()
        reader = nil
        condition.unlock()
    }
}

/// A decoder carried from the reader's task, which made it, to the thread, which alone uses it.
private struct DecoderHandOver: @unchecked Sendable {
    // Safe: the reader's task lets go of it as soon as the thread is started.
    let decoder: any StreamDecoder

    init(_ decoder: any StreamDecoder) {
        self.decoder = decoder
    }
}

/// The compressed input ended before its stream did: reported as ``XMLParsingError`` with
/// ``XMLParsingError/Code/truncated``, where the parse has got to, by the reader.
@usableFromInline
struct DecompressedStreamCut: Error {
    let format: XMLDecompression.Format
    let compressedOffset: Int
    let decompressedOffset: Int

    /// The truncation error's message.
    @usableFromInline var message: String {
        "The \(format) stream is cut short: the input ends after \(compressedOffset) compressed bytes "
            + "(\(decompressedOffset) decompressed), before the stream's end"
    }

    /// The cut as the decompression's error, for a parse that has already ended.
    var decompressionError: XMLDecompressionError {
        XMLDecompressionError(
            code: .corruptData, format: format, compressedOffset: compressedOffset,
            decompressedOffset: decompressedOffset, message: message)
    }
}
