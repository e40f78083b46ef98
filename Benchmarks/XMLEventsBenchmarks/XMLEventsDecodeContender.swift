import Foundation
import XMLCorpus
import XMLEvents

/// XMLEvents reading the file and decoding every item (`record`, `p` or `entry`) into a
/// `Decodable` struct: the composition layer's cost on top of the scan, measured against it.
///
/// The structs hold what the generator writes, non-optional where every item has it. Every
/// decoded field is added to a digest (its strings, bytes and byte sum), and the digests are
/// checked against those the generator computed while writing the items
/// (`CorpusMetadata.itemFieldDigests`): a decode that skipped an item, a field or part of a
/// string fails the run.
struct XMLEventsDecodeContender: OneParserVariant {
    var oneParser = false
    static let baseID = "xmlevents-decode"
    static let baseTitle = "XMLEvents decode"
    static let call = "`XMLEvents(path:).decode(_:matching:using:)`"
    static let work =
        ": every item (`record`, `p`, `entry`) decoded into a `Decodable` struct; every decoded field is "
        + "checked against the generator's digests."
    let reportedCounts: Set<WorkloadCounts.Field> = [.items, .itemFieldDigests]

    /// A registry record, with the kebab-case dates the generator writes.
    struct Record: DecodedItem {
        var name: String
        var `protocol`: String
        var number: String
        var description: String
        var registrationDate: String?
        var modificationDate: String?
        /// The `date` attribute.
        var date: String?

        static let fieldKeys = [
            "name", "protocol", "number", "description", "registration-date", "modification-date", "@date",
        ]

        func addFields(to digests: inout [TextDigest]) {
            digests[0].add(name)
            digests[1].add(`protocol`)
            digests[2].add(number)
            digests[3].add(description)
            if let registrationDate { digests[4].add(registrationDate) }
            if let modificationDate { digests[5].add(modificationDate) }
            if let date { digests[6].add(date) }
        }
    }

    /// A paragraph of the document shape: its text of all depths, CDATA and entity text included.
    struct Paragraph: DecodedItem {
        var text: String
        enum CodingKeys: String, CodingKey { case text = "#text" }

        static let fieldKeys = ["."]

        func addFields(to digests: inout [TextDigest]) {
            digests[0].add(text)
        }
    }

    /// A feed entry of the namespace-heavy shape.
    struct Entry: DecodedItem {
        var id: String
        var title: String
        var updated: String
        var summary: String

        static let fieldKeys = ["id", "title", "updated", "summary"]

        func addFields(to digests: inout [TextDigest]) {
            digests[0].add(id)
            digests[1].add(title)
            digests[2].add(updated)
            digests[3].add(summary)
        }
    }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let decoder = Self.decoder
        let events = XMLEvents(path: path, options: .benchmarked(oneParser: oneParser))
        let item = input.itemName
        let stopwatch = Stopwatch()
        let counts: WorkloadCounts
        switch input.document.shape {
        case .records: counts = try await Self.tally(events.decode(Record.self, matching: item, using: decoder))
        case .text: counts = try await Self.tally(events.decode(Paragraph.self, matching: item, using: decoder))
        case .ns: counts = try await Self.tally(events.decode(Entry.self, matching: item, using: decoder))
        }
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
    }

    /// The decoder of every item: kebab-case element names, as the generator writes them.
    static var decoder: XMLRecordDecoder {
        var decoder = XMLRecordDecoder()
        decoder.keyDecodingStrategy = .convertFromKebabCase
        return decoder
    }

    /// Counts the decoded items and digests their fields as the loop over them goes, telling
    /// `progress` of each (for a watcher in another task, ``XMLEventsConcurrencyContender``).
    static func tally<Records: AsyncSequence>(
        _ records: Records,
        progress: ParseProgress? = nil
    ) async throws -> WorkloadCounts where Records.Element: DecodedItem {
        let keys = Records.Element.fieldKeys
        var digests = Array(repeating: TextDigest(), count: keys.count)
        var items = 0
        for try await record in records {
            items += 1
            progress?.advance()
            record.addFields(to: &digests)
        }
        return WorkloadCounts(items: items, fieldKeys: keys, digests: digests)
    }
}

extension WorkloadCounts {
    /// The items and the digests of their fields, `digests[i]` that of `fieldKeys[i]` (keys as
    /// in `CorpusMetadata.itemFieldDigests`); a field no item had is left out, as the generator
    /// leaves it out.
    init(items: Int, fieldKeys: [String], digests: [TextDigest]) {
        let present = zip(fieldKeys, digests).filter { $0.1.count > 0 }
        self.init(items: items, itemFieldDigests: Dictionary(uniqueKeysWithValues: present))
    }
}

/// A decoded item whose fields are digested, each in a slot of its own, in the order of
/// ``fieldKeys`` (keys as in `CorpusMetadata.itemFieldDigests`).
protocol DecodedItem: Decodable {
    static var fieldKeys: [String] { get }
    /// Adds every field the item has to its slot of `digests`.
    func addFields(to digests: inout [TextDigest])
}
