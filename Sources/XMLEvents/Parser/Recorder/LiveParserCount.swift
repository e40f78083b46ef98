#if DEBUG
    import Synchronization

    /// Debug builds only: counts the libxml2 parser contexts created within a task (and its
    /// children) that are still alive, so that a test can prove each one it caused is freed,
    /// whatever other tests parse beside it (hence a task-local count, not a global one).
    ///
    /// Kept out of ``LibXML2PushContext``, which holds only a ``Registration``; a release build
    /// has neither, and does not look up the task-local value for each context.
    final class LiveParserCount: Sendable {
        /// The count that contexts created in the current task join.
        @TaskLocal static var current: LiveParserCount?

        private let count = Atomic<Int>(0)

        /// The contexts counted here that are still alive.
        var value: Int { count.load(ordering: .sequentiallyConsistent) }

        /// Runs `body`, counting the contexts it creates; returns how many are still alive after it.
        nonisolated(nonsending) static func alive(after body: () async throws -> Void) async rethrows -> Int {
            let counter = LiveParserCount()
            try await $current.withValue(counter) { try await body() }
            return counter.value
        }

        /// One context's place in the count of the task that created it: counted when the context
        /// is made, and uncounted when it is freed (the context's stored properties are released
        /// after its `deinit` has freed the libxml2 context).
        final class Registration: Sendable {
            private let counter: LiveParserCount?

            init() {
                counter = LiveParserCount.current
                counter?.count.add(1, ordering: .relaxed)
            }

            deinit {
                counter?.count.subtract(1, ordering: .relaxed)
            }
        }
    }
#endif
