import ThreadSafety

/// The driver's verdict, handed from its task to the main thread.
final class LockedCount: Sendable {
    private let state = LockedState(Int.min)

    var value: Int { state.withLock { $0 } }

    func set(_ value: Int) { state.withLock { $0 = value } }
}
