import Dispatch
import ThreadSafety

/// A task executor that runs its jobs on the thread that drains it: libFuzzer's own thread.
///
/// A task started with this executor as its preference runs every job there, actor hops
/// included (default actors run on the task's preferred executor), so an input's whole parse,
/// down to the release of the task itself, has happened when ``run(_:)`` returns. With the global
/// pool instead, the task's last releases raced the target's return: libFuzzer saw more
/// allocations than frees, re-ran the input under LeakSanitizer at every step (a sixth of the
/// speed) and reported the not-yet-freed events as leaks.
final class FuzzInlineExecutor: TaskExecutor {
    private let jobs = LockedState<[UnownedJob]>([])
    private let available = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    /// Runs `body` in a task on the calling thread and returns its result once the task is gone.
    func run<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
        let result = LockedState<Result?>(nil)
        Task(executorPreference: self) {
            let value = await body()
            result.withLock { $0 = value }
        }
        while result.withLock({ $0 == nil }) || jobs.withLock({ !$0.isEmpty }) {
            available.wait()
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            job?.runSynchronously(on: asUnownedTaskExecutor())
        }
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the loop ends only with a result") }
        return value
    }
}
