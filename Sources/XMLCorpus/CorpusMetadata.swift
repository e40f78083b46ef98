/// What a generated document contains, counted exactly while it was written, for a consumer to
/// check its own counts against.
public struct CorpusMetadata: Sendable, Hashable {
    /// The document's size in bytes.
    public var byteCount: Int

    /// How many elements the document has, the root included.
    public var elementCount: Int

    /// How many attributes its start tags carry, namespace declarations (`xmlns`, `xmlns:p`) not
    /// included.
    public var attributeCount: Int

    /// How many namespace declarations (`xmlns`, `xmlns:p`) its start tags carry.
    public var namespaceDeclarationCount: Int

    /// How many of the shape's items the document holds: `record` elements for
    /// ``CorpusShape/records``, `p` elements for ``CorpusShape/text``, `entry` elements for
    /// ``CorpusShape/ns`` (see ``CorpusShape/itemElementName``).
    public var itemCount: Int

    /// Creates metadata, typically to compare with a generated document's.
    public init(
        byteCount: Int,
        elementCount: Int,
        attributeCount: Int,
        namespaceDeclarationCount: Int,
        itemCount: Int
    ) {
        self.byteCount = byteCount
        self.elementCount = elementCount
        self.attributeCount = attributeCount
        self.namespaceDeclarationCount = namespaceDeclarationCount
        self.itemCount = itemCount
    }
}
