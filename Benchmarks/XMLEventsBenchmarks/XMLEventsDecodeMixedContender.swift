import XMLCorpus
import XMLEvents

/// One pass over the file decoding two kinds of record, each as a `Decodable` type of its own
/// chosen by the element's name (`decode(matching:) { record in … }`), against
/// ``XMLEventsDecodeTwoPassesContender``, which reads the file once per kind: the one-pass form
/// must cost no more than the two passes.
///
/// The kinds are those of ``RecordPairs``; the path selects both under their parent
/// (`/book/chapter/section/(title|p)`), as a user of the one-pass form writes it. Counts
/// and field digests of both kinds are checked against the two passes'.
struct XMLEventsDecodeMixedContender: RecordPairContender {
    let id = "xmlevents-decode-mixed"
    let title = "XMLEvents decode, two types in one pass"
    let summary =
        "`XMLEvents(path:).decode(matching:using:_:)` over two kinds of child of one parent "
        + "selected by one path with a step of alternatives, the closure decoding them as two `Decodable` types by the element's name: "
        + "`assignee` and `contact` in records, a section's `title` and `p`, an entry's `author` and "
        + "`media:content`. Checked against the two passes."

    /// A record of either kind.
    enum Chosen<First, Second> {
        case first(First)
        case second(Second)
    }

    static func decode<First, Second>(
        _ pair: RecordPair<First, Second>,
        from events: XMLEvents<XMLByteSource>
    ) async throws -> WorkloadCounts {
        let records = try events.decode(
            matching: pair.eitherKind, namespaces: pair.namespaces, using: XMLEventsDecodeContender.decoder
        ) { record -> Chosen<First, Second>? in
            if pair.first.matches(record.name) { return .first(try record.decode(First.self)) }
            if pair.second.matches(record.name) { return .second(try record.decode(Second.self)) }
            return nil
        }
        var tally = RecordPairTally(pair)
        for try await record in records {
            switch record {
            case .first(let record): tally.add(record)
            case .second(let record): tally.add(record)
            }
        }
        return tally.counts
    }
}
