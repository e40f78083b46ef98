import Foundation

/// What the parser asks an ``XMLExternalEntityResolver`` for.
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

/// Returns the bytes of an external entity or external DTD subset, or `nil` to skip it: a
/// reference to a skipped entity in content is reported as ``XMLEvent/skippedEntity(name:)``.
///
/// An entity in an encoding of its own (`<?xml encoding="Shift_JIS"?>`) is read in it to its
/// last byte: bytes there that are not a whole character are an error, as in the document.
///
/// Called synchronously while the parser holds the document, so it should answer from memory or a
/// local cache. An error it throws ends parsing with ``XMLParsingError/Code/externalEntityFailed``.
public typealias XMLExternalEntityResolver = @Sendable (XMLExternalEntityRequest) throws -> Data?
