/// A namespace declaration (`xmlns:prefix="uri"` or `xmlns="uri"`) made on a start element.
public struct XMLNamespaceDeclaration: Sendable, Hashable, CustomStringConvertible {
    /// The declared prefix, or `nil` for the default namespace (`xmlns="…"`).
    public var prefix: String?

    /// The namespace URI the prefix is bound to; empty when a default namespace is undeclared.
    public var uri: String

    /// Creates a namespace declaration.
    ///
    /// - Parameters:
    ///   - prefix: The declared prefix, or `nil` for the default namespace.
    ///   - uri: The namespace URI; empty to undeclare the default namespace.
    public init(prefix: String?, uri: String) {
        self.prefix = prefix
        self.uri = uri
    }

    /// The declaration as written in a start tag, for example `xmlns:a="urn:x"`.
    public var description: String {
        if let prefix {
            return "xmlns:\(prefix)=\"\(uri)\""
        }
        return "xmlns=\"\(uri)\""
    }
}
