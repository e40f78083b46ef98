import CLibXML2Floor

/// Every 64th byte of a document's text, hashed in order, as the C floor's reference pass
/// computes it (`text_sample_hash` in floor.c): proof that a consumer saw the text's bytes, not
/// only their count, for a few instructions per text run.
///
/// The sampled positions are offsets in all of the document's text joined, so the hash does not
/// depend on how the text is split into runs: libxml2's pieces and XMLEvents' coalesced runs
/// give the same value.
struct TextSampleHash {
    private static let stride = Int(CLIBXML2FLOOR_TEXT_SAMPLE_STRIDE)

    /// The text bytes added so far: the offset of the next run.
    private(set) var byteCount = 0
    private(set) var hash: UInt64 = 0

    /// Adds the next run of text.
    @inline(__always)
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let stride = Self.stride
        var index = (stride - byteCount % stride) % stride
        while index < bytes.count {
            hash = hash &* 31 &+ UInt64(bytes[index])
            index += stride
        }
        byteCount += bytes.count
    }

    /// The hash as the ledger keeps it.
    var bitPattern: Int { Int(bitPattern: UInt(hash)) }
}
