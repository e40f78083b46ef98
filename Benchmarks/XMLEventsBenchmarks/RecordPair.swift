import XMLCorpus
import XMLEvents

/// Two kinds of record that stand side by side, many times over, under one parent element: what
/// the one-pass and the two-pass decodes of two record types read (``XMLEventsDecodeMixedContender``,
/// ``XMLEventsDecodeTwoPassesContender``). ``RecordPairs`` has one for each shape.
struct RecordPair<First: DecodedItem & Sendable, Second: DecodedItem & Sendable>: Sendable {
    /// The absolute path of the parent: `/book/chapter/section`.
    var parent: String
    var first: RecordKind
    var second: RecordKind
    /// The namespace URI of each prefix the kinds' path steps use.
    var namespaces: [String: String] = [:]
    /// Whether the second kind is the shape's item (see `CorpusShape.itemElementName`), whose
    /// fields the generator digests: then its count and fields are also reported as the items',
    /// checked against the generator as ``XMLEventsDecodeContender``'s are.
    var secondIsItem = false

    /// The path the two-pass decode reads `kind` with.
    func path(of kind: RecordKind) -> String { parent + "/" + kind.step }

    /// The path the one-pass decode reads both kinds with: either kind's step under the parent,
    /// as a user of `decode(matching:)` writes it (`/osm/(node|way)`).
    var eitherKind: String { parent + "/(" + first.step + "|" + second.step + ")" }
}

/// A contender that decodes each shape's ``RecordPairs`` pair from the file in a way of its own.
protocol RecordPairContender: Contender {
    /// Decodes the records of `pair` and reports their counts (see ``RecordPairTally``).
    static func decode<First, Second>(
        _ pair: RecordPair<First, Second>,
        from events: XMLEvents<XMLByteSource>
    ) async throws -> WorkloadCounts
}

extension RecordPairContender {
    var reportedCounts: Set<WorkloadCounts.Field> { [.recordKinds] }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let events = XMLEvents(path: try input.requireFile(for: id))
        let stopwatch = Stopwatch()
        let counts: WorkloadCounts
        switch input.document.shape {
        case .records: counts = try await Self.decode(RecordPairs.registry, from: events)
        case .text: counts = try await Self.decode(RecordPairs.book, from: events)
        case .ns: counts = try await Self.decode(RecordPairs.feed, from: events)
        }
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
    }
}

/// One kind of record of a ``RecordPair``: an element name.
struct RecordKind: Sendable {
    /// The step of a path that selects it, and its name in the reported counts: `p`,
    /// `media:content`.
    var step: String
    var localName: String
    /// The namespace the name must be in, or `nil` for any.
    var namespaceURI: String?

    /// Whether an element of this name is of this kind.
    func matches(_ name: XMLName) -> Bool {
        name.localName == localName && (namespaceURI == nil || name.namespaceURI == namespaceURI)
    }
}

/// The counts and field digests of the records of a ``RecordPair``, as both decodes report
/// them.
struct RecordPairTally<First: DecodedItem & Sendable, Second: DecodedItem & Sendable> {
    let pair: RecordPair<First, Second>
    private var firstCount = 0
    private var secondCount = 0
    private var firstDigests = Array(repeating: TextDigest(), count: First.fieldKeys.count)
    private var secondDigests = Array(repeating: TextDigest(), count: Second.fieldKeys.count)

    init(_ pair: RecordPair<First, Second>) {
        self.pair = pair
    }

    mutating func add(_ record: First) {
        firstCount += 1
        record.addFields(to: &firstDigests)
    }

    mutating func add(_ record: Second) {
        secondCount += 1
        record.addFields(to: &secondDigests)
    }

    var counts: WorkloadCounts {
        var fields: [String: TextDigest] = [:]
        for (kind, keys, digests) in [
            (pair.first, First.fieldKeys, firstDigests), (pair.second, Second.fieldKeys, secondDigests),
        ] {
            // A field no record had is left out, as the generator leaves it out.
            for (key, digest) in zip(keys, digests) where digest.count > 0 { fields[kind.step + "/" + key] = digest }
        }
        var counts = WorkloadCounts(
            recordKindCounts: [pair.first.step: firstCount, pair.second.step: secondCount],
            recordKindFieldDigests: fields)
        if pair.secondIsItem {
            counts.items = secondCount
            counts.itemFieldDigests = Dictionary(
                uniqueKeysWithValues: zip(Second.fieldKeys, secondDigests).filter { $0.1.count > 0 })
        }
        return counts
    }
}
