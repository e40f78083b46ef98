import Foundation
import Synchronization
import Testing
import XMLCorpus

@testable import XMLEvents

/// Where parsing runs: every tier gives its thread back while it parses, a loop on an actor
/// parses off the actor, and neither changes what is read.
///
/// No assertion here reads a clock: each test observes an order of events that the old,
/// thread-holding behaviour cannot produce (a task that runs while every parse is under way, a
/// main-actor job that runs while a main-actor loop still has events to hand out, a source read
/// off the main thread). The figures — how late a timer is, how long the main actor stays busy —
/// are the benchmark's (`xmlevents-benchmarks`, the concurrency table).
@Suite struct ParsingConcurrencyTests {
    /// A document that takes far longer to parse than a time slice: hundreds of milliseconds in a
    /// debug build.
    static let records = CorpusDocument(shape: .records, targetByteCount: 8_000_000).data()

    /// A smaller one, for the loops that run to the end.
    static let fewerRecords = CorpusDocument(shape: .records, targetByteCount: 2_000_000).data()

    // MARK: - Giving the thread back

    /// More parses than the pool has threads, and this test's own task, which needs one of those
    /// threads too: it runs while every parse is still under way only if each parse gives its
    /// thread back. Cancelling the parses then ends every one of them.
    @Test(arguments: Tier.allCases)
    func parsesOnABusyPoolLetOtherTasksRunAndCancelPromptly(_ tier: Tier) async throws {
        let parses = Swift.max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        let started = Counter()
        let finished = Counter()
        let data = Self.records
        let (finishedWhenAllStarted, outcomes) = await withTaskGroup(of: Result<Int, any Error>.self) { group in
            for _ in 0..<parses {
                group.addTask {
                    defer { finished.increment() }
                    var first = true
                    do {
                        return .success(
                            try await tier.read(XMLEvents(data: data)) {
                                if first {
                                    first = false
                                    started.increment()
                                }
                            })
                    } catch {
                        return .failure(error)
                    }
                }
            }
            while started.value < parses { await Task.yield() }
            let finishedWhenAllStarted = finished.value
            group.cancelAll()
            var outcomes: [Result<Int, any Error>] = []
            for await outcome in group { outcomes.append(outcome) }
            return (finishedWhenAllStarted, outcomes)
        }
        #expect(finishedWhenAllStarted == 0, "\(finishedWhenAllStarted) parses finished before the last one started")
        for outcome in outcomes {
            #expect(throws: CancellationError.self) { try outcome.get() }
        }
    }

    // MARK: - Off the consumer's actor

    /// A loop on the main actor: the source is read (and the document parsed) off the main queue,
    /// the loop's body runs on it, and a job waiting for the main actor runs while the loop still
    /// has events to hand out.
    ///
    /// (The main queue, not `Thread.isMainThread`: in a process whose entry point is
    /// asynchronous, the main actor's jobs run on whichever thread drains the main queue.)
    @MainActor @Test(arguments: Tier.allCases)
    func aLoopOnTheMainActorParsesOffIt(_ tier: Tier) async throws {
        let source = QueueRecordingChunks(data: Self.fewerRecords) { MainQueue.isCurrent }
        let otherJobRan = Flag()
        var itemsAfterOtherJob = 0
        var bodiesOffMainQueue = 0
        Task { @MainActor in otherJobRan.set() }
        _ = try await tier.read(XMLEvents(source)) {
            if otherJobRan.isSet { itemsAfterOtherJob += 1 }
            if !MainQueue.isCurrent { bodiesOffMainQueue += 1 }
        }
        #expect(itemsAfterOtherJob > 0, "the main actor ran nothing else during the loop")
        #expect(bodiesOffMainQueue == 0)
        #expect(source.reads.value > 2)
        #expect(source.readsOnActor.value == 0, "\(source.readsOnActor.value) reads on the main queue")
    }

    /// A source that is not `Sendable` cannot leave the main actor, so the document is parsed on
    /// it; the parse still gives the main actor back while it runs.
    @MainActor @Test func aNonSendableSourceIsParsedOnTheMainActorWhichItGivesBack() async throws {
        let source = NonSendableChunks(data: Self.fewerRecords)
        let otherJobRan = Flag()
        var eventsAfterOtherJob = 0
        Task { @MainActor in otherJobRan.set() }
        for try await _ in XMLEvents(source) where otherJobRan.isSet {
            eventsAfterOtherJob += 1
        }
        #expect(eventsAfterOtherJob > 0, "the main actor ran nothing else during the loop")
        #expect(source.reads > 2)
        #expect(source.readsOffMainQueue == 0, "\(source.readsOffMainQueue) reads off the main queue")
    }

    /// A loop on an actor of the user's: the source is read (and the document parsed) off the
    /// actor, the loop's body runs on it, and a job waiting for the actor runs during the loop.
    @Test(arguments: Tier.allCases)
    func aLoopOnAnActorParsesOffIt(_ tier: Tier) async throws {
        let consumer = Consumer()
        let outcome = try await consumer.read(Self.fewerRecords, tier: tier)
        #expect(outcome.itemsAfterOtherJob > 0, "the actor ran nothing else during the loop")
        #expect(outcome.bodiesOffActor == 0)
        #expect(outcome.reads > 2)
        #expect(outcome.readsOnActor == 0, "\(outcome.readsOnActor) reads on the actor")
    }

    /// Cancelling a main-actor loop ends it with `CancellationError` and frees its parser.
    @MainActor @Test func cancellingAMainActorLoopEndsItAndFreesTheParser() async throws {
        let source = CancellationTests.EndlessSource(chunk: CancellationTests.record)
        let started = Flag()
        var result: Result<Int, any Error>?
        let alive = await LiveParserCount.alive {
            let task = Task { @MainActor in
                var count = 0
                for try await _ in XMLEvents(source) {
                    count += 1
                    started.set()
                }
                return count
            }
            while !started.isSet { await Task.yield() }
            task.cancel()
            result = await task.result
        }
        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(alive == 0)
        #expect(source.released.load(ordering: .sequentiallyConsistent) == 1)
    }

    /// A main-actor loop left early lets go of its source and parser: the parsing task that ran
    /// ahead of it is cancelled when the iterator goes.
    @MainActor @Test func leavingAMainActorLoopEarlyEndsTheParseAhead() async throws {
        let source = CancellationTests.EndlessSource(chunk: CancellationTests.record)
        let alive = try await LiveParserCount.alive {
            var seen = 0
            for try await event in XMLEvents(source) {
                if case .startElement = event { seen += 1 }
                if seen == 1_000 { break }
            }
            // The parsing task ends at its next step; the guard only turns a task that never
            // ends into a failure.
            _ = await ChunkStreamTesting.eventually { source.released.load(ordering: .sequentiallyConsistent) > 0 }
        }
        #expect(alive == 0)
        #expect(source.released.load(ordering: .sequentiallyConsistent) == 1)
    }

    /// The parse runs at most one batch ahead of a main-actor loop that stops taking events: the
    /// source of an endless document is read a bounded number of times however long the loop
    /// waits.
    ///
    /// The loop waits until a parse of the same document that has no reader to wait for, in a
    /// task beside the one parsing ahead, has read its source 50 times: on this machine at its
    /// present load, time for a parse ahead that did not wait for the loop to run as far.
    @MainActor @Test func theParseAheadOfAMainActorLoopIsBounded() async throws {
        let source = CancellationTests.EndlessSource(chunk: CancellationTests.record)
        var iterator = XMLEvents(source).makeAsyncIterator()
        _ = try await iterator.next()
        let pace = CancellationTests.EndlessSource(chunk: CancellationTests.record)
        // One parser: the pacer is a clock, and chunks parsed on the pool, where the other
        // suites' tasks wait their turn, would make it one that depends on their load.
        var oneParser = XMLParsingOptions()
        oneParser.parallelism = .off
        let pacer = Task.detached { [oneParser] in for try await _ in XMLEvents(pace, options: oneParser) {} }
        // The guard is generous: the pacer's task shares the pool's two threads with every other
        // suite's parses (and their chunks' workers), which can hold them for long stretches.
        #expect(
            await ChunkStreamTesting.eventually(timeout: .seconds(600)) {
                pace.iterated.load(ordering: .sequentiallyConsistent) >= 50
            })
        pacer.cancel()
        let reads = source.iterated.load(ordering: .sequentiallyConsistent)
        // A batch holds at most 8,192 events, about 7 of the source's chunks of 200 records:
        // the one handed out, the one parsed ahead, and the chunk being read.
        #expect(reads <= 2 * 8 + 1, "the source was read \(reads) times while the loop waited")
        for _ in 0..<20_000 { _ = try await iterator.next() }
        #expect(source.iterated.load(ordering: .sequentiallyConsistent) > reads)
    }

    /// A batch parsed ahead of a main-actor loop is bounded when the source always has its next
    /// chunk at hand (bytes in memory, a regular file), where only the bound and the time slice
    /// end a batch: at most 8,192 events or 512 KiB of text, and what the step that reached the
    /// bound added (a step of 4 KiB makes fewer than 4,096 events of these documents, and less
    /// text than its bytes and the unfinished 2,000-byte run before it). Every batch of a whole
    /// document is looked at, on the reader's feed as its first event is handed out. No clock is
    /// read: the time slice can only end a batch sooner.
    @MainActor @Test(arguments: BatchBoundDocument.allCases, [false, true])
    func everyBatchParsedAheadIsBounded(_ document: BatchBoundDocument, fromFile: Bool) async throws {
        let data = document.data
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xmlevents-batches-\(UUID().uuidString).xml"
        ).path
        if fromFile { try data.write(to: URL(fileURLWithPath: path)) }
        defer { if fromFile { try? FileManager.default.removeItem(atPath: path) } }
        let events = fromFile ? XMLEvents(path: path) : XMLEvents(data: data)
        var iterator = events.makeAsyncIterator()
        var largest = (events: 0, bytes: 0)
        while try await iterator.next() != nil {
            largest.events = Swift.max(largest.events, iterator.feed.tape.count)
            largest.bytes = Swift.max(largest.bytes, iterator.feed.tape.columns.pointee.bytes.count)
        }
        // How close the batches came to the bound (a debug build parses some 45,000 small events
        // or 2 MB of text in a time slice, so the bound is what ends them).
        print("batches of \(document) from \(fromFile ? "a file" : "memory"): at most \(largest)")
        #expect(largest.events <= 8_192 + ParseDriver.stepSize, "\(largest.events) events in one batch")
        #expect(largest.bytes <= (512 << 10) + 4 * ParseDriver.stepSize, "\(largest.bytes) bytes in one batch")
    }

    // MARK: - The same events wherever they are read

    /// Documents read in batches off the main actor give what the inline path gives: every event,
    /// the location of every start element, and the same error after the same events.
    @MainActor @Test(arguments: SampleDocument.allCases)
    func batchesOffTheMainActorReadLikeTheInlinePath(_ sample: SampleDocument) async throws {
        let data = sample.data
        for chunkSize in [1_000, 64 * 1024] {
            let onMain = await Tiers.owned(XMLEvents(data: data, chunkSize: chunkSize))
            let inline = await Self.ownedInline(data, chunkSize: chunkSize)
            #expect(onMain.difference(from: inline) == nil, "\(sample), chunks of \(chunkSize): owned events")
            let visitedOnMain = await Tiers.visited(XMLEvents(data: data, chunkSize: chunkSize))
            let visitedInline = await Self.visitedInline(data, chunkSize: chunkSize)
            #expect(
                visitedOnMain.difference(from: visitedInline) == nil, "\(sample), chunks of \(chunkSize): visited")
            let selected = await Self.subtrees(XMLEvents(data: data, chunkSize: chunkSize))
            let selectedInline = await Self.subtreesInline(data, chunkSize: chunkSize)
            #expect(
                Self.firstDifference(selected, selectedInline) == nil, "\(sample), chunks of \(chunkSize): subtrees")
        }
    }

    @concurrent static func ownedInline(_ data: Data, chunkSize: Int) async -> TierOutcome {
        await Tiers.owned(XMLEvents(data: data, chunkSize: chunkSize))
    }

    @concurrent static func visitedInline(_ data: Data, chunkSize: Int) async -> TierOutcome {
        await Tiers.visited(XMLEvents(data: data, chunkSize: chunkSize))
    }

    /// Every element below the root, with its location, and the error that ended the document.
    nonisolated(nonsending) static func subtrees<Source>(_ events: XMLEvents<Source>) async -> [String] {
        var lines: [String] = []
        do {
            for try await subtree in try events.elements(matching: "/*/*") {
                lines.append("\(subtree.location.map { "\($0)" } ?? "-") \(subtree)")
            }
        } catch {
            lines.append("ERROR \(error)")
        }
        return lines
    }

    /// Where two lists first differ, shortly: the index and the first 200 characters of each side.
    static func firstDifference(_ got: [String], _ want: [String]) -> String? {
        guard got != want else { return nil }
        let index =
            zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? Swift.min(got.count, want.count)
        func line(_ lines: [String]) -> String { index < lines.count ? String(lines[index].prefix(200)) : "none" }
        return "line \(index) of \(got.count) (want \(want.count)): got \(line(got)), want \(line(want))"
    }

    @concurrent static func subtreesInline(_ data: Data, chunkSize: Int) async -> [String] {
        await subtrees(XMLEvents(data: data, chunkSize: chunkSize))
    }

    /// Records decoded on the main actor from batches parsed off it are those decoded inline.
    @MainActor @Test func recordsDecodedOnTheMainActorAreThoseDecodedInline() async throws {
        let data = CorpusDocument(shape: .records, targetByteCount: 500_000).data()
        var onMain: [Service] = []
        for try await service in try XMLEvents(data: data, chunkSize: 1_000).decode(
            Service.self, matching: "/registry/record")
        {
            onMain.append(service)
        }
        let inline = try await Self.servicesInline(data)
        #expect(onMain.count > 100)
        #expect(onMain == inline)
    }

    @concurrent static func servicesInline(_ data: Data) async throws -> [Service] {
        var services: [Service] = []
        for try await service in try XMLEvents(data: data, chunkSize: 1_000).decode(
            Service.self, matching: "/registry/record")
        {
            services.append(service)
        }
        return services
    }
}

// MARK: - Support

/// One way of reading a document: each calls `each` once per item it hands out.
enum Tier: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case events, visitor, subtrees, records, writer

    var testDescription: String { rawValue }

    /// Reads `events` through this tier on the caller's executor; returns how many items it
    /// handed out.
    nonisolated(nonsending) func read<Source>(
        _ events: XMLEvents<Source>, each: @escaping () -> Void
    ) async throws -> Int {
        var count = 0
        switch self {
        case .events:
            for try await _ in events {
                count += 1
                each()
            }
        case .visitor:
            var visitor = ElementVisitor(each: each)
            try await events.visit(&visitor)
            count = visitor.elements
        case .subtrees:
            for try await _ in try events.elements(matching: "/*/*") {
                count += 1
                each()
            }
        case .records:
            for try await _ in try events.decode(Service.self, matching: "/registry/record") {
                count += 1
                each()
            }
        case .writer:
            try await XMLWriter.write(events, chunkSize: 16 * 1024) { chunk in
                count += chunk.count
                each()
            }
        }
        return count
    }
}

/// One record of the corpus's `records` shape.
struct Service: Decodable, Equatable, Sendable {
    var name: String?
    var `protocol`: String?
    var number: String?
    var description: String?
}

/// Calls `each` for every element.
struct ElementVisitor: XMLVisitor {
    let each: () -> Void
    var elements = 0

    mutating func startElement(_ tag: borrowing XMLStartTag) {
        elements += 1
        each()
    }
}

final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
    func increment() { count.add(1, ordering: .sequentiallyConsistent) }
}

final class Flag: Sendable {
    private let state = Atomic<Bool>(false)
    var isSet: Bool { state.load(ordering: .sequentiallyConsistent) }
    func set() { state.store(true, ordering: .sequentiallyConsistent) }
}

/// Whether the caller runs on the main dispatch queue, which runs the main actor's jobs.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// Chunks of `data` that count the reads made on the consumer's actor, as `isOnActor` tells.
struct QueueRecordingChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data
    let isOnActor: @Sendable () -> Bool
    let reads = Counter()
    let readsOnActor = Counter()

    init(data: Data, isOnActor: @escaping @Sendable () -> Bool) {
        self.data = data
        self.isOnActor = isOnActor
    }

    func makeAsyncIterator() -> Iterator { Iterator(chunks: self) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: QueueRecordingChunks
        var offset = 0

        mutating func next() async -> Data? { await next(isolation: nil) }

        /// Reads where it is called, as a source that does not hop does: on the consumer's actor,
        /// were the parse to run there.
        mutating func next(isolation actor: isolated (any Actor)?) async -> Data? {
            guard offset < chunks.data.count else { return nil }
            chunks.reads.increment()
            if chunks.isOnActor() { chunks.readsOnActor.increment() }
            let end = Swift.min(offset + 64 * 1024, chunks.data.count)
            defer { offset = end }
            return chunks.data.subdata(in: offset..<end)
        }
    }
}

/// Chunks of `data` from a class that is not `Sendable`.
final class NonSendableChunks: AsyncSequence {
    typealias Element = Data
    let data: Data
    var reads = 0
    var readsOffMainQueue = 0

    init(data: Data) { self.data = data }

    func makeAsyncIterator() -> Iterator { Iterator(chunks: self) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: NonSendableChunks
        var offset = 0

        mutating func next() async -> Data? { await next(isolation: nil) }

        /// Reads where it is called, as a source that does not hop does.
        mutating func next(isolation actor: isolated (any Actor)?) async -> Data? {
            guard offset < chunks.data.count else { return nil }
            chunks.reads += 1
            if !MainQueue.isCurrent { chunks.readsOffMainQueue += 1 }
            let end = Swift.min(offset + 64 * 1024, chunks.data.count)
            defer { offset = end }
            return chunks.data.subdata(in: offset..<end)
        }
    }
}

/// A user's actor that reads documents, on an executor that can tell whether it runs its code.
actor Consumer {
    private let executor = QueueExecutor()
    private var otherJobRan = false
    private var itemsAfterOtherJob = 0
    private var bodiesOffActor = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Reads `data` through `tier` on this actor; returns how many items were handed out after a
    /// job enqueued on this actor before the loop ran, how many loop bodies ran off the actor,
    /// and how many reads of the source there were, on the actor and in all.
    func read(_ data: Data, tier: Tier) async throws -> (
        itemsAfterOtherJob: Int, bodiesOffActor: Int, readsOnActor: Int, reads: Int
    ) {
        otherJobRan = false
        itemsAfterOtherJob = 0
        bodiesOffActor = 0
        let executor = executor
        let source = QueueRecordingChunks(data: data) { executor.isCurrent }
        Task { self.markOtherJob() }
        _ = try await tier.read(XMLEvents(source)) {
            if self.otherJobRan { self.itemsAfterOtherJob += 1 }
            if !executor.isCurrent { self.bodiesOffActor += 1 }
        }
        return (itemsAfterOtherJob, bodiesOffActor, source.readsOnActor.value, source.reads.value)
    }

    private func markOtherJob() { otherJobRan = true }
}

/// Runs an actor's jobs on a serial dispatch queue of its own, so that code can tell whether it
/// runs on that actor (``isCurrent``) without asserting it.
final class QueueExecutor: SerialExecutor {
    private let queue = DispatchQueue(label: "xmlevents-tests.consumer")
    private let key = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: key, value: true) }

    /// Whether the caller runs on this executor's queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
}

/// Documents whose batches the tape's bound cuts: many small events, or long text.
enum BatchBoundDocument: CaseIterable, Sendable {
    case smallEvents, longText

    var data: Data {
        switch self {
        case .smallEvents:
            CorpusDocument(shape: .records, targetByteCount: 4_000_000).data()
        case .longText:
            Data(
                ("<r>" + String(repeating: "<t>" + String(repeating: "x", count: 2_000) + "</t>", count: 4_000) + "</r>")
                    .utf8)
        }
    }
}

/// Documents whose events, locations and errors the two paths must agree on.
enum SampleDocument: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case records, text, namespaces, malformedMidway, truncated, amplified, amplifiedWithinEachStep

    var testDescription: String { rawValue }

    var data: Data {
        switch self {
        case .records:
            CorpusDocument(shape: .records, targetByteCount: 300_000).data()
        case .text:
            CorpusDocument(shape: .text, targetByteCount: 300_000).data()
        case .namespaces:
            CorpusDocument(shape: .ns, targetByteCount: 300_000).data()
        case .malformedMidway:
            Self.breaking(CorpusDocument(shape: .text, targetByteCount: 300_000).data())
        case .truncated:
            CorpusDocument(shape: .records, targetByteCount: 300_000).data().prefix(150_001)
        case .amplified:
            Data(
                ("<!DOCTYPE r [<!ENTITY a \"" + String(repeating: "x", count: 1_000) + "\">]><r>"
                    + String(repeating: "<e>&a;&a;&a;&a;</e>", count: 2_000) + "</r>").utf8)
        case .amplifiedWithinEachStep:
            // 8 MB of comments earn a large allowance for the document; then every 4 KiB step
            // expands about 400 KB, within the allowance of one step, though not of sixteen: a
            // batch of steps must be held to each step's allowance, as steps read one by one are.
            Data(
                ("<!DOCTYPE r [<!ENTITY a \"" + String(repeating: "x", count: 1_000) + "\">]><r>"
                    + String(repeating: "<!--" + String(repeating: "c", count: 993) + "-->", count: 8_000)
                    + String(repeating: "<e>&a;</e>", count: 20_000) + "</r>").utf8)
        }
    }

    /// The document with a closing tag halfway through made wrong.
    private static func breaking(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        let closing = Array("</".utf8)
        var index = bytes.count / 2
        while index + 1 < bytes.count, !(bytes[index] == closing[0] && bytes[index + 1] == closing[1]) {
            index += 1
        }
        bytes.insert(contentsOf: Array("x".utf8), at: index + 2)
        bytes.insert(contentsOf: Array("</y>".utf8), at: index)
        return Data(bytes)
    }
}
