import Foundation

/// The root package's `xmlevents` command-line tool, which the parent builds when it starts (see
/// ``RootPackage/buildCommandLineTool()``), run as a process on the file
/// with `--format summary`: wall time from the spawn to the exit, process start included,
/// against ``CLibXML2FloorProcessContender``.
///
/// Its counts are read back from the summary it prints (elements, attributes, text bytes, and
/// the items when their name is among the most frequent), so a tool that skipped work fails the
/// run like any other contender.
struct XMLEventsCommandLineContender: Contender {
    /// `--jobs`, or `nil` for the tool's default (every core).
    var jobs: Int? = nil
    var id: String { jobs.map { "xmlevents-cli-\($0)-job" } ?? "xmlevents-cli" }
    var title: String {
        "xmlevents --format summary" + (jobs.map { " -j \($0)" } ?? "") + " (process)"
    }
    /// The summary lists the items only when their name is among the most frequent.
    let reportedCounts: Set<WorkloadCounts.Field> = [.elements, .attributes, .textBytes]
    var summary: String {
        "`xmlevents --format summary" + (jobs.map { " --jobs \($0)" } ?? "")
            + " FILE`, spawned; its counts are read back from the summary. Wall clock, process start included, "
            + "against the floor as a process."
    }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        try Self.measureSummary(
            of: try input.requireFile(for: id), options: jobs.map { ["--jobs", "\($0)"] } ?? [],
            itemName: input.itemName, for: id)
    }

    /// `xmlevents --format summary` with `options` spawned on `path`, its counts read back, for
    /// the contender `id`.
    static func measureSummary(
        of path: String, options: [String] = [], itemName: String, for id: String
    ) throws -> WorkloadMeasurement {
        let tool = try RootPackage.builtCommandLineTool()
        let arguments = ["--format", "summary", "--no-progress"] + options + [path]
        let outcome = try ToolProcess.run(tool, arguments: arguments)
        if let failure = outcome.failure {
            throw BenchmarkError.parseFailed(contender: id, detail: "\(tool) \(arguments) \(failure)")
        }
        let counts = try counts(in: String(decoding: outcome.output, as: UTF8.self), itemName: itemName)
        return WorkloadMeasurement(
            seconds: outcome.seconds, cpuSeconds: outcome.cpuSeconds, counts: counts,
            peakResidentBytes: outcome.peakResidentBytes)
    }

    /// The counts in a summary such as
    /// ```
    /// elements                 41,042 (12 distinct names)
    ///   record                 3,731
    /// attributes               2,187
    /// text                     1,234,567 bytes in 80,000 runs
    /// ```
    static func counts(in summary: String, itemName: String) throws(BenchmarkError) -> WorkloadCounts {
        var values: [String: Int] = [:]
        var items: Int?
        for line in summary.split(separator: "\n") {
            let indented = line.hasPrefix("  ")
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let number = Int(fields[1].filter { $0 != "," }) else { continue }
            if indented {
                if fields[0] == itemName { items = number }
            } else {
                values[String(fields[0])] = number
            }
        }
        guard let elements = values["elements"], let attributes = values["attributes"], let text = values["text"]
        else {
            throw BenchmarkError.parseFailed(
                contender: "xmlevents-cli", detail: "no elements, attributes and text in its summary:\n\(summary)")
        }
        return WorkloadCounts(elements: elements, attributes: attributes, items: items, textBytes: text)
    }
}
