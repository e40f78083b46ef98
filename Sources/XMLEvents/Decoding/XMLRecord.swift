/// One selected element, built for decoding and not decoded yet: what the closure of
/// ``XMLEvents/decode(matching:namespaces:using:_:)`` receives, to decode as the type its name
/// calls for.
///
/// ```swift
/// try events.decode(matching: "/osm/(node|way)") { record -> MapItem? in
///     switch record.name.localName {
///     case "node": .node(try record.decode(Node.self))
///     case "way": .way(try record.decode(Way.self))
///     default: nil
///     }
/// }
/// ```
///
/// The element's attributes, text and children are held as bytes and names until a type reads
/// them. Decode it inside the closure: the iterator reuses the storage for the next record
/// unless a record is kept, which then keeps its own.
public struct XMLRecord {
    private let nodes: XMLRecordNodes
    private let context: XMLDecodingContext

    init(nodes: XMLRecordNodes, context: XMLDecodingContext) {
        self.nodes = nodes
        self.context = context
    }

    /// The element's resolved name.
    public var name: XMLName { nodes.name(of: XMLRecordNodes.root) }

    /// Where the parser reported the element's start tag (just after its `>`).
    public var location: XMLLocation? { nodes.location }

    /// Decodes the element as a `T`, as ``XMLRecordDecoder`` describes; may be called again for
    /// another type.
    ///
    /// - Parameter type: The type to decode.
    /// - Returns: The value.
    /// - Throws: ``XMLRecordDecodingError`` with the element's location and the coding path,
    ///   wrapping the `DecodingError`.
    public func decode<T: Decodable>(_ type: T.Type) throws(XMLRecordDecodingError) -> T {
        try context.decode(type, from: nodes)
    }
}
