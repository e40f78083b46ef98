/// What one resumption run measured besides its time, carried from the child to the parent in
/// ``WorkloadMeasurement/metrics`` under stable keys (they appear in the JSON report's runs).
struct ResumptionReading: Sendable {
    /// The continuations the transfer accepted.
    var resumptions: Int
    var documentBytes: Int
    /// The body bytes the client counted, each once: the whole document, or the run failed.
    var receivedBytes: Int
    /// The body bytes the server wrote over every request.
    var serverBodyBytes: Int
    /// The bytes the server wrote before a reset that never reached the client.
    var lostInFlightBytes: Int

    /// The bytes the server sent more than once.
    var sentTwiceBytes: Int { serverBodyBytes - documentBytes }

    init(resumptions: Int, documentBytes: Int, receivedBytes: Int, serverBodyBytes: Int, lostInFlightBytes: Int) {
        self.resumptions = resumptions
        self.documentBytes = documentBytes
        self.receivedBytes = receivedBytes
        self.serverBodyBytes = serverBodyBytes
        self.lostInFlightBytes = lostInFlightBytes
    }

    /// The reading in `metrics`, or `nil` if they are another contender's.
    init?(metrics: [String: Double]?) {
        guard let metrics,
            let resumptions = metrics[Key.resumptions],
            let document = metrics[Key.documentBytes],
            let received = metrics[Key.receivedBytes],
            let server = metrics[Key.serverBodyBytes],
            let lost = metrics[Key.lostInFlightBytes]
        else { return nil }
        self.resumptions = Int(resumptions)
        documentBytes = Int(document)
        receivedBytes = Int(received)
        serverBodyBytes = Int(server)
        lostInFlightBytes = Int(lost)
    }

    var metrics: [String: Double] {
        [
            Key.resumptions: Double(resumptions),
            Key.documentBytes: Double(documentBytes),
            Key.receivedBytes: Double(receivedBytes),
            Key.serverBodyBytes: Double(serverBodyBytes),
            Key.lostInFlightBytes: Double(lostInFlightBytes),
        ]
    }

    private enum Key {
        static let resumptions = "resumptions"
        static let documentBytes = "documentBytes"
        static let receivedBytes = "resumptionReceivedBytes"
        static let serverBodyBytes = "serverBodyBytes"
        static let lostInFlightBytes = "lostInFlightBytes"
    }
}
