import Synchronization

/// The server-wide counters, updated by every connection's thread as it works.
///
/// Counters use relaxed atomics: each is exact on its own, but two read one after the other are
/// not a consistent snapshot while connections are busy. An exchange's outcome is published with
/// release ordering, so once a reader sees it finished, that exchange's bytes are in the totals.
final class TrafficTotals: Sendable {
    /// Every byte the kernel accepted from `send`: status lines, headers, chunk framing and body.
    let bytesWritten = Atomic<Int>(0)

    /// Only message-body bytes, as sent: after content coding, without chunk framing.
    let bodyBytesWritten = Atomic<Int>(0)

    /// Connections accepted since the server started.
    let connectionsAccepted = Atomic<Int>(0)

    /// Connections accepted and not yet closed.
    let openConnections = Atomic<Int>(0)

    /// Connections whose write waits for the client to read: the kernel's buffers between the
    /// two are full.
    let sendsWaitingForClient = Atomic<Int>(0)

    init() {}
}
