/// Spins `streams` tasks of pure arithmetic on the same task-group machinery as the concurrent
/// scan: how many cores the machine gives the process right now.
///
/// On a shared machine the scaling rows mean little without it: if two spinning tasks get one
/// core, two parsing streams cannot get more.
struct CoreAvailabilityProbe: Contender {
    let id = "core-probe"
    let title = "core availability probe"
    let reportedCounts: Set<WorkloadCounts.Field> = []

    /// About a fifth of a second of work per task on a current core.
    private static let iterations = 1_000_000_000

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let stopwatch = Stopwatch()
        let checksum = await withTaskGroup(of: Int.self) { group in
            for seed in 0..<Swift.max(1, input.streams) {
                group.addTask { CoreAvailabilityProbe.spin(seed: seed) }
            }
            return await group.reduce(0, &+)
        }
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: WorkloadCounts(),
            metrics: ["checksum": Double(checksum & 0xFFFF)])
    }

    private static func spin(seed: Int) -> Int {
        var value = seed
        for step in 0..<iterations {
            value = value &* 31 &+ step
        }
        return value
    }
}
