import Foundation
import Testing

@testable import XMLEvents
@testable import XMLEventsInput

/// A producer's stream as the source of a parse: a producer thread pushes a document in random pieces
/// and ``XMLEvents`` pulls it at its own pace.
@Suite struct ByteChunkStreamXMLEventsTests {
    /// `data` cut at random places, seeded.
    private static func pieces(of data: Data, seed: UInt64, maxPiece: Int) -> [Data] {
        var random = ChunkStreamRandom(seed: seed)
        var pieces: [Data] = []
        var offset = 0
        while offset < data.count {
            let size = Swift.min(Int.random(in: 1...maxPiece, using: &random), data.count - offset)
            pieces.append(data.subdata(in: offset..<offset + size))
            offset += size
        }
        return pieces
    }

    @Test func eventsFromAProducerThreadMatchTheWholeDocument() async throws {
        let document = ChunkStreamTesting.document(records: 400)
        let expected = try await ChunkStreamTesting.referenceEvents(document)
        let pieces = Self.pieces(of: document, seed: 2024, maxPiece: 700)
        let maxPiece = pieces.map(\.count).max() ?? 0
        let watermarks = 1024...4096
        let recorder = ChunkStreamRecorder<XMLByteSource.Termination>()
        let (source, writer) = XMLByteSource.makeStream(watermarks: watermarks) { recorder.record($0) }
        let producer = ChunkStreamTesting.startThread {
            for piece in pieces { try writer.writeBlocking(piece) }
            writer.finish()
        }
        var events: [XMLEvent] = []
        for try await event in XMLEvents(source) {
            events.append(event)
        }
        try await producer.value
        #expect(events == expected)
        let records = events.count { event in
            if case .startElement(let name, _, _) = event { return name.localName == "record" }
            return false
        }
        #expect(records == 400)
        #expect(source.progress.peakBufferedByteCount <= watermarks.upperBound + maxPiece)
        #expect(recorder.all == [.finished])
    }

    @Test func leavingTheParseEarlyStopsTheProducer() async throws {
        let document = ChunkStreamTesting.document(records: 2_000)
        let pieces = Self.pieces(of: document, seed: 99, maxPiece: 500)
        let recorder = ChunkStreamRecorder<XMLByteSource.Termination>()
        let (source, writer) = XMLByteSource.makeStream(watermarks: 512...2048) {
            recorder.record($0)
        }
        let producer = ChunkStreamTesting.startThread {
            var written = 0
            do {
                for piece in pieces {
                    try writer.writeBlocking(piece)
                    written += 1
                }
            } catch let error as XMLByteSourceError where error.code == .consumerTerminated {
                return written
            }
            writer.finish()
            return written
        }
        var records = 0
        for try await event in XMLEvents(source) {
            if case .endElement(let name) = event, name.localName == "record" {
                records += 1
                if records == 5 { break }
            }
        }
        #expect(recorder.all == [.cancelled])
        let written = try await producer.value
        #expect(written < pieces.count, "the producer stopped early instead of writing the whole document")
    }

    @Test func aTaskProducerWritingAsyncIsPacedAndHearsTheConsumerLeave() async throws {
        let document = ChunkStreamTesting.document(records: 2_000)
        let pieces = Self.pieces(of: document, seed: 77, maxPiece: 500)
        let maxPiece = pieces.map(\.count).max() ?? 0
        let watermarks = 512...2048
        let (source, writer) = XMLByteSource.makeStream(watermarks: watermarks)
        // The public bridge only: a task writing with the suspending write.
        let producer = Task {
            var written = 0
            do {
                for piece in pieces {
                    try await writer.write(piece)
                    written += 1
                }
            } catch let error as XMLByteSourceError where error.code == .consumerTerminated {
                return (written: written, heardTheConsumerLeave: true)
            }
            writer.finish()
            return (written: written, heardTheConsumerLeave: false)
        }
        var records = 0
        for try await event in XMLEvents(source) {
            if case .startElement(let name, _, _) = event, name.localName == "record" {
                records += 1
                if records == 100 { break }
            }
        }
        let outcome = try await producer.value
        #expect(outcome.heardTheConsumerLeave)
        #expect(outcome.written < pieces.count, "the producer stopped early instead of writing the whole document")
        #expect(source.progress.peakBufferedByteCount <= watermarks.upperBound + maxPiece)
    }

    @Test func aProducerFailureEndsTheParseWithItsError() async throws {
        let document = ChunkStreamTesting.document(records: 50)
        let (source, writer) = XMLByteSource.makeStream()
        let half = document.prefix(document.count / 2)
        let producer = ChunkStreamTesting.startThread {
            try writer.writeBlocking(Data(half))
            writer.finish(throwing: ChunkStreamTestFailure(reason: "connection lost"))
        }
        var events: [XMLEvent] = []
        await #expect(throws: ChunkStreamTestFailure(reason: "connection lost")) {
            for try await event in XMLEvents(source) {
                events.append(event)
            }
        }
        try await producer.value
        #expect(events.first == .startDocument(version: "1.0", encoding: "UTF-8", standalone: nil))
    }

    @Test func aStreamSourceReportsItsBufferAndIsIteratedOnce() async throws {
        let (source, writer) = XMLByteSource.makeStream(watermarks: 4...8)
        #expect(try writer.writeNow(Data(repeating: 1, count: 6)) == .produceMore)
        #expect(try writer.writeNow(Data(repeating: 2, count: 4)) != .produceMore)
        writer.finish()
        var first = source.makeAsyncIterator()
        #expect(try await first.next() == Data(repeating: 1, count: 6))
        // The buffer as the progress of every source reports it: one chunk left, ten at most.
        #expect(source.progress.bufferedByteCount == 4)
        #expect(source.progress.peakBufferedByteCount == 10)
        #expect(source.progress.receivedByteCount == 6)
        // A second iterator is refused, and leaves the first one's progress and chunks alone.
        var second = source.makeAsyncIterator()
        await #expect(throws: XMLByteSourceError.alreadyIterated) { try await second.next() }
        #expect(source.progress.peakBufferedByteCount == 10)
        #expect(try await first.next() == Data(repeating: 2, count: 4))
        #expect(try await first.next() == nil)
        #expect(source.progress.receivedByteCount == 10)
        #expect(source.progress.isFinished)
    }

    @Test func aStreamSourceDroppedUnusedEndsItForTheWriter() async throws {
        let recorder = ChunkStreamRecorder<XMLByteSource.Termination>()
        let writer: XMLByteSource.Writer
        do {
            let (source, made) = XMLByteSource.makeStream { recorder.record($0) }
            writer = made
            withExtendedLifetime(source) {}
        }
        #expect(recorder.all == [.cancelled])
        #expect(throws: XMLByteSourceError.consumerTerminated) { try writer.writeNow(Data([1])) }
    }
}
