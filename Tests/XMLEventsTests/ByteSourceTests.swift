import Foundation
import Testing
import XMLEvents

/// The convenience sources: data, strings, files (read in chunks, never whole).
@Suite struct ByteSourceTests {
    static let document =
        "<?xml version='1.0'?><list>" + String(repeating: "<item n='1'>caf\u{E9}</item>", count: 3_000) + "</list>"

    @Test func dataStringAndFileGiveTheSameEvents() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xmlevents-\(UUID().uuidString).xml")
        try Data(Self.document.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        var fromString: [XMLEvent] = []
        for try await event in XMLEvents(string: Self.document) { fromString.append(event) }
        var fromFile: [XMLEvent] = []
        for try await event in XMLEvents(XMLByteSource(url: url, fileChunkSize: 1_000)) { fromFile.append(event) }
        var fromPath: [XMLEvent] = []
        for try await event in XMLEvents(path: url.path, chunkSize: 7) { fromPath.append(event) }
        #expect(fromString.count == 3_000 * 3 + 4)
        #expect(fromFile == fromString)
        #expect(fromPath == fromString)
    }

    @Test func fileIsReadInChunksOfTheRequestedSize() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xmlevents-\(UUID().uuidString).xml")
        try Data(Self.document.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var sizes: [Int] = []
        for try await chunk in XMLByteSource(path: url.path, chunkSize: 4_096) { sizes.append(chunk.count) }
        #expect(sizes.dropLast().allSatisfy { $0 == 4_096 })
        #expect(sizes.reduce(0, +) == Self.document.utf8.count)
    }

    @Test func missingFileIsATypedError() async throws {
        let events = XMLEvents(path: "/nonexistent/xmlevents/missing.xml")
        let error = await #expect(throws: XMLByteSourceError.self) {
            for try await _ in events {}
        }
        #expect(error?.description.contains("No such file") == true)
    }

    @Test func asyncThrowingStreamWorksAsIs() async throws {
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        for piece in ["<a>", "x", "</a>"] { continuation.yield(Data(piece.utf8)) }
        continuation.finish()
        var events: [XMLEvent] = []
        for try await event in XMLEvents(stream) { events.append(event) }
        #expect(events.contains(.text("x")))
    }

    @Test func byteArraysWork() async throws {
        let chunks: [[UInt8]] = [Array("<a>".utf8), Array("y</a>".utf8)]
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        var events: [XMLEvent] = []
        for try await event in XMLEvents(stream) { events.append(event) }
        #expect(events.contains(.text("y")))
    }

    @Test func sourceErrorsPassThrough() async throws {
        struct SourceFailure: Error {}
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.yield(Data("<a><b/>".utf8))
        continuation.finish(throwing: SourceFailure())
        var events: [XMLEvent] = []
        await #expect(throws: SourceFailure.self) {
            for try await event in XMLEvents(stream) { events.append(event) }
        }
        #expect(events.count == 4)
    }
}
