import Foundation
import Testing
import XMLCorpus
import XMLEvents

/// Byte-at-a-time sources (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`,
/// `AsyncStream<UInt8>`): the same events as the same bytes in chunks, the source's error after
/// the bytes before it.
@Suite struct AsyncByteChunksTests {
    /// Bytes handed out from a buffer, as `URLSession.AsyncBytes` does, refilled a slice at a
    /// time; `failure` is thrown once the bytes are gone.
    struct BufferedBytes: AsyncSequence, Sendable {
        typealias Element = UInt8
        let bytes: [UInt8]
        let sliceSize: Int
        var failure: TestFailure?

        func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, sliceSize: sliceSize, failure: failure) }

        struct Iterator: AsyncIteratorProtocol {
            let bytes: [UInt8]
            let sliceSize: Int
            let failure: TestFailure?
            var slice: ArraySlice<UInt8> = []
            var offset = 0

            mutating func next() async throws -> UInt8? {
                if let byte = slice.popFirst() { return byte }
                guard offset < bytes.count else {
                    if let failure { throw failure }
                    return nil
                }
                await Task.yield()
                slice = bytes[offset..<Swift.min(bytes.count, offset + sliceSize)]
                offset += slice.count
                return slice.popFirst()
            }
        }
    }

    struct TestFailure: Error, Equatable {}

    static func events(_ source: XMLEvents<some AsyncSequence>) async throws -> [XMLEvent] {
        var events: [XMLEvent] = []
        for try await event in source { events.append(event) }
        return events
    }

    @Test func bufferedBytesGiveTheEventsOfTheSameChunks() async throws {
        let data = CorpusDocument(shape: .ns, targetByteCount: 300_000).data()
        let reference = try await Self.events(XMLEvents(data: data))
        for (slice, chunk) in [(1, 4096), (1000, 4096), (65_536, 100), (7, 1)] {
            let bytes = BufferedBytes(bytes: Array(data), sliceSize: slice)
            let events = try await Self.events(XMLEvents(bytes, chunkSize: chunk))
            #expect(events == reference, "slices of \(slice), chunks of \(chunk)")
        }
    }

    @Test func anAsyncStreamOfBytesIsParsed() async throws {
        let document = "<a x='1'>caf\u{E9} \u{1F600}<b/></a>"
        let stream = AsyncStream<UInt8> { continuation in
            for byte in document.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        let events = try await Self.events(XMLEvents(stream))
        #expect(events == (try await Self.events(XMLEvents(string: document))))
    }

    @Test func theSourcesErrorComesAfterTheBytesBeforeIt() async throws {
        let bytes = BufferedBytes(bytes: Array("<a><b>one</b><b>two</b>".utf8), sliceSize: 5, failure: TestFailure())
        var events: [XMLEvent] = []
        await #expect(throws: TestFailure.self) {
            for try await event in XMLEvents(bytes, chunkSize: 8, options: XMLParsingOptions(parsesAsBytesArrive: true))
            {
                events.append(event)
            }
        }
        #expect(events.contains(.text("two")), "\(events)")
    }

    @Test func chunksAreFullButTheLast() async throws {
        var chunks = XMLByteChunks(
            BufferedBytes(bytes: Array(repeating: 0x41, count: 10_000), sliceSize: 333), chunkSize: 4096
        )
        .makeAsyncIterator()
        var sizes: [Int] = []
        while let chunk = try await chunks.next() { sizes.append(chunk.count) }
        #expect(sizes == [4096, 4096, 1808])
    }
}
