/// Writes one shape of document in three parts: a fixed beginning, as many units as the target
/// size allows, and an end that closes whatever is still open.
///
/// A writer is a value: ``CorpusGenerator`` keeps a copy before each unit so that a unit that
/// would overshoot the target size can be taken back whole.
protocol ShapeWriter {
    init(seed: UInt64)

    /// Writes the XML declaration, the root's start tag and what every document of the shape
    /// begins with. It draws nothing from the seed, so the smallest document is the same for
    /// every seed.
    mutating func writeProlog(into output: inout CorpusOutput)

    /// Writes the next unit: a record, an entry, a block of text or a step of structure. It
    /// always writes something, and at most a few kilobytes.
    mutating func writeUnit(into output: inout CorpusOutput)

    /// How many bytes ``writeEpilog(into:)`` would write now.
    var epilogByteCount: Int { get }

    /// Closes every open element, the root last, and ends the document with a line feed.
    mutating func writeEpilog(into output: inout CorpusOutput)

    /// The digests of the items' fields written so far, keyed as
    /// ``CorpusMetadata/itemFieldDigests`` describes. Kept in the writer, so that taking a unit
    /// back (restoring the writer's copy) takes its fields back too.
    var itemFieldDigests: [String: TextDigest] { get }
}
