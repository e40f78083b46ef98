#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value shared between threads, reachable only while a pthread mutex is held.
///
/// The package's modules use this rather than `Synchronization.Mutex` because on Linux that one
/// locks with raw futex calls, which ThreadSanitizer cannot see: every access it guards would be
/// reported as a race, and a clean `--sanitize=thread` run is one of the package's checks.
///
/// `@unchecked Sendable` is sound: `state` is only read or written inside `withLock`, with `mutex` held.
package final class LockedState<State: Sendable>: @unchecked Sendable {
    private var state: State
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates the lock around an initial value.
    package init(_ initial: State) {
        state = initial
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
