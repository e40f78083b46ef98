import Foundation
import Testing

@testable import XMLEvents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sources whose reads can wait indefinitely never hold a thread of the concurrency pool.
///
/// What these tests check is a property of the pool, so on Linux each scenario runs in a process
/// of its own (``IsolatedMeasurement``): beside the other suites, a pool busy with their work
/// can keep a reader's task from starting for longer than any bound a test could name.
@Suite struct BlockingSourceTests {
    /// More named pipes than the pool has threads, each read with `XMLEvents(path:)` before any
    /// writer opens it: opening a FIFO for reading waits for a writer, so readers that did that
    /// on the pool would hold every thread, and the scenario's task — which writes the documents
    /// — could never run. A rescue thread writes them after a minute, so that such a failure
    /// ends instead of hanging.
    @Test func namedPipesAreReadOffThePool() async throws {
        let figures = try await Self.run("fifo.readers", Self.namedPipes)
        let count = try #require(figures["readers"])
        #expect(figures["writersOpened"] == count, "\(figures)")
        #expect(figures["rescued"] == 0, "the readers held the pool until the rescue thread wrote")
        #expect(figures["readersWithTheDocument"] == count, "\(figures)")
        #if os(Linux)
            // (Linux's libdispatch adds threads to the pool when its threads block, which
            // hides a blocked pool from the check above; the reader threads show where the
            // waiting happens.)
            #expect(figures["fileThreads"] ?? 0 >= count, "\(figures)")
        #endif
    }

    /// Cancelling a reader that waits for a FIFO's writer ends it, and its thread lets go of the
    /// FIFO: a writer that opens it afterwards finds no reader.
    @Test func cancellingAReaderWaitingForAWriterEndsIt() async throws {
        let figures = try await Self.run("fifo.cancel", Self.cancelledReader)
        #expect(figures["writerOpened"] == 1, "\(figures)")
        #expect(figures["cancelled"] == 1, "\(figures)")
        #expect(figures["released"] == 1, "the reader thread kept the FIFO open")
    }

    /// Runs `scenario` in a child process where the platform allows it, here otherwise.
    static func run(_ name: String, _ scenario: @escaping @Sendable () async throws -> [String: Int]) async throws
        -> [String: Int]
    {
        #if os(Linux)
            try await IsolatedMeasurement(name: name, body: scenario).run()
        #else
            try await scenario()
        #endif
    }

    struct ScenarioFailure: Error {
        var description: String
    }

    /// The named pipes' scenario, its figures for the test to check.
    @Sendable static func namedPipes() async throws -> [String: Int] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlevents-fifos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = Swift.max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        let paths = (0..<count).map { folder.appendingPathComponent("pipe-\($0)").path }
        for path in paths where mkfifo(path, 0o600) != 0 {
            throw ScenarioFailure(description: "mkfifo failed: \(errno)")
        }
        let document = Data("<feed><entry>one</entry><entry>two</entry></feed>".utf8)
        let rescue = RescueWriter(paths: paths, document: document)

        return try await withThrowingTaskGroup(of: Int.self) { group in
            for path in paths {
                group.addTask {
                    var elements = 0
                    for try await event in XMLEvents(path: path) {
                        if case .startElement = event { elements += 1 }
                    }
                    return elements
                }
            }
            // Every reader has the FIFO open (or waits in `open` for a writer) once a writer
            // can open it without waiting. This task runs, and gets there, only if the readers
            // left a thread of the pool free.
            var writers: [Int32] = []
            for path in paths {
                if let writer = await Self.openForWritingWhenAReaderIsThere(path) { writers.append(writer) }
            }
            #if os(Linux)
                let fileThreads = LoopbackHTTPTests.ProcessResources.threads(namedWithPrefix: "XMLEvents file").count
            #else
                let fileThreads = count
            #endif
            let rescued = rescue.standDown()
            for writer in writers {
                if !rescued {
                    document.withUnsafeBytes { bytes in _ = write(writer, bytes.baseAddress, bytes.count) }
                }
                close(writer)
            }
            var withTheDocument = 0
            for try await elements in group where elements == 3 { withTheDocument += 1 }
            return [
                "readers": count, "writersOpened": writers.count, "fileThreads": fileThreads,
                "rescued": rescued ? 1 : 0, "readersWithTheDocument": withTheDocument,
            ]
        }
    }

    /// The cancelled reader's scenario, its figures for the test to check.
    @Sendable static func cancelledReader() async throws -> [String: Int] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlevents-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pipe").path
        guard mkfifo(path, 0o600) == 0 else { throw ScenarioFailure(description: "mkfifo failed: \(errno)") }
        let task = Task {
            for try await _ in XMLEvents(path: path) {}
        }
        // The reader's thread holds the FIFO open for reading once a writer can open it without
        // waiting.
        let writer = await Self.openForWritingWhenAReaderIsThere(path)
        task.cancel()
        // Closed before waiting, so that a reader stuck in `read` would end too: this scenario
        // must fail, not hang, if the reading ignored cancellation.
        if let writer { close(writer) }
        var cancelled = false
        do { try await task.value } catch is CancellationError { cancelled = true } catch {}
        let released = await Self.noReaderEventually(path)
        return ["writerOpened": writer == nil ? 0 : 1, "cancelled": cancelled ? 1 : 0, "released": released ? 1 : 0]
    }
    /// Whether the FIFO at `path` comes to have no reader (opening it for writing fails with
    /// `ENXIO`), trying for up to a minute.
    static func noReaderEventually(_ path: String) async -> Bool {
        var noReader = false
        _ = await ChunkStreamTesting.eventually {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                noReader = errno == ENXIO
                return true
            }
            close(descriptor)
            return false
        }
        return noReader
    }

    /// Opens `path`, a FIFO, for writing without blocking, retrying until a reader has it open
    /// (`ENXIO` until then), for up to a minute, a guard against a reader that never comes.
    static func openForWritingWhenAReaderIsThere(_ path: String) async -> Int32? {
        var writer: Int32?
        _ = await ChunkStreamTesting.eventually {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { writer = descriptor }
            return descriptor >= 0 || errno != ENXIO || Task.isCancelled
        }
        return writer
    }
}

#if os(Linux)
    extension BlockingSourceTests {
        /// The scenarios as measurements a child process can be asked for.
        static let measurements = [
            IsolatedMeasurement(name: "fifo.readers", body: namedPipes),
            IsolatedMeasurement(name: "fifo.cancel", body: cancelledReader),
        ]
    }
#endif

/// A thread that writes `document` into each FIFO after a minute unless told to stand down, so
/// that readers blocked on the pool are released and the test ends with a failure, not a hang.
final class RescueWriter: Sendable {
    private let signal = DispatchSemaphore(value: 0)
    private let rescued = Flag()

    init(paths: [String], document: Data) {
        let signal = self.signal
        let rescued = self.rescued
        let thread = Thread {
            guard signal.wait(timeout: .now() + 60) == .timedOut else { return }
            rescued.set()
            for path in paths {
                guard let handle = FileHandle(forWritingAtPath: path) else { continue }
                try? handle.write(contentsOf: document)
                try? handle.close()
            }
        }
        thread.start()
    }

    /// Stops the rescue; returns whether it had already happened.
    func standDown() -> Bool {
        signal.signal()
        return rescued.isSet
    }
}
