/// Everything that makes a benchmark run fail loudly.
enum BenchmarkError: Error, CustomStringConvertible {
    case usage(String)
    case unknownContender(String)
    case unsupportedSource(contender: String, source: String)
    case parseFailed(contender: String, detail: String)
    case streamsDisagree(contender: String, counts: [WorkloadCounts])
    case countMismatch(String)
    case childFailed(request: String, detail: String)
    case io(String)
    /// Bounds (memory, buffering) the run measured and found exceeded.
    case boundMissed([String])

    var description: String {
        switch self {
        case .usage(let message):
            "usage: \(message)"
        case .unknownContender(let id):
            "unknown contender '\(id)'"
        case .unsupportedSource(let contender, let source):
            "contender '\(contender)' cannot read from a \(source) source"
        case .parseFailed(let contender, let detail):
            "\(contender) failed to parse: \(detail)"
        case .streamsDisagree(let contender, let counts):
            "\(contender): concurrent streams over the same document counted differently: \(counts)"
        case .countMismatch(let message):
            "COUNT MISMATCH: \(message)"
        case .childFailed(let request, let detail):
            "child run failed (\(detail)) for request \(request)"
        case .io(let message):
            message
        case .boundMissed(let targets):
            "BOUND MISSED: " + targets.joined(separator: "; ")
        }
    }
}
