import Foundation

/// Runs one measurement in a fresh copy of this executable.
///
/// Each run gets a process of its own so that its peak RSS is its own: a peak is a high-water
/// mark, which one process can only raise. The child reads its own (VmHWM, in its report):
/// the kernel's `ru_maxrss` for an exec'd child is no good, because exec records the
/// high-water mark of the address space it replaces, which after a spawn is the parent's, and
/// `RUSAGE_CHILDREN` is moreover the largest of all children reaped so far.
struct ChildProcessRunner: Sendable {
    /// What the parent learns from one child.
    struct Outcome: Sendable {
        var report: ChildReport
        /// The child's peak RSS, as it read it just before reporting.
        var peakResidentBytes: Int
    }

    let executablePath: String
    /// Added to each child's environment: where the parent built the command-line tool, if it did.
    let environment: [String: String]

    /// Runs children of the executable of this process, telling them where `commandLineTool` is.
    init(commandLineTool: String?) throws(BenchmarkError) {
        executablePath = try ToolProcess.currentExecutablePath()
        environment = commandLineTool.map { [RootPackage.commandLineToolVariable: $0] } ?? [:]
    }

    /// Runs `request` in a child and returns its report; throws if the child fails in any way.
    func run(_ request: ChildRequest) throws -> Outcome {
        let json = try request.encoded()
        let outcome = try ToolProcess.run(executablePath, arguments: ["--child", json], environment: environment)
        if let failure = outcome.failure {
            throw BenchmarkError.childFailed(request: json, detail: failure)
        }
        let report: ChildReport
        do {
            report = try JSONDecoder().decode(ChildReport.self, from: outcome.output)
        } catch {
            throw BenchmarkError.childFailed(request: json, detail: "unreadable report: \(error)")
        }
        guard let peak = report.selfPeakResidentBytes else {
            throw BenchmarkError.childFailed(request: json, detail: "no peak RSS in the report (is /proc mounted?)")
        }
        return Outcome(report: report, peakResidentBytes: peak)
    }
}
