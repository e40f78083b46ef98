import ThreadSafety

/// Everything the server counts: the totals, the requests per path, and one meter per exchange.
final class TrafficLedger: Sendable {
    /// The server-wide counters.
    let totals = TrafficTotals()

    private let requestsByPath = LockedState<[String: Int]>([:])
    private let meters = LockedState<[ExchangeMeter]>([])

    init() {}

    /// Counts a request to `path` and starts the meter that its response will write to.
    func beginExchange(connection: Int, method: String, path: String) -> ExchangeMeter {
        requestsByPath.withLock { $0[path, default: 0] += 1 }
        let meter = ExchangeMeter(connection: connection, method: method, path: path, totals: totals)
        meters.withLock { $0.append(meter) }
        return meter
    }

    /// A meter for an answer to a request too malformed to have a path: its bytes count in the
    /// totals, but it is neither a request to a path nor an exchange.
    func meterForMalformedRequest(connection: Int) -> ExchangeMeter {
        ExchangeMeter(connection: connection, method: "", path: "", totals: totals)
    }

    /// How many requests named `path`.
    func requestCount(for path: String) -> Int {
        requestsByPath.withLock { $0[path, default: 0] }
    }

    /// The number of requests for each path that was requested.
    var requestCounts: [String: Int] {
        requestsByPath.withLock { $0 }
    }

    /// Every exchange so far, in the order the requests arrived.
    var exchanges: [LoopbackExchange] {
        meters.withLock { $0 }.map(\.snapshot)
    }
}
