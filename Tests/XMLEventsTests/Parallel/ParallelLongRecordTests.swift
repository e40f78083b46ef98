import Foundation
import Testing

@testable import XMLEvents

/// A record too long for a chunk (a page of a history dump can be gigabytes) is not gathered
/// whole: one parser reads it as it arrives, and the chunks take over again after it, with
/// exactly the single parser's events, positions, errors and records.
@Suite struct ParallelLongRecordTests {
    struct Record: Decodable, Sendable, Equatable {
        var id: String
        var name: String
    }

    /// `count` records of about 60 bytes from `first` on, each on a line of its own.
    static func records(_ count: Int, from first: Int = 0) -> String {
        var xml = ""
        xml.reserveCapacity(count * 64)
        for index in first..<(first + count) {
            xml += "<rec id=\"\(index)\"><name>n\(index) \(String(repeating: "é", count: index % 7))</name></rec>\n"
        }
        return xml
    }

    /// A record of `byteCount` bytes or more: many lines of children, or one line of text.
    static func longRecord(id: String, byteCount: Int, oneLine: Bool, broken: Bool = false) -> String {
        var xml = "<rec id=\"\(id)\"><name>long \(id)</name>"
        if oneLine {
            xml += "<p:text>" + String(repeating: "word ", count: byteCount / 5) + "</p:text>"
        } else {
            let line = "<x a=\"1\">some text in a long record</x>\n"
            let lines = byteCount / line.utf8.count
            for index in 0..<lines {
                xml += broken && index == lines / 2 ? "<x a=\"1\">mismatched</y>\n" : line
            }
        }
        return xml + "</rec>"
    }

    /// Records, a record too long for a chunk over many lines, records following it on its last
    /// line, a long record on one line, and records again.
    static func document(brokenLongRecord: Bool = false) -> Data {
        var xml = "<?xml version=\"1.0\"?>\n<root xmlns:p=\"urn:p\">\n"
        xml += records(25_000)
        xml += longRecord(id: "long1", byteCount: 5 << 20, oneLine: false, broken: brokenLongRecord)
        xml += records(25_000, from: 25_000)
        xml += longRecord(id: "long2", byteCount: 5 << 20, oneLine: true)
        xml += records(25_000, from: 50_000)
        return Data((xml + "</root>\n").utf8)
    }

    @Test func theEventsAndPositionsAreTheSingleParsers() async {
        let document = Self.document()
        await ParallelRecordsTests.expectSame(document, "long records")
        await ParallelRecordsTests.expectSame(document, chunkSize: 1_000_003, "long records, chunks of 1,000,003 bytes")
    }

    @Test func anErrorInALongRecordIsTheSingleParsers() async {
        await ParallelRecordsTests.expectSame(Self.document(brokenLongRecord: true), "an error in a long record")
    }

    /// The chunks gather no more than the longest a chunk may wait for while a record goes on,
    /// and take over again after each long record.
    @Test func theChunksGatherBoundedBytesAndTakeOverAgain() async throws {
        var options = XMLParsingOptions()
        options.parallelism = .cores(2)
        var feed = XMLEvents(data: Self.document(), options: options).makeFeed()
        var largestPending = 0
        var modes: [String] = []
        while try await feed.advance() {
            guard feed.stages != nil else { continue }
            let mode = feed.stages?.records != nil ? "chunks" : "one parser"
            if modes.last != mode { modes.append(mode) }
            largestPending = max(largestPending, feed.stages?.records?.pending.count ?? 0)
        }
        #expect(modes == ["one parser", "chunks", "one parser", "chunks", "one parser", "chunks"])
        let longest = RecordsParse.longestPendingByteCount(chunkByteCount: RecordsParse.eventChunkByteCount)
        #expect(largestPending <= longest + 64 * 1024, "gathered \(largestPending) bytes")
    }

    /// A source's chunk of megabytes is cut into chunks of records of the usual size, not parsed
    /// whole by one worker (with a tape of its size): the events of each chunk of records
    /// handed to the reader are those of about 256 KiB, and they are the single parser's.
    @Test(arguments: [6 << 20, 1 << 30])
    func aBigSourceChunkIsCutIntoChunksOfRecords(chunkSize: Int) async throws {
        let document = Data(("<?xml version=\"1.0\"?>\n<root>\n" + Self.records(200_000) + "</root>\n").utf8)
        var options = XMLParsingOptions()
        options.parallelism = .cores(2)
        // The whole document in one chunk, or chunks of 6 MiB.
        var feed = XMLEvents(data: document, chunkSize: Swift.min(chunkSize, document.count), options: options)
            .makeFeed()
        var largestChunk = 0
        var chunks = 0
        while try await feed.advance() {
            guard feed.stages?.records != nil else { continue }
            chunks += 1
            largestChunk = max(largestChunk, feed.tape.count)
        }
        // A record of `records(_:)` is 7 events and about 60 bytes: 512 KiB hold about 60,000.
        #expect(chunks > 10)
        #expect(largestChunk < 60_000, "a chunk of \(largestChunk) events")
        await ParallelRecordsTests.expectSame(
            document, chunkSize: Swift.min(chunkSize, document.count), "chunks of \(chunkSize) bytes")
    }

    /// Records decoded and subtrees built in the workers: the same, in order, the long ones
    /// included.
    @Test func recordsAndSubtreesAreTheSingleParsers() async throws {
        let document = Self.document()
        var records: [Bool: [Record]] = [:]
        var subtrees: [Bool: [XMLSubtree]] = [:]
        for parallel in [false, true] {
            let events = XMLEvents(data: document, options: ParallelRecordsTests.options(parallel: parallel))
            for try await record in try events.decode(Record.self, matching: "/root/rec") {
                records[parallel, default: []].append(record)
            }
            for try await subtree in try events.elements(matching: "/root/rec") {
                subtrees[parallel, default: []].append(subtree)
            }
        }
        #expect(records[true]?.count == 75_002)
        #expect(records[true] == records[false])
        #expect(records[true]?.map(\.id).contains("long2") == true)
        #expect(subtrees[true]?.count == 75_002)
        #expect(subtrees[true] == subtrees[false])
    }
}
