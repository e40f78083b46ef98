import Synchronization
import ThreadSafety

/// The live counters of one request's exchange, written by its connection's thread and read by
/// anyone through ``snapshot``. Every byte it counts is also added to the server's totals.
final class ExchangeMeter: Sendable {
    private let connection: Int
    private let method: String
    private let path: String
    private let totals: TrafficTotals
    private let status = Atomic<Int>(0)
    private let bytesWritten = Atomic<Int>(0)
    private let bodyBytesWritten = Atomic<Int>(0)
    private let outcome = LockedState<LoopbackExchange.Outcome>(.inProgress)

    init(connection: Int, method: String, path: String, totals: TrafficTotals) {
        self.connection = connection
        self.method = method
        self.path = path
        self.totals = totals
    }

    /// Counts bytes the kernel accepted; `bodyBytes` of them were message body.
    func recordWritten(bytes: Int, bodyBytes: Int) {
        bytesWritten.add(bytes, ordering: .relaxed)
        bodyBytesWritten.add(bodyBytes, ordering: .relaxed)
        totals.bytesWritten.add(bytes, ordering: .relaxed)
        totals.bodyBytesWritten.add(bodyBytes, ordering: .relaxed)
    }

    /// Runs `wait`, a wait for the socket to take more, counted as a send waiting for the client.
    func waitingForClient<Result>(_ wait: () -> Result) -> Result {
        totals.sendsWaitingForClient.add(1, ordering: .relaxed)
        defer { totals.sendsWaitingForClient.subtract(1, ordering: .relaxed) }
        return wait()
    }

    /// Records the status the route answered with.
    func recordStatus(_ code: Int) {
        status.store(code, ordering: .relaxed)
    }

    /// Records how the exchange ended; the first outcome recorded stands.
    func finish(_ ending: LoopbackExchange.Outcome) {
        outcome.withLock { current in
            if current == .inProgress { current = ending }
        }
    }

    /// The exchange as it stands now.
    var snapshot: LoopbackExchange {
        // The outcome is read first: the lock orders it after the writes that preceded finish(_:).
        let outcome = outcome.withLock { $0 }
        let status = status.load(ordering: .relaxed)
        return LoopbackExchange(
            connection: connection,
            method: method,
            path: path,
            status: status == 0 ? nil : status,
            bytesWritten: bytesWritten.load(ordering: .relaxed),
            bodyBytesWritten: bodyBytesWritten.load(ordering: .relaxed),
            outcome: outcome
        )
    }
}
