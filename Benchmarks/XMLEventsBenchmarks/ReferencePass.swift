import CLibXML2Floor
import XMLCorpus

/// What a document holds, from sources the contenders are checked against rather than with: the
/// generator's metadata, and one untimed parse of the file by the C floor with its digests on.
///
/// The digests (local-name bytes, the text sample hash, materialized bytes) cost the floor time
/// it does not spend in its timed runs, so they come from this separate pass, run once per
/// document in the parent before any contender.
enum ReferencePass {
    /// The label the ledger gives these counts.
    static let source = "reference (generator metadata and C floor digest pass)"

    /// The counts every contender's must agree with for the file at `path`.
    static func counts(of path: String, metadata: CorpusMetadata, itemName: String) throws(BenchmarkError)
        -> WorkloadCounts
    {
        let floor = try CLibXML2FloorContender.parse(path, itemName: itemName, work: CLIBXML2FLOOR_DIGESTS)
        guard Int(floor.elements) == metadata.elementCount, Int(floor.attributes) == metadata.attributeCount,
            Int(floor.items) == metadata.itemCount
        else {
            throw BenchmarkError.countMismatch(
                "the C floor's digest pass over \(path) counted \(floor.elements) elements, \(floor.attributes) "
                    + "attributes, \(floor.items) items; the generator wrote \(metadata.elementCount), "
                    + "\(metadata.attributeCount), \(metadata.itemCount)")
        }
        return WorkloadCounts(
            elements: metadata.elementCount,
            attributes: metadata.attributeCount,
            items: metadata.itemCount,
            textBytes: Int(floor.text_bytes),
            entityTextBytes: Int(floor.entity_text_bytes),
            localNameBytes: Int(floor.local_name_bytes),
            textSampleHash: Int(bitPattern: UInt(floor.text_sample_hash)),
            materializedBytes: Int(floor.materialized_bytes),
            itemFieldDigests: metadata.itemFieldDigests
        )
    }

    /// The counts of a document that is only streamed from the generator: its metadata alone.
    static func counts(generated metadata: CorpusMetadata) -> WorkloadCounts {
        WorkloadCounts(
            elements: metadata.elementCount,
            attributes: metadata.attributeCount,
            items: metadata.itemCount,
            itemFieldDigests: metadata.itemFieldDigests)
    }
}
