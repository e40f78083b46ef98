/// Parses nothing. Its peak RSS is what the benchmark process takes before any parse (runtime,
/// Foundation, libxml2 mapped in): the floor under every other memory reading.
struct ProcessBaselineContender: Contender {
    let id = "process-baseline"
    let title = "process baseline"
    let reportedCounts: Set<WorkloadCounts.Field> = []

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        WorkloadMeasurement(seconds: 0, cpuSeconds: 0, counts: WorkloadCounts())
    }
}
