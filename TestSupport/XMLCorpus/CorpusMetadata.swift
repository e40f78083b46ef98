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

    /// The text of every field the generator writes in each of the shape's items, as a parser
    /// reports it (references replaced, character data of all depths joined), summed over the
    /// items field by field: what a consumer that decodes every item can check its values
    /// against.
    ///
    /// Keyed by the field's name relative to the item: a child element's local name
    /// (`"name"`, `"registration-date"`), an attribute's name after `@` (`"@date"`), and `"."`
    /// for the item's own text of all depths. A field that only some items have counts only
    /// those. The fields are, by shape:
    /// - ``CorpusShape/records``: `name`, `protocol`, `number`, `description`,
    ///   `registration-date`, `modification-date` and `@date`.
    /// - ``CorpusShape/text``: `.`, the paragraph's text.
    /// - ``CorpusShape/ns``: `id`, `title`, `updated` and `summary`.
    public var itemFieldDigests: [String: TextDigest]

    /// Creates metadata, typically to compare with a generated document's.
    public init(
        byteCount: Int,
        elementCount: Int,
        attributeCount: Int,
        namespaceDeclarationCount: Int,
        itemCount: Int,
        itemFieldDigests: [String: TextDigest] = [:]
    ) {
        self.byteCount = byteCount
        self.elementCount = elementCount
        self.attributeCount = attributeCount
        self.namespaceDeclarationCount = namespaceDeclarationCount
        self.itemCount = itemCount
        self.itemFieldDigests = itemFieldDigests
    }
}
