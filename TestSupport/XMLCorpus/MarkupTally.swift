/// Running counts of the markup written so far; what ``CorpusMetadata`` reports at the end.
struct MarkupTally: Sendable, Hashable {
    var elements = 0
    var attributes = 0
    var namespaceDeclarations = 0
    var items = 0

    static func += (lhs: inout MarkupTally, rhs: MarkupTally) {
        lhs.elements += rhs.elements
        lhs.attributes += rhs.attributes
        lhs.namespaceDeclarations += rhs.namespaceDeclarations
        lhs.items += rhs.items
    }
}
