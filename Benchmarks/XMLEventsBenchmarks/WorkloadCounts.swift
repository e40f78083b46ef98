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
}
