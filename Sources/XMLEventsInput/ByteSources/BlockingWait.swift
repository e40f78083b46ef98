import Dispatch
import ThreadSafety

/// Lets a plain thread sleep until a stream callback delivers a result, without spinning.
///
/// Never to be used on a Swift concurrency thread: blocking one of the cooperative pool's few
/// threads can stall every task, including the consumer that would wake it.
final class BlockingWait<Value: Sendable>: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let result = LockedState<Result<Value, any Error>?>(nil)

    /// Stores the result and wakes the waiting thread; only the first result counts.
    func resume(with value: Result<Value, any Error>) {
        let isFirst = result.withLock { stored in
            guard stored == nil else { return false }
            stored = value
            return true
        }
        if isFirst { semaphore.signal() }
    }

    /// Sleeps until ``resume(with:)`` was called, then returns or throws its result.
    func wait() throws -> Value {
        semaphore.wait()
        guard let value = result.withLock({ $0 }) else {
            preconditionFailure("BlockingWait woke without a result")
        }
        return try value.get()
    }
}
