import Foundation

extension LoopbackHTTPTests {
    /// Polls `condition` every few milliseconds until it holds or `limit` passes, for what the
    /// server's threads do shortly after the client has seen the effect (a counter, a close).
    /// The limit turns a hang into a failure; it is not a measure of speed, and is a minute so
    /// that a loaded machine cannot reach it.
    ///
    /// - Returns: whether the condition came to hold.
    static func eventually(within limit: Duration = .seconds(60), _ condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while !condition() {
            guard clock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}
