/// An attribute of a start element: its resolved name and its value with references replaced
/// and whitespace normalized as XML 1.0 requires.
public struct XMLAttribute: Sendable, Hashable, CustomStringConvertible {
    /// The attribute's name; an unprefixed attribute is in no namespace.
    public var name: XMLName

    /// The attribute's value, with entity and character references replaced.
    public var value: String

    /// Creates an attribute.
    ///
    /// - Parameters:
    ///   - name: The attribute's name; give an unprefixed attribute no namespace URI.
    ///   - value: The value, with references already replaced.
    public init(name: XMLName, value: String) {
        self.name = name
        self.value = value
    }

    /// The attribute as it could be written in a start tag, for example `xml:lang="en"`.
    public var description: String {
        "\(name.qualifiedName)=\"\(value)\""
    }
}
