/// Where a value stands in a record: what an ``XMLRecordDecodingError`` names and points at.
///
/// Noted by the decoder that throws, on the error path only (``XMLDecodingContext/failure``),
/// so that decoding pays nothing for it.
struct XMLValueSite {
    enum Node {
        /// An attribute of the element, by its index in the record's attributes.
        case attribute(Int)
        /// The element itself: its text, or its content as a whole (a child element, an item
        /// of an array, the record).
        case element
        /// The element's own text, read by the text content key.
        case text
        /// A key the element has no attribute or child element for, and where it was looked for.
        case missing(String, XMLRecordDecoder.NodeDecoding)
    }

    /// The element that holds the value, or that is it.
    var element: Int
    var node: Node

    /// How the error names the value: `attribute 'lat'`, `attribute 'lat' of <position>`,
    /// `element <lat>`, `text of <price>`; for a missing key, the whole reason,
    /// `no attribute 'lat' in <position>`. The record's own element is not named again.
    func description(in nodes: XMLRecordNodes) -> (place: String?, missing: String?) {
        let holder = "<\(nodes.name(of: element).qualifiedName)>"
        let ofHolder = element == XMLRecordNodes.root ? "" : " of \(holder)"
        switch node {
        case .attribute(let attribute):
            return ("attribute '\(nodes.attribute(attribute).name.name.qualifiedName)'\(ofHolder)", nil)
        case .element:
            return (element == XMLRecordNodes.root ? nil : "element \(holder)", nil)
        case .text:
            return ("text of \(holder)", nil)
        case .missing(let key, let kind):
            let inHolder = element == XMLRecordNodes.root ? "" : " in \(holder)"
            return (nil, "no \(Self.nodes(kind)) '\(key)'\(inHolder)")
        }
    }

    /// What a key of `kind` is looked for in.
    static func nodes(_ kind: XMLRecordDecoder.NodeDecoding) -> String {
        switch kind {
        case .attribute: "attribute"
        case .element: "child element"
        case .attributeOrElement: "attribute or child element"
        }
    }
}
