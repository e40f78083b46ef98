/// One performance target of the issue, as measured.
///
/// A timing target is reported, never asserted: timings on a shared machine are too noisy to
/// fail a build on. A bound (memory, buffering) is exact enough to assert: a missed bound fails
/// the run, quick or full.
struct TargetResult: Codable, Sendable {
    enum Verdict: String, Codable, Sendable {
        case met = "MET"
        case missed = "MISSED"
        case notMeasured = "NOT MEASURED"
        /// A timing of a quick run: shown, not judged (small documents, one repetition).
        case notJudged = "NOT JUDGED (quick)"
    }

    enum Kind: String, Codable, Sendable {
        /// A speed ratio or throughput: reported only.
        case timing
        /// A limit on memory or buffering: a miss fails the run.
        case bound
    }

    var target: String
    var measured: String
    var verdict: Verdict
    var kind: Kind = .timing

    /// Whether this result fails the run.
    var failsRun: Bool { kind == .bound && verdict == .missed }
}
