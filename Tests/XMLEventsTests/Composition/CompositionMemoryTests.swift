import Foundation
import Testing
import XMLEvents

#if canImport(Glibc)
    import Glibc
#endif

/// Memory stays bounded by the largest selected subtree, whatever the document's size.
///
/// Resident memory is read from /proc/self/status while the records stream past, so the bound
/// holds for this process as a whole: the suite runs its tests one at a time, and the bounds
/// leave room for other suites running beside it.
@Suite("Composition: memory", .serialized, .enabled(if: ResidentMemory.read() != nil))
struct CompositionMemoryTests {
    /// 29 MB of records, which a debug build streams in a few seconds; the same test with
    /// 5,800,000 records (1 GB) in a release build stayed within the same bound.
    static let streamedRecordCount = 160_000

    /// Lets the allocator hand freed pages back, so that what is measured is what is held.
    /// (`malloc_trim` is a glibc extension the Glibc module does not declare.)
    private func trim() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
                _ = unsafeBitCast(symbol, to: Trim.self)(0)
            }
        #endif
    }

    @Test func streamingRecordsHoldsOneRecordAtATime() async throws {
        trim()
        let baseline = try #require(ResidentMemory.read())
        var peak = baseline.current
        var count = 0
        var lastName = ""
        let records = XMLEvents(GeneratedRecords(count: Self.streamedRecordCount)).elements(named: "record")
        for try await record in records {
            count += 1
            lastName = record.child(named: "name")?.text ?? ""
            if count % 2_000 == 0, let now = ResidentMemory.read() { peak = max(peak, now.current) }
        }
        #expect(count == Self.streamedRecordCount)
        #expect(lastName == "Record number \(Self.streamedRecordCount - 1)")
        let streamed = Self.streamedRecordCount * GeneratedRecords.record(Self.streamedRecordCount / 2).utf8.count
        #expect(streamed > 25_000_000)
        #expect(peak - baseline.current < 32 << 20, "grew by \((peak - baseline.current) >> 20) MB")
    }

    @Test func decodingRecordsHoldsOneRecordAtATime() async throws {
        struct Record: Decodable {
            var id: Int
            var kind: String
            var name: String
            var value: Double
            var flag: Bool
            var created: Date
        }
        trim()
        let baseline = try #require(ResidentMemory.read())
        var peak = baseline.current
        var count = 0
        let decoder = XMLRecordDecoder(dateDecodingStrategy: .iso8601)
        let records = XMLEvents(GeneratedRecords(count: Self.streamedRecordCount / 3))
            .decode(Record.self, elements: "/registry/record", using: decoder)
        for try await record in records {
            #expect(record.id == count)
            count += 1
            if count % 2_000 == 0, let now = ResidentMemory.read() { peak = max(peak, now.current) }
        }
        #expect(count == Self.streamedRecordCount / 3)
        #expect(peak - baseline.current < 32 << 20, "grew by \((peak - baseline.current) >> 20) MB")
    }

    @Test func aHugeRecordIsBuiltWholeAndLetGo() async throws {
        trim()
        let baseline = try #require(ResidentMemory.read())
        let itemCount = 230_000
        do {
            let huge = HugeRecordDocument(itemCount: itemCount)
            #expect(huge.byteCount > 20_000_000)
            var found: [XMLSubtree] = []
            for try await element in XMLEvents(huge).elements(named: "huge") { found.append(element) }
            #expect(found.count == 1)
            let record = try #require(found.first)
            #expect(record.elements.count == itemCount)
            #expect(record.elements.last?.text == "item \(itemCount - 1)some text to fill the record")
            let held = try #require(ResidentMemory.read()).current - baseline.current
            // The whole record is in memory while it is held…
            #expect(held > 20 << 20, "holds \(held >> 20) MB")
        }
        // …and is given back once it is not.
        trim()
        let after = try #require(ResidentMemory.read()).current - baseline.current
        #expect(after < 16 << 20, "still holds \(after >> 20) MB")
    }
}

/// `<doc><huge>` with `itemCount` items, then two small siblings, produced chunk by chunk.
struct HugeRecordDocument: AsyncSequence, Sendable {
    typealias Element = Data
    typealias Failure = Never

    let itemCount: Int

    static func item(_ index: Int) -> String {
        "<item n=\"\(index)\" kind=\"padding\">item \(index)<note>some text to fill the record</note></item>\n"
    }

    var byteCount: Int { (0..<itemCount).reduce(0) { $0 + Self.item($1).utf8.count } }

    func makeAsyncIterator() -> Iterator { Iterator(itemCount: itemCount) }

    struct Iterator: AsyncIteratorProtocol {
        let itemCount: Int
        var next = 0
        var finished = false

        mutating func next() async -> Data? {
            if finished { return nil }
            var text = next == 0 ? "<doc><huge>" : ""
            let end = Swift.min(next + 2_000, itemCount)
            while next < end {
                text += HugeRecordDocument.item(next)
                next += 1
            }
            if next == itemCount {
                text += "</huge><small/><small/></doc>"
                finished = true
            }
            return Data(text.utf8)
        }
    }
}
