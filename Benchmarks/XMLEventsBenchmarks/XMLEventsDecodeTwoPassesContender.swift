import XMLCorpus
import XMLEvents

/// The two kinds of record of ``RecordPairs`` decoded as a user had to before the one-pass form:
/// `decode(_:matching:)` of the first type over the whole file, then of the second over it
/// again. The baseline of ``XMLEventsDecodeMixedContender``.
struct XMLEventsDecodeTwoPassesContender: RecordPairContender {
    let id = "xmlevents-decode-two-passes"
    let title = "XMLEvents decode, two types in two passes"
    let summary =
        "The same two kinds as the one-pass row, each with `XMLEvents(path:).decode(_:matching:using:)` of its "
        + "own type and path (`/book/chapter/section/title`, then `/book/chapter/section/p`): two passes over the file."

    static func decode<First, Second>(
        _ pair: RecordPair<First, Second>,
        from events: XMLEvents<XMLByteSource>
    ) async throws -> WorkloadCounts {
        let decoder = XMLEventsDecodeContender.decoder
        var tally = RecordPairTally(pair)
        for try await record in try events.decode(
            First.self, matching: pair.path(of: pair.first), namespaces: pair.namespaces, using: decoder)
        {
            tally.add(record)
        }
        for try await record in try events.decode(
            Second.self, matching: pair.path(of: pair.second), namespaces: pair.namespaces, using: decoder)
        {
            tally.add(record)
        }
        return tally.counts
    }
}
