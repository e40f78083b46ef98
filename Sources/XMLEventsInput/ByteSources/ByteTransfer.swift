import Foundation

/// A transfer that a module above the input performs for an ``XMLByteSource``: the HTTP module's
/// requests. The source reads it through these requirements, a chunk at a time, and knows nothing
/// of what is behind them, so that the input builds without any optional part.
package protocol ByteTransfer: Sendable {
    /// The reader of one iteration, made with the iterator; the transfer starts with its first
    /// chunk (or earlier, if the module starts it on the user's behalf), and each iteration
    /// transfers anew.
    ///
    /// - Parameter progress: The source's progress, which the transfer records.
    func makeReader(progress: XMLSourceProgress) -> any ByteTransferReader
}

/// The reading side of one iteration of a ``ByteTransfer``.
package protocol ByteTransferReader {
    /// The next chunk, or `nil` after the last, resuming on the caller's actor.
    ///
    /// - Parameter actor: The caller's actor, usually `#isolation`.
    mutating func next(isolation actor: isolated (any Actor)?) async throws -> Data?

    /// Whether the next ``next(isolation:)`` returns without waiting.
    var hasChunkAtHand: Bool { get }
}
