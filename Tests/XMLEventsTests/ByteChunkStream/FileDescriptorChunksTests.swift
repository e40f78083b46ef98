import Foundation
import Testing

@testable import XMLEvents
@testable import XMLEventsInput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input and other descriptors, exercised through real pipes fed by writer threads
/// (the test process's own standard input is never read).
@Suite struct FileDescriptorChunksTests {
    @Test func readsAPipeWholeAndInOrder() async throws {
        let ends = try ChunkStreamTesting.makePipe()
        defer { close(ends.read) }
        var random = ChunkStreamRandom(seed: 5)
        let payload = random.bytes(300_000)
        let writes = (0..<40).map { _ in Int.random(in: 1...20_000, using: &random) }
        let writer = ChunkStreamTesting.startThread {
            defer { close(ends.write) }
            var offset = 0
            var index = 0
            while offset < payload.count {
                let size = Swift.min(writes[index % writes.count], payload.count - offset)
                try ChunkStreamTesting.writeAll(payload.subdata(in: offset..<offset + size), to: ends.write)
                offset += size
                index += 1
            }
        }
        var received = Data()
        var largest = 0
        for try await chunk in XMLByteSource(fileDescriptor: ends.read, chunkSize: 4096) {
            received.append(chunk)
            largest = Swift.max(largest, chunk.count)
        }
        try await writer.value
        #expect(received == payload)
        #expect(largest <= 4096)
    }

    @Test func eventsOfADocumentPipedIn() async throws {
        let ends = try ChunkStreamTesting.makePipe()
        defer { close(ends.read) }
        let document = ChunkStreamTesting.document(records: 300)
        let expected = try await ChunkStreamTesting.referenceEvents(document)
        let writer = ChunkStreamTesting.startThread {
            defer { close(ends.write) }
            var offset = 0
            while offset < document.count {
                let end = Swift.min(offset + 777, document.count)
                try ChunkStreamTesting.writeAll(document.subdata(in: offset..<end), to: ends.write)
                offset = end
            }
        }
        var events: [XMLEvent] = []
        for try await event in XMLEvents(XMLByteSource(fileDescriptor: ends.read, chunkSize: 1000)) {
            events.append(event)
        }
        try await writer.value
        #expect(events == expected)
    }

    @Test func aSlowConsumerStopsTheReaderAndTheWriter() async throws {
        let ends = try ChunkStreamTesting.makePipe()
        defer { close(ends.read) }
        let chunkSize = 1024
        let watermarks = 1024...4096
        let written = ChunkStreamCounter()
        let total = 2 * 1024 * 1024
        let writer = ChunkStreamTesting.startThread {
            defer { close(ends.write) }
            let block = Data(repeating: 0x41, count: 1024)
            for _ in 0..<(total / block.count) {
                try ChunkStreamTesting.writeAll(block, to: ends.write)
                written.increment(by: block.count)
            }
        }
        let chunks = XMLByteSource(fileDescriptor: ends.read, chunkSize: chunkSize, watermarks: watermarks)
        var iterator = chunks.makeAsyncIterator()
        var received = try await iterator.next()?.count ?? 0
        // While the consumer pauses, the reader may run ahead by the watermark plus one chunk in
        // hand, and the writer by what the pipe holds; then both must stop.
        let pipeCapacity = Self.pipeCapacity(ends.write)
        let bound = received + watermarks.upperBound + 2 * chunkSize + pipeCapacity + 1024
        var previous = -1
        #expect(
            await ChunkStreamTesting.eventually {
                let now = written.value
                defer { previous = now }
                return now == previous && now > 0
            }
        )
        // A last chance for a writer that was not stopped to pass the bound; a busy machine can
        // only make the check weaker, never fail it.
        try await Task.sleep(for: .milliseconds(50))
        #expect(written.value <= bound, "the writer was stopped by a full pipe")
        #expect(written.value < total)
        while let chunk = try await iterator.next() {
            received += chunk.count
        }
        try await writer.value
        #expect(received == total)
    }

    @Test func leavingEarlyEndsTheReaderThreadAndClosesAnOwnedDescriptor() async throws {
        let ends = try ChunkStreamTesting.makePipe()
        defer { close(ends.write) }
        try ChunkStreamTesting.writeAll(Data("first".utf8), to: ends.write)
        do {
            let chunks = XMLByteSource(fileDescriptor: ends.read, closesDescriptor: true, chunkSize: 64)
            for try await chunk in chunks {
                #expect(chunk == Data("first".utf8))
                break
            }
        }
        // The reader thread may be blocked in `read`: one more byte lets it see that nobody wants
        // its chunks; it then ends and releases the descriptor, which the sequence closes. A pipe
        // without readers reports an error condition on its write end.
        try ChunkStreamTesting.writeAll(Data("x".utf8), to: ends.write)
        #expect(
            await ChunkStreamTesting.eventually {
                var request = pollfd(fd: ends.write, events: Int16(POLLOUT), revents: 0)
                return poll(&request, 1, 0) == 1 && request.revents & Int16(POLLERR) != 0
            }
        )
    }

    @Test func aReadErrorIsReportedWithTheDescriptor() async throws {
        let ends = try ChunkStreamTesting.makePipe()
        defer {
            close(ends.read)
            close(ends.write)
        }
        // Reading the write end of a pipe fails with EBADF.
        var iterator = XMLByteSource(fileDescriptor: ends.write, chunkSize: 16).makeAsyncIterator()
        await #expect(throws: XMLByteSourceError.descriptorReadFailed(descriptor: ends.write, errno: EBADF)) {
            try await iterator.next()
        }
        #expect(try await iterator.next() == nil)
        #expect(
            XMLByteSourceError.descriptorReadFailed(descriptor: 0, errno: EBADF).description
                .hasPrefix("cannot read standard input: ")
        )
    }

    @Test func aCancelledConsumerStartsNoThread() async throws {
        let ends = try ChunkStreamTesting.makePipe()
        defer {
            close(ends.read)
            close(ends.write)
        }
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = XMLByteSource(fileDescriptor: ends.read, chunkSize: 16).makeAsyncIterator()
            return try await iterator.next()
        }
        await #expect(throws: CancellationError.self) { try await consumer.value }
    }

    @Test func theStandardInputConvenienceReadsDescriptorZero() {
        // Constructed only: iterating would read the test runner's own standard input.
        let events = XMLEvents.standardInput(chunkSize: 1000)
        #expect(events.source.chunkSize == 1000)
        #expect(Self.descriptor(of: events.source) == STDIN_FILENO)
        #expect(XMLByteSource.standardInput().chunkSize == 64 * 1024)
        #expect(Self.descriptor(of: XMLByteSource.standardInput()) == STDIN_FILENO)
    }

    /// The descriptor a source reads, or `nil` if it reads none.
    private static func descriptor(of source: XMLByteSource) -> Int32? {
        guard case .descriptor(let reader, _) = source.kind else { return nil }
        return reader.descriptor.rawValue
    }

    /// How many bytes the pipe holds before a write blocks.
    private static func pipeCapacity(_ descriptor: Int32) -> Int {
        #if os(Linux)
            let getPipeSize: Int32 = 1032  // F_GETPIPE_SZ, not exported by Glibc's module.
            let size = fcntl(descriptor, getPipeSize)
            return size > 0 ? Int(size) : 1024 * 1024
        #else
            return 1024 * 1024
        #endif
    }
}
