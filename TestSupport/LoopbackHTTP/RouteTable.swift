import ThreadSafety

/// The server's routes: a handler for each exact path, consulted for every request.
final class RouteTable: Sendable {
    private let handlers = LockedState<[String: LoopbackServer.Handler]>([:])

    init() {}

    /// Makes `handler` answer requests for `path`, replacing any earlier one.
    func setHandler(_ handler: @escaping LoopbackServer.Handler, for path: String) {
        handlers.withLock { $0[path] = handler }
    }

    /// Removes the handler for `path`; requests for it are answered 404 from then on.
    func removeHandler(for path: String) {
        handlers.withLock { _ = $0.removeValue(forKey: path) }
    }

    /// The response to `request`: its route's, or 404 Not Found when no route has its path.
    func response(to request: LoopbackRequest) -> LoopbackResponse {
        // The handler runs outside the lock, so a slow one never holds up other connections.
        let handler = handlers.withLock { $0[request.path] }
        return handler?(request) ?? .text(status: 404)
    }
}
