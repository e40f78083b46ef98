import Foundation
import Testing
import XMLEvents

/// A file source reports its progress as an HTTP source does: bytes read and the file's size,
/// through `events.source.progress`. Public API only, on real files.
@Suite struct FileProgressTests {
    private static let document =
        "<?xml version='1.0'?><list>" + String(repeating: "<item n='1'>caf\u{E9}</item>", count: 2_000) + "</list>"

    private static func temporaryFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlevents-progress-\(UUID().uuidString).xml")
        try Data(document.utf8).write(to: url)
        return url
    }

    @Test func countsTheBytesReadAgainstTheFileSize() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let size = Self.document.utf8.count
        let events = XMLEvents(path: url.path, chunkSize: 1_000)
        let progress = events.source.progress
        #expect(progress.receivedByteCount == 0)
        #expect(progress.expectedByteCount == nil, "the size is known once the file is open")
        #expect(progress.fractionCompleted == nil)
        #expect(!progress.isFinished)

        var readings: [Int] = []
        var sizeSeen: Int?
        for try await event in events {
            if case .startElement = event { readings.append(progress.receivedByteCount) }
            if sizeSeen == nil { sizeSeen = progress.expectedByteCount }
        }
        #expect(sizeSeen == size, "the size is known from the first event on")
        #expect(readings.first.map { $0 > 0 && $0 < size } == true, "the first chunk is counted, not the whole file")
        #expect(readings == readings.sorted())
        #expect(Set(readings).count > 10, "the count grows chunk by chunk as the file is read")
        #expect(progress.receivedByteCount == size)
        #expect(progress.fractionCompleted == 1)
        #expect(progress.isFinished)
    }

    @Test func aParseLeftEarlyIsNotFinished() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let events = XMLEvents(XMLByteSource(url: url, fileChunkSize: 4_096))
        var items = 0
        for try await event in events {
            if case .startElement(let name, _, _) = event, name.localName == "item" {
                items += 1
                if items == 10 { break }
            }
        }
        let progress = events.source.progress
        #expect(progress.receivedByteCount == 4_096)
        let fraction = try #require(progress.fractionCompleted)
        #expect(fraction > 0 && fraction < 1)
        #expect(!progress.isFinished)
    }

    @Test func eachIterationCountsAnew() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let chunks = XMLByteSource(path: url.path, chunkSize: 10_000)
        for try await _ in chunks {}
        var iterator = chunks.makeAsyncIterator()
        _ = try await iterator.next()
        #expect(chunks.progress.receivedByteCount == 10_000)
        #expect(!chunks.progress.isFinished)
        while try await iterator.next() != nil {}
        #expect(chunks.progress.receivedByteCount == Self.document.utf8.count)
        #expect(chunks.progress.isFinished)
    }

    @Test func aFileWithoutASizeHasNoFraction() async throws {
        let chunks = XMLByteSource(path: "/dev/null")
        for try await _ in chunks {}
        #expect(chunks.progress.expectedByteCount == nil)
        #expect(chunks.progress.fractionCompleted == nil)
        #expect(chunks.progress.receivedByteCount == 0)
        #expect(chunks.progress.isFinished)
    }
}
