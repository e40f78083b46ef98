import Foundation
import Testing
import XMLEvents

#if canImport(Glibc)
    import Glibc
#endif

#if os(Linux)
    /// Memory stays bounded by the largest selected subtree, whatever the document's size.
    ///
    /// Each figure is taken in a process of its own (``IsolatedMeasurement``): resident memory
    /// belongs to the whole process, and the other suites run beside these ones. Under a
    /// sanitizer, whose allocator keeps freed memory resident, the bounds are not checked.
    @Suite("Composition: memory")
    struct CompositionMemoryTests {
        /// One parser holds about a record; on every core, the chunks in flight (three of about
        /// 512 KiB, with the values built from them) bound the growth instead.
        static func expectGrowthBounded(_ figures: IsolatedMeasurement.Figures, parallel: Bool) throws {
            let growth = try #require(figures["growth"])
            let bound = parallel ? 40 << 20 : 16 << 20
            print("\(parallel ? "every core" : "one parser"): grew by \(growth >> 20) MB")
            #expect(SanitizerDetection.isActive || growth < bound, "grew by \(growth >> 20) MB")
        }

        @Test(arguments: [false, true])
        func streamingRecordsHoldsOneRecordAtATime(parallel: Bool) async throws {
            let figures = try await CompositionMemoryMeasurements.streaming(parallel: parallel).run()
            let count = CompositionMemoryMeasurements.streamedRecordCount
            #expect(figures["records"] == count)
            #expect(figures["lastNameIsRight"] == 1)
            #expect(figures["streamedBytes", default: 0] > 25_000_000)
            try Self.expectGrowthBounded(figures, parallel: parallel)
        }

        @Test(arguments: [false, true])
        func decodingRecordsHoldsOneRecordAtATime(parallel: Bool) async throws {
            let figures = try await CompositionMemoryMeasurements.decoding(parallel: parallel).run()
            #expect(figures["records"] == CompositionMemoryMeasurements.streamedRecordCount / 3)
            #expect(figures["idsInOrder"] == 1)
            try Self.expectGrowthBounded(figures, parallel: parallel)
        }

        /// A record too long for a chunk, among records read on every core, is read by one
        /// parser as it arrives, not gathered whole first: the growth is the chunks' bound.
        @Test func aLongRecordAmongRecordsIsNotGatheredWhole() async throws {
            let figures = try await CompositionMemoryMeasurements.longRecordAmongRecords.run()
            #expect(figures["records"] == CompositionMemoryMeasurements.streamedRecordCount)
            #expect(figures["paddingLines"] == CompositionMemoryMeasurements.longRecordLines)
            #expect(figures["longRecordBytes", default: 0] > 30_000_000)
            try Self.expectGrowthBounded(figures, parallel: true)
        }

        @Test func aHugeRecordIsBuiltWholeAndLetGo() async throws {
            let figures = try await CompositionMemoryMeasurements.hugeRecord.run()
            #expect(figures["found"] == 1)
            #expect(figures["items"] == CompositionMemoryMeasurements.hugeItemCount)
            #expect(figures["secondItems"] == CompositionMemoryMeasurements.hugeItemCount)
            #expect(figures["lastItemIsRight"] == 1)
            #expect(figures["documentBytes", default: 0] > 20_000_000)
            // The whole record is in memory while it is held…
            let held = try #require(figures["held"])
            #expect(held > 20 << 20, "holds \(held >> 20) MB")
            // …and is let go once it is not: holding a second one takes about as much again, not
            // twice as much. (A first record still referenced stays whole beside the second.
            // Measured after the first is let go, resident memory is no measure of it: what the
            // allocator cannot hand back varied from 3 MB to nearly the record's own size.)
            let heldAgain = try #require(figures["heldAgain"])
            #expect(
                SanitizerDetection.isActive || heldAgain < held + held / 2,
                "holds \(heldAgain >> 20) MB with the second record, \(held >> 20) MB with the first")
        }
    }

    /// The measurements behind ``CompositionMemoryTests``, run in a child process each.
    enum CompositionMemoryMeasurements {
        /// 29 MB of records, which a debug build streams in a few seconds; the same test with
        /// 5,800,000 records (1 GB) in a release build stayed within the same bound.
        static let streamedRecordCount = 160_000
        static let hugeItemCount = 230_000

        static let all =
            [false, true].flatMap { [streaming(parallel: $0), decoding(parallel: $0)] } + [
                hugeRecord, longRecordAmongRecords,
            ]
        /// The padding lines of the long record of ``longRecordAmongRecords``: about 32 MB.
        static let longRecordLines = 500_000

        /// The options of the measurements: one parser, or chunks of records on two cores.
        static func options(parallel: Bool) -> XMLParsingOptions {
            var options = XMLParsingOptions()
            options.parallelism = parallel ? .cores(2) : .off
            return options
        }

        /// Lets the allocator hand freed pages back, so that what is measured is what is held.
        /// (`malloc_trim` is a glibc extension the Glibc module does not declare.)
        static func trim() {
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
                _ = unsafeBitCast(symbol, to: Trim.self)(0)
            }
        }

        static func streaming(parallel: Bool) -> IsolatedMeasurement {
            IsolatedMeasurement(name: "composition.streamingRecords" + (parallel ? ".parallel" : "")) {
                trim()
                let baseline = ProcessMemory.residentBytes
                var peak = baseline
                var count = 0
                var lastName = ""
                let records = try XMLEvents(
                    GeneratedRecords(count: streamedRecordCount), options: options(parallel: parallel)
                )
                .elements(matching: "record")
                for try await record in records {
                    count += 1
                    lastName = record.child(named: "name")?.text ?? ""
                    if count % 2_000 == 0 { peak = max(peak, ProcessMemory.residentBytes) }
                }
                let recordBytes = GeneratedRecords.record(streamedRecordCount / 2).utf8.count
                return [
                    "records": count,
                    "lastNameIsRight": lastName == "Record number \(streamedRecordCount - 1)" ? 1 : 0,
                    "streamedBytes": streamedRecordCount * recordBytes,
                    "growth": peak - baseline,
                ]
            }
        }

        static func decoding(parallel: Bool) -> IsolatedMeasurement {
            IsolatedMeasurement(name: "composition.decodingRecords" + (parallel ? ".parallel" : "")) {
                struct Record: Decodable {
                    var id: Int
                    var kind: String
                    var name: String
                    var value: Double
                    var flag: Bool
                    var created: Date
                }
                trim()
                let baseline = ProcessMemory.residentBytes
                var peak = baseline
                var count = 0
                var idsInOrder = true
                let decoder = XMLRecordDecoder(dateDecodingStrategy: .iso8601)
                let records = try XMLEvents(
                    GeneratedRecords(count: streamedRecordCount / 3), options: options(parallel: parallel)
                )
                .decode(Record.self, matching: "/registry/record", using: decoder)
                for try await record in records {
                    idsInOrder = idsInOrder && record.id == count
                    count += 1
                    if count % 2_000 == 0 { peak = max(peak, ProcessMemory.residentBytes) }
                }
                return ["records": count, "idsInOrder": idsInOrder ? 1 : 0, "growth": peak - baseline]
            }
        }

        /// The events of records with a long one in the middle, on two cores.
        static let longRecordAmongRecords = IsolatedMeasurement(name: "composition.longRecordAmongRecords") {
            trim()
            let baseline = ProcessMemory.residentBytes
            var peak = baseline
            var records = 0
            var paddingLines = 0
            var events = 0
            let source = GeneratedRecords(
                count: streamedRecordCount, longRecord: (index: streamedRecordCount / 2, lines: longRecordLines))
            for try await event in XMLEvents(source, options: options(parallel: true)) {
                if case .startElement(let name, _, _) = event {
                    if name.localName == "record" { records += 1 }
                    if name.localName == "padding" { paddingLines += 1 }
                }
                events += 1
                if events % 20_000 == 0 { peak = max(peak, ProcessMemory.residentBytes) }
            }
            return [
                "records": records, "paddingLines": paddingLines,
                "longRecordBytes": longRecordLines * GeneratedRecords.paddingLine.utf8.count,
                "growth": peak - baseline,
            ]
        }

        static let hugeRecord = IsolatedMeasurement(name: "composition.hugeRecord") {
            trim()
            let baseline = ProcessMemory.residentBytes
            var figures: IsolatedMeasurement.Figures = [:]
            let huge = HugeRecordDocument(itemCount: hugeItemCount)
            figures["documentBytes"] = huge.byteCount
            do {
                var found: [XMLSubtree] = []
                for try await element in try XMLEvents(huge).elements(matching: "huge") { found.append(element) }
                figures["found"] = found.count
                figures["items"] = found.first?.childElements.count ?? 0
                let lastText = found.first?.childElements.last?.text
                figures["lastItemIsRight"] = lastText == "item \(hugeItemCount - 1)some text to fill the record" ? 1 : 0
                figures["held"] = ProcessMemory.residentBytes - baseline
            }
            trim()
            do {
                var found: [XMLSubtree] = []
                for try await element in try XMLEvents(huge).elements(matching: "huge") { found.append(element) }
                figures["secondItems"] = found.first?.childElements.count ?? 0
                figures["heldAgain"] = ProcessMemory.residentBytes - baseline
            }
            return figures
        }
    }
#endif

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
