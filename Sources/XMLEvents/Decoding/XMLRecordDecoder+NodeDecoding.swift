extension XMLRecordDecoder {
    /// Where a key of an ``XMLNodeDecoding`` type is read from: an attribute, a child element,
    /// or either.
    public enum NodeDecoding: Sendable, Hashable {
        /// Only an attribute of the element, as Go's `xml:"name,attr"`: a child element of
        /// that name is not looked at.
        case attribute
        /// Only child elements: an attribute of that name is not looked at.
        case element
        /// An attribute, or else the first child element of that name: the rule for every key
        /// of a type that does not say.
        case attributeOrElement
    }
}
