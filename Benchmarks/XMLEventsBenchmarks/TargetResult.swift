/// One performance target of the issue, as measured: reported, never asserted.
struct TargetResult: Codable, Sendable {
    enum Verdict: String, Codable, Sendable {
        case met = "MET"
        case missed = "MISSED"
        case notMeasured = "NOT MEASURED"
    }

    var target: String
    var measured: String
    var verdict: Verdict
}
