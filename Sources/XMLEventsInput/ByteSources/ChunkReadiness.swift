/// A source iterator that knows whether its next chunk is at hand, so that a batch parsed ahead of
/// a loop on an actor goes on into the next chunk only when reading it cannot wait.
@usableFromInline
package protocol ChunkReadiness {
    /// Whether the next call to `next` returns without waiting for bytes to arrive.
    var hasChunkAtHand: Bool { get }
}
