import XMLCorpus

/// What one workload counted in one document, to check contenders against each other and
/// against the corpus generator's own counts.
///
/// A field is `nil` when the contender cannot count it (a decoder sees records, not elements);
/// every count a contender does report must agree with every other report for the same document.
struct WorkloadCounts: Codable, Sendable, Equatable {
    /// Start tags, the root included.
    var elements: Int?
    /// Attributes on start tags, namespace declarations not included (they are not attributes
    /// in the namespace-aware model every contender uses).
    var attributes: Int?
    /// Start tags whose local name is the shape's item name (`record`, `p`, `entry`).
    var items: Int?
    /// UTF-8 bytes of character data after reference replacement, CDATA sections and
    /// whitespace between elements included.
    var textBytes: Int?
    /// The part of `textBytes` produced by expanding user-defined entities, from a contender
    /// that can tell (the C floor sees which parser context reports it).
    var entityTextBytes: Int?
    /// Set by a contender known to lose part of the replacement text of user-defined entities
    /// (Foundation's `XMLParser` on Linux drops some character callbacks it gets while an
    /// entity is expanded). Its `textBytes` must then lie between the others' count minus the
    /// entity text and the others' count, and be the same in every repetition.
    var losesEntityText: Bool?

    // What a contender shows it read, beyond the scan's counts: checked against the reference
    // pass of the C floor (see ``ReferencePass``) or the generator's metadata, never against
    // another contender alone.

    /// UTF-8 bytes of every start element's local name (the visitor scan).
    var localNameBytes: Int?
    /// Every 64th byte of the document's text, hashed in order (the visitor scan; see
    /// ``TextSampleHash``), as a bit pattern.
    var textSampleHash: Int?
    /// UTF-8 bytes of every string the events carry: names and namespace URIs at start and end,
    /// attribute names and values, namespace declarations, text, comments, processing
    /// instructions (the materialize workload).
    var materializedBytes: Int?
    /// The decoded items' fields, summed field by field under the keys of
    /// `CorpusMetadata.itemFieldDigests` (the decode workload).
    var itemFieldDigests: [String: TextDigest]?

    // What the pairs that compare two ways of doing one job report: no generator or reference
    // pass knows these values, so the two of a pair are checked against each other (and each
    // repetition against the first).

    /// How many records of each of two kinds were decoded, by the kind's name (the one-pass and
    /// two-pass decodes of two record types).
    var recordKindCounts: [String: Int]?
    /// Their decoded fields, summed field by field under `kind/field` keys (`p/.`,
    /// `media:content/@url`).
    var recordKindFieldDigests: [String: TextDigest]?
    /// The bytes of a transformed document written to a file (the transform and its hand-written
    /// loop).
    var outputBytes: Int?
    /// A 64-bit FNV-1a hash of those bytes, in order, as a bit pattern: identical output, not
    /// only as long.
    var outputHash: Int?
}

extension WorkloadCounts {
    /// A count a contender can report, for declaring which ones it must (see
    /// ``Contender/reportedCounts``).
    enum Field: String, CaseIterable, Sendable {
        case elements, attributes, items, textBytes, localNameBytes, textSampleHash, materializedBytes
        case itemFieldDigests
        case recordKinds, output

        /// The scan workload's counts: what most contenders report.
        static let scan: Set<Field> = [.elements, .attributes, .items, .textBytes]
    }

    /// Whether `field` was reported.
    func has(_ field: Field) -> Bool {
        switch field {
        case .elements: elements != nil
        case .attributes: attributes != nil
        case .items: items != nil
        case .textBytes: textBytes != nil
        case .localNameBytes: localNameBytes != nil
        case .textSampleHash: textSampleHash != nil
        case .materializedBytes: materializedBytes != nil
        case .itemFieldDigests: itemFieldDigests != nil
        case .recordKinds: recordKindCounts != nil && recordKindFieldDigests != nil
        case .output: outputBytes != nil && outputHash != nil
        }
    }
}
