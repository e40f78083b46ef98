import Foundation
import XMLEventsInput

/// The streams of a multistream bzip2 file (pbzip2's output, Wikipedia's multistream dumps, files
/// compressed in pieces and concatenated) decoded several at once, on threads of their own, and
/// handed to the ``DecompressionStage``'s thread in the file's order.
///
/// bzip2 decodes at about a seventh of the parse's speed, so a dump read on one core waits for
/// it. Its streams are independent: each starts anew, byte-aligned, with a header
/// (``Bzip2StreamStarts``). The stage's thread hands the pool the compressed bytes as they
/// arrive; the pool finds where streams may start and makes each such place a *job*: decode one
/// stream from there to its end. The ``helperCount`` threads take the earliest job they can and
/// decode it a chunk of output at a time; the stage's thread takes the output of the *head* — the
/// job whose start is known to be a stream's, the document's first or where the head before it
/// ended — and counts every call the helpers made for it, in order, against the limits, as its
/// own decoder's (``DecoderProgress``): errors, limits and offsets are those of the sequential
/// decoder.
///
/// A start found in the bytes is a guess, since a stream's data may hold the same bytes: a job
/// counts only once the head ends exactly at its start. Jobs that start inside the head, short of
/// where it has got to, are dropped with their output; where the head ends and no job starts, a
/// job starts there (the sequential decoder's next stream, or the data after the last stream that
/// is not one). Wrong output cannot reach the reader: it only ever takes the head's.
///
/// Memory is bounded: the compressed bytes from the head's position on (about ``windowLimit``,
/// more only while the head itself waits for input), at most ``startedLimit`` decoders at once,
/// each holding at most ``jobOutputLimit`` decoded bytes ahead of the reader. A reader that does
/// not take chunks fills the head's output, then the others', then the window: the stage's thread
/// takes no more input, and the source waits.
///
/// The pool's state is the stage's: it is guarded by the stage's lock, and its threads wait on the
/// stage's condition, so that the stage's thread can wait for its reader, its input and the
/// helpers at once.
final class Bzip2StreamPool: @unchecked Sendable {
    // Safe: every stored `var` of the pool and of its jobs is read and written with `lock` locked,
    // except a job's decoder, used only by the one thread that has taken the job (`isTaken`), and
    // `scanner`, used only by the stage's thread.

    /// How many compressed bytes past the head's position the stage's thread takes in before it
    /// waits: the next streams' bytes, for the helpers.
    static let windowLimit = 4 << 20
    /// How many decoded bytes a job may hold before the reader reaches it: most streams (pbzip2's
    /// are 900 kB) whole, so that a helper finishes one before it starts the next.
    static let jobOutputLimit = 1 << 20

    /// One stream's decoding, from a place where a stream may start.
    final class Job {
        let start: Int
        /// The offset in the file of the next byte to decode.
        var position: Int
        var decoder: (any StreamDecoder)?
        /// Decoded and not yet taken, in order.
        var pieces: [Piece] = []
        var heldBytes = 0
        var state = State.decoding
        /// A helper is decoding it.
        var isTaken = false
        /// A helper has decoded some of it: it counts against ``startedLimit`` until the head
        /// has gone past it.
        var hasStarted = false
        /// Its last call filled the output: the decoder may hold more, to be written without
        /// further input.
        var mayHoldOutput = false
        /// The head went past its start: it is no stream's, and its output is dropped.
        var isDropped = false

        enum State {
            case decoding
            /// The stream ended at this offset in the file.
            case ended(at: Int)
            /// The decoder failed, with `checked` bytes of the job's output checked.
            case failed(StreamDecoderFailure, checked: Int)
        }

        init(start: Int) {
            self.start = start
            position = start
        }
    }

    /// One decoder call: what it read and wrote, and how many of the job's bytes had passed their
    /// check after it.
    struct Call {
        let consumed: Int
        let produced: Int
        let checked: Int
    }

    /// What a run of calls wrote, and the calls.
    struct Piece {
        let bytes: Data
        let calls: [Call]
    }

    /// What the stage's thread does next with the head.
    enum Item {
        /// Count these calls and hand out their bytes: the job's starting at `start`.
        case piece(Piece, start: Int)
        /// The head's decoder failed, with `checked` of its bytes checked.
        case failure(StreamDecoderFailure, checked: Int, start: Int)
        /// The last stream ended where the input ends.
        case end
        /// The input ended inside the head's stream.
        case cut
    }

    /// How many threads decode.
    let helperCount: Int
    /// How many jobs may have started (holding a decoder or output) at once; the head may always.
    let startedLimit: Int
    private let lock: NSCondition
    private let chunks: OutputChunkPool
    /// Jobs in the order of their starts; the first is the head.
    private var jobs: [Job]
    /// The compressed bytes from the head's position on (a little before it), in order.
    private var window: [(offset: Int, bytes: Data)] = []
    /// The offset in the file of the byte after those taken in.
    private var frontier: Int
    private(set) var inputHasEnded = false
    private var isStopped = false
    private var liveHelpers = 0
    private var scanner: Bzip2StreamStarts

    /// A pool whose first stream starts at `offset` in the file, where the stage's decoder ended
    /// one, guarded by the stage's `lock`; ``start()`` starts its threads.
    init(from offset: Int, helpers: Int, lock: NSCondition) {
        helperCount = helpers
        startedLimit = helpers + 2
        self.lock = lock
        jobs = [Job(start: offset)]
        frontier = offset
        scanner = Bzip2StreamStarts(offset: offset)
        // The chunks the helpers fill and the stage's queue holds; those held ahead by jobs come
        // back to the allocator, which gives them again from the heap once it has seen a few.
        chunks = OutputChunkPool(keeping: 2 * helpers + DecompressionStage.outputCapacity + 2)
    }

    // MARK: The stage's thread

    /// Starts the helper threads.
    func start() {
        lock.lock()
        liveHelpers = helperCount
        lock.unlock()
        for _ in 0..<helperCount {
            let thread = Thread { [self] in
                CurrentThread.setName("XMLEvents bzip2")
                help()
            }
            thread.start()
        }
    }

    /// Takes in the next compressed bytes, and a job for each stream start in them. With the lock
    /// not held.
    func takeIn(_ chunk: Data) {
        let starts = chunk.withUnsafeBytes { scanner.scan($0) }
        lock.lock()
        window.append((frontier, chunk))
        frontier += chunk.count
        for start in starts where start > (jobs.last?.start ?? -1) && start >= (jobs.first?.position ?? 0) {
            jobs.append(Job(start: start))
        }
        lock.broadcast()
        lock.unlock()
    }

    /// Whether the stage's thread should take in more input (with the lock held): the window has
    /// room, or the head waits for bytes.
    var wantsInput: Bool {
        guard !inputHasEnded else { return false }
        guard let head = jobs.first else { return false }
        if case .decoding = head.state, head.position >= frontier { return true }
        return frontier - head.position < Self.windowLimit
    }

    /// The input has ended (with the lock held).
    func endInput() {
        inputHasEnded = true
        lock.broadcast()
    }

    /// What to do next with the head, or `nil` to wait for the helpers (with the lock held).
    func nextItem() -> Item? {
        while let head = jobs.first {
            if !head.pieces.isEmpty {
                let piece = head.pieces.removeFirst()
                // A helper may go on with the head once it holds less than its limit.
                if head.heldBytes >= Self.jobOutputLimit { lock.broadcast() }
                head.heldBytes -= piece.bytes.count
                return .piece(piece, start: head.start)
            }
            switch head.state {
            case .failed(let failure, let checked):
                return .failure(failure, checked: checked, start: head.start)
            case .ended(let end):
                jobs.removeFirst()
                dropJobs(before: end, after: 0)
                if jobs.first?.start != end {
                    if inputHasEnded && end == frontier {
                        window.removeAll()
                        return .end
                    }
                    // No stream start was seen here: what follows is decoded as the sequential
                    // decoder would, another stream or not.
                    jobs.insert(Job(start: end), at: 0)
                }
                trimWindow()
                lock.broadcast()
            case .decoding:
                guard inputHasEnded && !head.isTaken && !head.mayHoldOutput && head.position == frontier else {
                    return nil
                }
                // The input ended where a stream did (nothing read since: the sequential decoder's
                // end), or inside the head's stream.
                return head.position == head.start ? .end : .cut
            }
        }
        return nil
    }

    /// Stops the helpers and waits until they have ended, each after the call it was making;
    /// frees the decoders and what they held. With the lock not held.
    func stop() {
        lock.lock()
        isStopped = true
        lock.broadcast()
        while liveHelpers > 0 { lock.wait() }
        jobs.removeAll()
        window.removeAll()
        lock.unlock()
    }

    // MARK: The helpers

    /// A helper's loop: decodes the earliest job it may, a chunk of output at a time, until
    /// stopped.
    private func help() {
        var buffer = OutputBuffer(pool: chunks)
        var last: Job?
        lock.lock()
        while !isStopped {
            guard let (job, input) = takeJob(preferring: last) else {
                last = nil
                lock.wait()
                continue
            }
            lock.unlock()
            let outcome = decode(job, input, &buffer)
            lock.lock()
            settle(job, outcome)
            last = job
            // The stage's thread waits for the head's output; the other helpers for a job let go.
            if job === jobs.first || !canTake(job, at: 1) { lock.broadcast() }
        }
        liveHelpers -= 1
        lock.broadcast()
        lock.unlock()
    }

    /// Whether a helper may take `job`, at `index` in the jobs, now (with the lock held).
    private func canTake(_ job: Job, at index: Int, started: Int = 0) -> Bool {
        guard !job.isTaken, !job.isDropped, case .decoding = job.state, job.heldBytes < Self.jobOutputLimit,
            job.position < frontier || job.mayHoldOutput
        else { return false }
        return job.hasStarted || index == 0 || started < startedLimit
    }

    /// The job a helper decodes next, taken, and the input it has at hand (with the lock held):
    /// the one it decoded last while it can go on, since that decoder's tables (3.6 MiB, walked
    /// at random) are in this core's cache, unless the head waits with no helper; else the
    /// earliest it may take.
    private func takeJob(preferring last: Job?) -> (Job, Data.SubSequence)? {
        var chosen: Job?
        if let last, canTake(last, at: 1), !(jobs.first.map { $0 !== last && canTake($0, at: 0) } ?? false) {
            chosen = last
        } else {
            let started = jobs.count(where: { $0.hasStarted })
            chosen = jobs.indices.first { canTake(jobs[$0], at: $0, started: started) }.map { jobs[$0] }
        }
        guard let job = chosen else { return nil }
        job.isTaken = true
        job.hasStarted = true
        return (job, input(at: job.position))
    }

    /// The window's bytes from `offset` to the end of the chunk that holds it.
    private func input(at offset: Int) -> Data.SubSequence {
        // The last chunk that starts at or before `offset`.
        var low = 0
        var high = window.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if window[middle].offset <= offset { low = middle } else { high = middle - 1 }
        }
        let (start, bytes) = window[low]
        return bytes.dropFirst(offset - start)
    }

    /// What a helper's run of calls did.
    private struct Outcome {
        var consumed = 0
        var piece: Piece?
        var hasEnded = false
        var mayHoldOutput = false
        var failure: (StreamDecoderFailure, checked: Int)?
    }

    /// Decodes `input` for `job` until a chunk of output is full, the input is used up, or the
    /// stream ends or fails. With the lock not held: the job is the helper's.
    private func decode(_ job: Job, _ input: Data.SubSequence, _ buffer: inout OutputBuffer) -> Outcome {
        var outcome = Outcome()
        var made = job.decoder
        if made == nil {
            do throws(StreamDecoderFailure) {
                made = try DecompressionStage.makeDecoder(.bzip2)
            } catch {
                outcome.failure = (error, 0)
                return outcome
            }
        }
        guard let decoder = made else {
            outcome.failure = (StreamDecoderFailure(.failed, format: "bzip2", DecompressionStage.unavailability), 0)
            return outcome
        }
        job.decoder = decoder
        var calls: [Call] = []
        while true {
            let step: (consumed: Int, produced: Int)
            do {
                step = try input.withUnsafeBytes { whole in
                    try buffer.fill { room in
                        try decoder.decode(UnsafeRawBufferPointer(rebasing: whole[outcome.consumed...]), into: room)
                    }
                }
            } catch let failure as StreamDecoderFailure {
                outcome.failure = (failure, decoder.checkedByteCount)
                break
            } catch {
                outcome.failure = (StreamDecoderFailure(.failed, format: "bzip2", "\(error)"), decoder.checkedByteCount)
                break
            }
            outcome.consumed += step.consumed
            calls.append(Call(consumed: step.consumed, produced: step.produced, checked: decoder.checkedByteCount))
            if decoder.isAtEnd {
                outcome.hasEnded = true
                break
            }
            if buffer.isFull {
                outcome.mayHoldOutput = true
                break
            }
            if step.consumed == 0 && step.produced == 0 { break }
        }
        if !calls.isEmpty {
            outcome.piece = Piece(bytes: buffer.count > 0 ? buffer.take() : Data(), calls: calls)
        }
        return outcome
    }

    /// Records what a helper's run did for `job`, and drops the jobs the head has gone past (with
    /// the lock held).
    private func settle(_ job: Job, _ outcome: Outcome) {
        job.isTaken = false
        guard !job.isDropped, !isStopped else {
            job.decoder = nil
            return
        }
        job.position += outcome.consumed
        job.mayHoldOutput = outcome.mayHoldOutput
        if let piece = outcome.piece {
            job.pieces.append(piece)
            job.heldBytes += piece.bytes.count
        }
        if let (failure, checked) = outcome.failure {
            job.state = .failed(failure, checked: checked)
        } else if outcome.hasEnded {
            job.state = .ended(at: job.position)
        }
        if case .decoding = job.state {} else { job.decoder = nil }
        if job === jobs.first {
            dropJobs(before: job.position, after: 1)
            trimWindow()
        }
    }

    /// Drops the jobs after the first `kept` that start before `offset`, where the head has got
    /// to: they start inside its stream.
    private func dropJobs(before offset: Int, after kept: Int) {
        // Jobs are in the order of their starts.
        guard jobs.count > kept, jobs[kept].start < offset else { return }
        var remaining = Array(jobs.prefix(kept))
        for job in jobs.dropFirst(kept) {
            if job.start < offset {
                job.isDropped = true
                if !job.isTaken { job.decoder = nil }
            } else {
                remaining.append(job)
            }
        }
        jobs = remaining
    }

    /// Frees the compressed bytes before the head's position.
    private func trimWindow() {
        let low = jobs.first?.position ?? frontier
        var drop = 0
        while drop + 1 < window.count, window[drop + 1].offset <= low { drop += 1 }
        if drop > 0 { window.removeFirst(drop) }
    }
}
