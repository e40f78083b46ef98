import LoopbackHTTP

/// How far the server's body bytes written get ahead of the consumer, read by the consumer each
/// time it is handed a start tag, just before its position moves on.
///
/// That is when the lead is largest: between two steps of the consumer its position stands
/// still while the server's count can only grow, so the reading at the next step is at least
/// what a sampler on a timer would have seen at any moment in between. A 10 ms timer misses the
/// peak by up to what the consumer reads in 10 ms (about 150 KB at the slow pace; in trials it
/// reported leads below the client's own peak buffer). The cost, one relaxed atomic load per
/// start tag, is lost in the parse.
struct ServerLeadTracker {
    let server: LoopbackServer
    /// The byte offset of the end of the latest start tag handed to the consumer.
    private(set) var position = 0
    /// The largest lead read, in bytes.
    private(set) var maximumBytes = 0

    init(server: LoopbackServer) {
        self.server = server
    }

    mutating func consumerReached(byteOffset: Int) {
        maximumBytes = Swift.max(maximumBytes, server.bodyBytesWritten - position)
        position = byteOffset
    }
}
