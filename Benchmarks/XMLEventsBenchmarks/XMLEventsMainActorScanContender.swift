import Foundation
import XMLEvents

/// ``XMLEventsScanContender``'s work with the `for try await` loop on the main actor, which runs
/// on the process's main thread (the benchmark's `main.swift` runs the main run loop): what a
/// loop in an application's main-actor code costs, and whether it leaves the main actor free.
///
/// Besides the scan's counts it reports the main thread's CPU time over the loop and its share of
/// the process's, and the longest stretch the main actor stayed busy (``MainActorTicker``), read
/// in an untimed loop of their own.
struct XMLEventsMainActorScanContender: Contender {
    let id = "xmlevents-scan-main-actor"
    let title = "XMLEvents owned scan, main actor"
    let summary =
        "The owned scan with its `for try await` loop in a `@MainActor` function, the main actor on the main thread. "
        + "Also reports the main thread's share of the CPU time and the longest stretch the main actor stayed busy."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        return try await scanOnMainActor(path: path, itemName: input.itemName)
    }

    func combinedMetrics(_ runs: [[String: Double]]) -> [String: Double]? {
        MainActorScanReading.worst(of: runs.compactMap(MainActorScanReading.init(metrics:)))?.metrics
    }

    /// Two loops over the document: one watched by the ticker, for the readings, and one timed
    /// alone, since a ticker that wakes the main actor every millisecond costs the process CPU
    /// time of its own.
    @MainActor
    private func scanOnMainActor(path: String, itemName: String) async throws -> WorkloadMeasurement {
        try requireMainThread("before the loop")
        let ticker = MainActorTicker()
        let watchedStart = Stopwatch()
        let mainThreadStart = Stopwatch.threadCPUSeconds()
        let watchedCounts = try await ScanWorkload.run(XMLEvents(path: path), itemName: itemName)
        let mainThreadEnd = Stopwatch.threadCPUSeconds()
        let watched = watchedStart.read()
        try requireMainThread("after the loop")
        let ticks = await ticker.stop()
        guard let mainThreadStart, let mainThreadEnd else {
            throw BenchmarkError.parseFailed(contender: id, detail: "no CPU-time clock for the main thread")
        }
        guard ticks.wakeUpsOffMainThread == 0 else {
            throw BenchmarkError.parseFailed(
                contender: id, detail: "\(ticks.wakeUpsOffMainThread) main-actor wake-ups off the main thread")
        }
        let reading = MainActorScanReading(
            mainThreadCPUSeconds: mainThreadEnd - mainThreadStart,
            processCPUSeconds: watched.cpuSeconds,
            longestBusySeconds: ticks.longestGap.seconds,
            tickerWakeUps: ticks.wakeUps
        )
        let stopwatch = Stopwatch()
        let counts = try await ScanWorkload.run(XMLEvents(path: path), itemName: itemName)
        let elapsed = stopwatch.read()
        guard counts == watchedCounts else {
            throw BenchmarkError.countMismatch("\(id) counted differently with and without the ticker")
        }
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts, metrics: reading.metrics)
    }

    /// Fails the run unless the main actor is on the main thread: otherwise the main thread's
    /// CPU time says nothing about the main actor.
    @MainActor
    private func requireMainThread(_ moment: String) throws(BenchmarkError) {
        guard Thread.isMainThread else {
            throw BenchmarkError.parseFailed(
                contender: id,
                detail: "the main actor ran off the main thread \(moment) (does main.swift run the main run loop?)")
        }
    }
}
