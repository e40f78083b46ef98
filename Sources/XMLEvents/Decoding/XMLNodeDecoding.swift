/// A `Decodable` type that says, key by key, whether a value is read from an attribute or from
/// a child element, where both may carry its name: the counterpart of Go's `xml:"lat,attr"` and
/// of XMLCoder's `DynamicNodeDecoding`.
///
/// Without it, a key is read from the attribute of its name, or else from the first child
/// element of its name (``XMLRecordDecoder/NodeDecoding/attributeOrElement``). A type that
/// adopts the protocol answers for each of its keys:
///
/// ```swift
/// struct Node: Decodable, XMLNodeDecoding {
///     var id: Int          // the attribute id="…" only
///     var name: String     // the child element <name> only, even beside an attribute name="…"
///     var lat: Double      // either, the attribute first
///
///     static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding {
///         switch key.stringValue {
///         case "id": .attribute
///         case "name": .element
///         default: .attributeOrElement
///         }
///     }
/// }
/// ```
///
/// The answer holds wherever the type is decoded: every ``XMLRecordDecoder`` call, every
/// decoding sequence, the records of ``XMLEvents/decode(matching:namespaces:using:_:)``, and the
/// type nested in another (each type answers for its own keys, and a type nested in one that
/// adopts the protocol follows the rule unless it adopts it too). The keys are those the type's
/// `init(from:)` asks for, its own nested containers' included; the key of an element's own
/// text (``XMLRecordDecoder/textContentKey``) is not asked about. A key declared
/// ``XMLRecordDecoder/NodeDecoding/attribute`` that has no attribute is missing, whatever child
/// elements there are, and the other way around.
///
/// A type that does not adopt the protocol pays nothing for it.
public protocol XMLNodeDecoding: Decodable {
    /// Where the value of `key` is read from.
    ///
    /// - Parameter key: A key the type's `init(from:)` asks for: compare its `stringValue`, or
    ///   cast it to the type's `CodingKeys`.
    /// - Returns: Attribute, child element, or either.
    static func nodeDecoding(for key: any CodingKey) -> XMLRecordDecoder.NodeDecoding
}
