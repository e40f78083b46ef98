import Foundation
import XMLCorpus
import XMLEvents

/// XMLEvents reading the file and decoding every item (`record`, `p` or `entry`) into a
/// `Decodable` struct: the composition layer's cost on top of the scan, measured against it.
struct XMLEventsDecodeContender: Contender {
    let id = "xmlevents-decode"
    let title = "XMLEvents decode"

    /// A registry record, with the kebab-case dates the generator writes.
    struct Record: Decodable {
        var name: String?
        var `protocol`: String?
        var number: String?
        var description: String?
        var registrationDate: String?
        var modificationDate: String?
        var date: String?
    }

    /// A paragraph of the document shape: its text, CDATA and entity text included.
    struct Paragraph: Decodable {
        var text: String
        enum CodingKeys: String, CodingKey { case text = "#text" }
    }

    /// A feed entry of the namespace-heavy shape.
    struct Entry: Decodable {
        var id: String?
        var title: String?
        var updated: String?
        var summary: String?
    }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        var decoder = XMLRecordDecoder()
        decoder.keyDecodingStrategy = .convertFromKebabCase
        let events = XMLEvents(path: path)
        let item = input.itemName
        let stopwatch = Stopwatch()
        let items: Int
        switch input.document.shape {
        case .records: items = try await count(events.decode(Record.self, elements: item, using: decoder))
        case .text: items = try await count(events.decode(Paragraph.self, elements: item, using: decoder))
        case .ns: items = try await count(events.decode(Entry.self, elements: item, using: decoder))
        }
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: WorkloadCounts(items: items))
    }

    private func count<Records: AsyncSequence>(_ records: Records) async throws -> Int {
        var count = 0
        for try await _ in records { count += 1 }
        return count
    }
}
