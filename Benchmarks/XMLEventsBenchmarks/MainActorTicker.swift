import Foundation

/// How long the main actor stays busy while something else uses it: a main-actor task that
/// sleeps 1 ms at a time and notes the longest gap between its wake-ups, as a user interface's
/// animation or input handling would wait for the main actor.
///
/// A wake-up runs only once the main actor is free, so a gap is the sleep plus however long the
/// main actor was held. The stretch from the last wake-up to ``stop()`` counts as a gap too: a
/// main actor that never let the ticker run reports the whole time.
@MainActor
final class MainActorTicker {
    static let period = Duration.milliseconds(1)

    /// What the ticker saw.
    struct Reading {
        var longestGap: Duration
        var wakeUps: Int
        /// Wake-ups that did not run on the main thread: the main actor was elsewhere.
        var wakeUpsOffMainThread: Int
    }

    private let clock = ContinuousClock()
    private var lastWakeUp: ContinuousClock.Instant
    private var reading = Reading(longestGap: .zero, wakeUps: 0, wakeUpsOffMainThread: 0)
    private var isStopped = false
    private var task: Task<Void, Never>?

    /// Starts ticking now; the first gap runs from here.
    init() {
        lastWakeUp = clock.now
        task = Task { await self.tick() }
    }

    private func tick() async {
        while !isStopped {
            try? await Task.sleep(for: Self.period)
            guard !isStopped else { return }
            note(clock.now)
            reading.wakeUps += 1
            if !Thread.isMainThread { reading.wakeUpsOffMainThread += 1 }
        }
    }

    private func note(_ now: ContinuousClock.Instant) {
        reading.longestGap = Swift.max(reading.longestGap, now - lastWakeUp)
        lastWakeUp = now
    }

    /// Stops the ticker, the time since its last wake-up counted as a gap.
    func stop() async -> Reading {
        note(clock.now)
        isStopped = true
        task?.cancel()
        await task?.value
        return reading
    }
}
