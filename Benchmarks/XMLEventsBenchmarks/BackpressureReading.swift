/// What one backpressure run measured besides its time, carried from the child to the parent in
/// ``WorkloadMeasurement/metrics`` under stable keys (they appear in the JSON report's runs).
struct BackpressureReading: Sendable {
    /// The most bytes the client held between libcurl and the parser at once: the stream's own
    /// high-water mark, exact rather than sampled.
    var clientPeakBufferedBytes: Int
    /// What the client may hold: its high watermark plus one libcurl write, which the
    /// transfer accepts whole when it arrives below the mark.
    var clientBufferBoundBytes: Int
    var highWatermarkBytes: Int
    /// The largest lead of the server's body bytes written over the consumer's position.
    var serverLeadMaximumBytes: Int
    /// The body bytes the client received: the whole document, or the run would have failed.
    var receivedBytes: Int

    init(
        clientPeakBufferedBytes: Int,
        clientBufferBoundBytes: Int,
        highWatermarkBytes: Int,
        serverLeadMaximumBytes: Int,
        receivedBytes: Int
    ) {
        self.clientPeakBufferedBytes = clientPeakBufferedBytes
        self.clientBufferBoundBytes = clientBufferBoundBytes
        self.highWatermarkBytes = highWatermarkBytes
        self.serverLeadMaximumBytes = serverLeadMaximumBytes
        self.receivedBytes = receivedBytes
    }

    /// The reading in `metrics`, or `nil` if they are another contender's.
    init?(metrics: [String: Double]?) {
        guard let metrics,
            let peak = metrics[Key.clientPeakBufferedBytes],
            let bound = metrics[Key.clientBufferBoundBytes],
            let high = metrics[Key.highWatermarkBytes],
            let lead = metrics[Key.serverLeadMaximumBytes],
            let received = metrics[Key.receivedBytes]
        else { return nil }
        clientPeakBufferedBytes = Int(peak)
        clientBufferBoundBytes = Int(bound)
        highWatermarkBytes = Int(high)
        serverLeadMaximumBytes = Int(lead)
        receivedBytes = Int(received)
    }

    var metrics: [String: Double] {
        [
            Key.clientPeakBufferedBytes: Double(clientPeakBufferedBytes),
            Key.clientBufferBoundBytes: Double(clientBufferBoundBytes),
            Key.highWatermarkBytes: Double(highWatermarkBytes),
            Key.serverLeadMaximumBytes: Double(serverLeadMaximumBytes),
            Key.receivedBytes: Double(receivedBytes),
        ]
    }

    private enum Key {
        static let clientPeakBufferedBytes = "clientPeakBufferedBytes"
        static let clientBufferBoundBytes = "clientBufferBoundBytes"
        static let highWatermarkBytes = "highWatermarkBytes"
        static let serverLeadMaximumBytes = "serverLeadMaximumBytes"
        static let receivedBytes = "receivedBytes"
    }
}
