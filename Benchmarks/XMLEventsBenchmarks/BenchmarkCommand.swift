import Foundation

/// The benchmark executable: parses the command line, runs the plan in child processes, checks
/// the counts, and prints and writes the results. A child run short-circuits to
/// ``ChildEntryPoint``.
enum BenchmarkCommand {
    /// Exit status: 0 success; 1 a failed run, a count mismatch or a missed bound; 2 a usage
    /// error.
    static func main(_ arguments: [String]) async -> Int32 {
        let options: BenchmarkOptions
        do {
            options = try BenchmarkOptions.parse(arguments)
        } catch {
            if case .usage(let message) = error, !message.isEmpty { printError(message) }
            printError(BenchmarkOptions.usage)
            return 2
        }
        if let request = options.childRequest {
            return await ChildEntryPoint.run(requestJSON: request)
        }
        do {
            try run(options, arguments: arguments)
            return 0
        } catch {
            printError("xmlevents-benchmarks FAILED: \(error)")
            return 1
        }
    }

    /// What the report is made from: a run now, or one saved with `--json`.
    private struct RunResult {
        var machine: MachineDescription
        var quick: Bool
        var baselineResidentBytes: Int?
        var records: [RunRecord]
        var notes: [String]
        var coresForTwoTasks: [Double]
        var command: String
    }

    private static func run(_ options: BenchmarkOptions, arguments: [String]) throws {
        let started = ContinuousClock.now
        // Checked first, so that a run of many minutes does not end on files it cannot update.
        let docs = options.updatesDocs ? try DocumentationUpdate() : nil
        let result = try options.reportPath.map(load) ?? measure(options, arguments: arguments)
        let records = result.records
        let summary = ResultSummary(records: records)
        let targets = TargetEvaluation.evaluate(
            summary, records: records, coresForTwoTasks: result.coresForTwoTasks, quick: result.quick)
        print(
            TableWriter.render(
                machine: result.machine, baselineResidentBytes: result.baselineResidentBytes, summary: summary,
                targets: targets, coresForTwoTasks: result.coresForTwoTasks, notes: result.notes, quick: result.quick))
        if let path = options.jsonPath {
            let report = BenchmarkReport(
                machine: result.machine, quick: result.quick, command: result.command,
                baselineResidentBytes: result.baselineResidentBytes,
                comparison: summary.comparison, scaling: summary.scaling, backpressure: summary.backpressure,
                resumption: summary.resumption, mainActor: summary.mainActor, concurrency: summary.concurrency,
                dumps: summary.dumps, encodings: summary.encodings,
                coresForTwoTasks: result.coresForTwoTasks,
                targets: targets, notes: result.notes,
                runs: records)
            try JSONReportWriter.write(report, toPath: path)
            printError("wrote \(path)")
        }
        if let path = options.svgPath {
            try write(SVGChartWriter.render(summary.comparison, machine: result.machine), to: path)
        }
        let figures = DocumentationFigures(
            machine: result.machine, summary: summary, targets: targets, records: records, command: result.command)
        if let path = options.markdownPath {
            try write(figures.markdown, to: path)
        }
        if let docs {
            if let problem = figures.incompleteness(quick: result.quick) {
                throw BenchmarkError.usage("--update-docs needs every figure from one full run, but \(problem)")
            }
            // The articles quote one size; the chart beside them shows that size only.
            let chart = SVGChartWriter.render(summary.comparison, machine: result.machine, sizes: [figures.quotedSize])
            for path in try docs.apply(figures, chart: chart) { printError("wrote \(path)") }
        }
        let elapsed = (ContinuousClock.now - started).seconds
        let total = String(format: "%.1f", elapsed)
        print("\nAll counts agreed across contenders and with the reference. Total time \(total) s.")
        let missed = targets.filter(\.failsRun)
        if !missed.isEmpty {
            throw BenchmarkError.boundMissed(missed.map { "\($0.target): \($0.measured)" })
        }
    }

    /// Runs the plan in child processes, checking every run's counts.
    private static func measure(_ options: BenchmarkOptions, arguments: [String]) throws -> RunResult {
        var machine = MachineDescription.current()
        let workspace = try CorpusWorkspace()
        defer { workspace.remove() }
        let plan = BenchmarkPlan.make(options)
        // The command-line contender and the dumps and encodings tables spawn the tool.
        let toolIDs = Set(
            [XMLEventsCommandLineContender().id] + ContenderRoster.dumps.map(\.id) + ContenderRoster.encodings.map(\.id)
        )
        let timesTool = plan.groups.contains { $0.lanes.contains { toolIDs.contains($0.contender) } }
        if timesTool { printError("building the command-line tool xmlevents of the XMLEvents package") }
        let runner = BenchmarkRunner(
            plan: plan,
            children: try ChildProcessRunner(commandLineTool: timesTool ? RootPackage.buildCommandLineTool() : nil),
            workspace: workspace,
            quick: options.quick,
            log: printError
        )
        printError(machine.summaryLine)
        let baseline = try runner.baselineResidentBytes()
        let output = try runner.run()
        machine.loadAverageAtEnd = MachineDescription.loadAverage()
        return RunResult(
            machine: machine, quick: options.quick, baselineResidentBytes: baseline, records: output.records,
            notes: output.notes, coresForTwoTasks: output.coresForTwoTasks,
            command: ([runCommand] + BenchmarkOptions.runArguments(arguments)).joined(separator: " "))
    }

    /// A run saved with `--json`, whose counts were checked when it was made.
    private static func load(_ path: String) throws -> RunResult {
        let report = try JSONReportWriter.read(fromPath: path)
        guard let command = report.command else {
            throw BenchmarkError.io("\(path) does not say what command made it (a report from an older benchmark)")
        }
        printError("figures from \(path), a run of \(report.machine.date)")
        return RunResult(
            machine: report.machine, quick: report.quick, baselineResidentBytes: report.baselineResidentBytes,
            records: report.runs, notes: report.notes, coresForTwoTasks: report.coresForTwoTasks, command: command)
    }

    /// How this build is run from the XMLEvents package's folder.
    private static var runCommand: String {
        #if DEBUG
            "swift run --package-path Benchmarks xmlevents-benchmarks"
        #else
            "swift run -c release --package-path Benchmarks xmlevents-benchmarks"
        #endif
    }

    private static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        printError("wrote \(path)")
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
