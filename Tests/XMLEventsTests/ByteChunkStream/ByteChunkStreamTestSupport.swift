import Foundation
import Synchronization
import ThreadSafety

@testable import XMLEvents
@testable import XMLEventsInput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SplitMix64, private to these tests so that their random sizes repeat run after run whatever
/// other suites do with theirs.
struct ChunkStreamRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` bytes of noise.
    mutating func bytes(_ count: Int) -> Data {
        Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &self) })
    }
}

/// FNV-1a over every byte seen, with the count, so both ends of a stream can be compared cheaply.
struct ChunkStreamChecksum: Equatable, Sendable {
    private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    private(set) var byteCount = 0

    mutating func add(_ data: Data) {
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        byteCount += data.count
    }
}

/// Records what a stream reports, from any thread.
final class ChunkStreamRecorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func record(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] {
        values.withLock { $0 }
    }
}

/// A count shared between a test and the threads or tasks it starts.
final class ChunkStreamCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment(by amount: Int = 1) {
        count.add(amount, ordering: .relaxed)
    }

    var value: Int {
        count.load(ordering: .relaxed)
    }
}

enum ChunkStreamTesting {
    /// Starts `body` on a new thread at once (never on the concurrency pool, since it may
    /// block, and without waiting for a task to be scheduled, which a busy pool can delay by
    /// seconds); the test awaits its result later.
    static func startThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) -> ChunkStreamThread<T> {
        ChunkStreamThread(body)
    }

    /// Polls `condition` until it holds or `timeout` passes; tests use it only to wait for a
    /// task or thread to reach a known point, never to measure time. Runs on the caller's actor.
    nonisolated(nonsending) static func eventually(
        timeout: Duration = .seconds(60),
        _ condition: () -> Bool
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !condition() {
            if clock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// A small document with `records` records, deterministic, with text, attributes, entities,
    /// CDATA and a comment so the events are varied.
    static func document(records: Int) -> Data {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"urn:test\">\n"
        for index in 0..<records {
            xml += "  <record id=\"r\(index)\" kind=\"\(index % 3 == 0 ? "a&amp;b" : "plain")\">"
            xml += "<title>Record \(index) &lt;\(index * 7)&gt;</title>"
            xml += "<body><![CDATA[payload \(index) é ü]]> tail</body>"
            if index % 10 == 0 { xml += "<!-- comment \(index) -->" }
            xml += "</record>\n"
        }
        xml += "</feed>\n"
        return Data(xml.utf8)
    }

    /// The events of `data` parsed in one piece, the reference for chunked parsing.
    static func referenceEvents(_ data: Data) async throws -> [XMLEvent] {
        var events: [XMLEvent] = []
        for try await event in XMLEvents(data: data, chunkSize: Swift.max(1, data.count)) {
            events.append(event)
        }
        return events
    }

    /// Writes all of `data` to `descriptor`, resuming after partial writes.
    static func writeAll(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw XMLByteSourceError.descriptorReadFailed(descriptor: descriptor, errno: errno)
                }
                offset += written
            }
        }
    }

    /// A new pipe, both ends close-on-exec.
    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw XMLByteSourceError.descriptorReadFailed(descriptor: -1, errno: errno)
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }
}

extension ByteChunkStream {
    /// A stream with the public default watermarks (those of
    /// ``XMLByteSource/makeStream(watermarks:onTermination:)``), for the tests of its machinery.
    static func makeStream(
        onTermination: (@Sendable (XMLByteSource.Termination) -> Void)? = nil
    ) -> (stream: ByteChunkStream, writer: XMLByteSource.Writer) {
        makeStream(watermarks: 256 * 1024...1024 * 1024, onTermination: onTermination)
    }
}

extension XMLByteSource.Writer {
    /// The synchronous write, callable from async tests: there `write(_:)` means the async one.
    func writeNow(_ chunk: Data) throws -> WriteResult {
        try write(chunk)
    }
}

/// A failure a producer ends a stream with, to check that it reaches the consumer unchanged.
struct ChunkStreamTestFailure: Error, Equatable {
    var reason: String
}

/// A thread running a test's producer, whose result (or error) a task awaits with `value`.
final class ChunkStreamThread<T: Sendable>: Sendable {
    private enum State: Sendable {
        case running
        case waiting(CheckedContinuation<T, any Error>)
        case finished(Result<T, any Error>)
    }

    private let state = LockedState<State>(.running)

    init(_ body: @escaping @Sendable () throws -> T) {
        Thread { [self] in complete(Result { try body() }) }.start()
    }

    private func complete(_ result: Result<T, any Error>) {
        let waiter: CheckedContinuation<T, any Error>? = state.withLock { state in
            defer { state = .finished(result) }
            if case .waiting(let continuation) = state { return continuation }
            return nil
        }
        waiter?.resume(with: result)
    }

    /// The body's result, once the thread has finished.
    var value: T {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let finished: Result<T, any Error>? = state.withLock { state in
                    if case .finished(let result) = state { return result }
                    state = .waiting(continuation)
                    return nil
                }
                if let finished { continuation.resume(with: finished) }
            }
        }
    }
}
