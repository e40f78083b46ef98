/// How long a parse keeps its thread before it gives it back: the mechanism by which parsing,
/// which never suspends while bytes are at hand, lets other tasks, timers and cancellation run.
///
/// A slice is measured on the clock, read once per step (a few tens of nanoseconds against the
/// step's tens of microseconds), rather than counted in bytes or steps: what a step costs
/// depends on the document (entity expansion, deep namespaces) and on the reader's own work
/// between steps, and the clock measures all of it.
@usableFromInline
struct ParseTimeSlice {
    /// How long a slice lasts: short enough that a timer or another task waits a few
    /// milliseconds at most behind each parse, long enough that giving the thread back costs
    /// little. A yield costs about 40 µs of the process's CPU time when no other task waits (the
    /// pool wakes a thread to take the job): measured at 2.6 % of a loop yielding every 1.5 ms,
    /// so about 0.8 % at this length.
    @usableFromInline static let length = Duration.milliseconds(5)

    /// When the slice is over; `nil` before the first step.
    @usableFromInline var deadline: ContinuousClock.Instant?

    @inlinable init() {}

    /// Whether the slice is over; starts the first slice on the first call.
    @inlinable
    mutating func isOver() -> Bool {
        let now = ContinuousClock.now
        guard let deadline else {
            self.deadline = now.advanced(by: ParseTimeSlice.length)
            return false
        }
        return now >= deadline
    }

    /// Starts a new slice now.
    @inlinable
    mutating func restart() {
        deadline = ContinuousClock.now.advanced(by: ParseTimeSlice.length)
    }

    /// Gives the thread back, and starts a new slice, when the slice is over: between a parse's
    /// steps, and between the values a worker builds from a chunk's events. On the caller's
    /// executor, so that a feed read on an actor stays on it.
    @inlinable
    nonisolated(nonsending) mutating func yieldIfOver() async {
        guard isOver() else { return }
        await Task.yield()
        restart()
    }
}
