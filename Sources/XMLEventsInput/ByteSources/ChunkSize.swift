/// The size of the chunks a source reads: one default for every source and one bound, so that
/// `XMLEvents(path:)`, `XMLEvents(data:)`, `XMLEvents(url:)`, a descriptor and a sequence of
/// bytes read alike unless told otherwise.
@usableFromInline
package enum ChunkSize {
    /// 64 KiB: sixteen of the parser's 4 KiB steps per read, so that a read's cost is spread
    /// over many steps, and few enough bytes that the events of one chunk stay in the caches.
    @usableFromInline package static let standard = 64 << 10

    /// The largest chunk: a larger read is no faster, and a descriptor's reader thread holds a
    /// buffer of one chunk and reads up to four ahead, so a size near `Int.max` would fail to
    /// allocate (and four of them would overflow).
    @usableFromInline package static let maximum = 16 << 20

    /// `size` within 1 and ``maximum``: what every source reads with.
    @inlinable
    package static func clamped(_ size: Int) -> Int {
        Swift.min(Swift.max(1, size), maximum)
    }
}
