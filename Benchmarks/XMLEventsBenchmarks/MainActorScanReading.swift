/// What a main-actor scan measured besides its time, carried from the child to the parent in
/// ``WorkloadMeasurement/metrics`` under stable keys (they appear in the JSON report's runs).
struct MainActorScanReading: Sendable {
    /// The main thread's CPU time over the loop.
    var mainThreadCPUSeconds: Double
    /// The whole process's CPU time over the same interval.
    var processCPUSeconds: Double
    /// The longest gap between two wake-ups of a main-actor task sleeping 1 ms at a time (see
    /// ``MainActorTicker``): the longest the main actor was busy, plus the 1 ms sleep.
    var longestBusySeconds: Double
    /// How often that task woke during the loop.
    var tickerWakeUps: Int

    /// The main thread's share of the process's CPU time over the loop.
    var mainThreadShare: Double { mainThreadCPUSeconds / Swift.max(processCPUSeconds, 1e-9) }

    init(mainThreadCPUSeconds: Double, processCPUSeconds: Double, longestBusySeconds: Double, tickerWakeUps: Int) {
        self.mainThreadCPUSeconds = mainThreadCPUSeconds
        self.processCPUSeconds = processCPUSeconds
        self.longestBusySeconds = longestBusySeconds
        self.tickerWakeUps = tickerWakeUps
    }

    /// The reading in `metrics`, or `nil` if they are another contender's.
    init?(metrics: [String: Double]?) {
        guard let metrics,
            let mainThread = metrics[Key.mainThreadCPUSeconds],
            let process = metrics[Key.processCPUSeconds],
            let busy = metrics[Key.longestBusySeconds],
            let wakeUps = metrics[Key.tickerWakeUps]
        else { return nil }
        mainThreadCPUSeconds = mainThread
        processCPUSeconds = process
        longestBusySeconds = busy
        tickerWakeUps = Int(wakeUps)
    }

    var metrics: [String: Double] {
        [
            Key.mainThreadCPUSeconds: mainThreadCPUSeconds,
            Key.processCPUSeconds: processCPUSeconds,
            Key.longestBusySeconds: longestBusySeconds,
            Key.tickerWakeUps: Double(tickerWakeUps),
        ]
    }

    /// The worst of several runs' readings: the longest busy stretch, the CPU times of the run
    /// whose main thread had the largest share, the fewest wake-ups.
    static func worst(of readings: [MainActorScanReading]) -> MainActorScanReading? {
        guard var worst = readings.max(by: { $0.mainThreadShare < $1.mainThreadShare }) else { return nil }
        worst.longestBusySeconds = readings.map(\.longestBusySeconds).max() ?? worst.longestBusySeconds
        worst.tickerWakeUps = readings.map(\.tickerWakeUps).min() ?? worst.tickerWakeUps
        return worst
    }

    private enum Key {
        static let mainThreadCPUSeconds = "mainThreadCPUSeconds"
        static let processCPUSeconds = "mainActorLoopProcessCPUSeconds"
        static let longestBusySeconds = "mainActorLongestBusySeconds"
        static let tickerWakeUps = "mainActorTickerWakeUps"
    }
}
