/// What one decoder reads from.
enum XMLDecodingValue {
    /// An element: a record, a nested record, or an item of an array.
    case element(XMLSubtree)
    /// Text standing on its own: an attribute value, an element's text content, a list token.
    case text(String)
    /// The child elements a key names, `first` of them at `index` in `parent`'s children: one
    /// value for a single-value or keyed container, all of them for an unkeyed one.
    case repeated(first: XMLSubtree, parent: XMLSubtree, index: Int, pattern: XMLKeyPattern)
    /// A key with no attribute or child: an empty array, and an error for anything else.
    case missing(any CodingKey)

    /// Whether an element stands for `nil`: empty (no attributes, no content), or marked
    /// `xsi:nil="true"`.
    static func isNil(_ element: XMLSubtree) -> Bool {
        if element.isEmpty { return true }
        for attribute in element.storage.attributes
        where attribute.name.localName == "nil" && attribute.name.namespaceURI == schemaInstanceNamespace {
            return XMLLexical.bool(attribute.value) == true
        }
        return false
    }

    static let schemaInstanceNamespace = "http://www.w3.org/2001/XMLSchema-instance"
}
