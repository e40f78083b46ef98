import Foundation

/// What the parser asks ``XMLParsingOptions/externalEntityResolver`` for.
public struct XMLExternalEntityRequest: Sendable, Hashable {
    /// The system identifier (a URI reference) of the entity or external DTD subset.
    public var systemID: String?

    /// The public identifier, if the declaration gave one.
    public var publicID: String?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - systemID: The system identifier, if any.
    ///   - publicID: The public identifier, if any.
    public init(systemID: String?, publicID: String?) {
        self.systemID = systemID
        self.publicID = publicID
    }
}
