/// A precomputed piece of a document together with the markup it holds, so that writing it is a
/// single copy and the document's counts stay exact.
struct Fragment: Sendable {
    let bytes: [UInt8]
    let tally: MarkupTally

    init(_ text: String, elements: Int = 0, attributes: Int = 0) {
        bytes = Array(text.utf8)
        tally = MarkupTally(elements: elements, attributes: attributes)
    }
}
