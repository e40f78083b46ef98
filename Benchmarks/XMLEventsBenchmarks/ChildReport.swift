/// What a child process prints on its standard output: its one measurement.
struct ChildReport: Codable, Sendable {
    var measurement: WorkloadMeasurement
    /// The child's peak RSS (VmHWM of its own address space) just before it reported.
    var selfPeakResidentBytes: Int?
}
