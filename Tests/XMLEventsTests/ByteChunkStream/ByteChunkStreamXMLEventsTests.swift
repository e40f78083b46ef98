import Foundation
import Testing

@testable import XMLEvents
@testable import XMLEventsInput

/// The stream as the source of a parse: a producer thread pushes a document in random pieces
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
        let recorder = ChunkStreamRecorder<XMLByteChunkStream.Termination>()
        let (stream, source) = XMLByteChunkStream.makeStream(watermarks: watermarks) { recorder.record($0) }
        let producer = ChunkStreamTesting.startThread {
            for piece in pieces { try source.writeBlocking(piece) }
            source.finish()
        }
        var events: [XMLEvent] = []
        for try await event in XMLEvents(stream) {
            events.append(event)
        }
        try await producer.value
        #expect(events == expected)
        let records = events.count { event in
            if case .startElement(let name, _, _) = event { return name.localName == "record" }
            return false
        }
        #expect(records == 400)
        #expect(stream.peakBufferedByteCount <= watermarks.upperBound + maxPiece)
        #expect(recorder.all == [.finished])
    }

    @Test func leavingTheParseEarlyStopsTheProducer() async throws {
        let document = ChunkStreamTesting.document(records: 2_000)
        let pieces = Self.pieces(of: document, seed: 99, maxPiece: 500)
        let recorder = ChunkStreamRecorder<XMLByteChunkStream.Termination>()
        let (stream, source) = XMLByteChunkStream.makeStream(watermarks: 512...2048) {
            recorder.record($0)
        }
        let producer = ChunkStreamTesting.startThread {
            var written = 0
            do {
                for piece in pieces {
                    try source.writeBlocking(piece)
                    written += 1
                }
            } catch let error as XMLByteSourceError where error.code == .consumerTerminated {
                return written
            }
            source.finish()
            return written
        }
        var records = 0
        for try await event in XMLEvents(stream) {
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
        let (stream, source) = XMLByteChunkStream.makeStream(watermarks: watermarks)
        // The public bridge only: a task writing with the suspending write.
        let producer = Task {
            var written = 0
            do {
                for piece in pieces {
                    try await source.write(piece)
                    written += 1
                }
            } catch let error as XMLByteSourceError where error.code == .consumerTerminated {
                return (written: written, heardTheConsumerLeave: true)
            }
            source.finish()
            return (written: written, heardTheConsumerLeave: false)
        }
        var records = 0
        for try await event in XMLEvents(stream) {
            if case .startElement(let name, _, _) = event, name.localName == "record" {
                records += 1
                if records == 100 { break }
            }
        }
        let outcome = try await producer.value
        #expect(outcome.heardTheConsumerLeave)
        #expect(outcome.written < pieces.count, "the producer stopped early instead of writing the whole document")
        #expect(stream.peakBufferedByteCount <= watermarks.upperBound + maxPiece)
    }

    @Test func aProducerFailureEndsTheParseWithItsError() async throws {
        let document = ChunkStreamTesting.document(records: 50)
        let (stream, source) = XMLByteChunkStream.makeStream()
        let half = document.prefix(document.count / 2)
        let producer = ChunkStreamTesting.startThread {
            try source.writeBlocking(Data(half))
            source.finish(throwing: ChunkStreamTestFailure(reason: "connection lost"))
        }
        var events: [XMLEvent] = []
        await #expect(throws: ChunkStreamTestFailure(reason: "connection lost")) {
            for try await event in XMLEvents(stream) {
                events.append(event)
            }
        }
        try await producer.value
        #expect(events.first == .startDocument(version: "1.0", encoding: "UTF-8", standalone: nil))
    }
}
