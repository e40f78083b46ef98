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

    private static func run(_ options: BenchmarkOptions, arguments: [String]) throws {
        let started = ContinuousClock.now
        // Checked first, so that a run of many minutes does not end on files it cannot update.
        let docs = options.updatesDocs ? try DocumentationUpdate() : nil
        var machine = MachineDescription.current()
        let workspace = try CorpusWorkspace()
        defer { workspace.remove() }
        let runner = BenchmarkRunner(
            plan: BenchmarkPlan.make(options),
            children: try ChildProcessRunner(),
            workspace: workspace,
            quick: options.quick,
            log: printError
        )
        printError(machine.summaryLine)
        let baseline = try runner.baselineResidentBytes()
        let output = try runner.run()
        let records = output.records
        machine.loadAverageAtEnd = MachineDescription.loadAverage()

        let summary = ResultSummary(records: records)
        let targets = TargetEvaluation.evaluate(
            summary, records: records, coresForTwoTasks: output.coresForTwoTasks, quick: options.quick)
        print(
            TableWriter.render(
                machine: machine, baselineResidentBytes: baseline, summary: summary, targets: targets,
                coresForTwoTasks: output.coresForTwoTasks, notes: output.notes, quick: options.quick))
        if let path = options.jsonPath {
            let report = BenchmarkReport(
                machine: machine, quick: options.quick, baselineResidentBytes: baseline,
                comparison: summary.comparison, scaling: summary.scaling, backpressure: summary.backpressure,
                coresForTwoTasks: output.coresForTwoTasks,
                targets: targets, notes: output.notes,
                runs: records)
            try JSONReportWriter.write(report, toPath: path)
            printError("wrote \(path)")
        }
        if let path = options.svgPath {
            try write(SVGChartWriter.render(summary.comparison, machine: machine), to: path)
        }
        let figures = DocumentationFigures(
            machine: machine, summary: summary, targets: targets, records: records,
            command: ([runCommand] + arguments).joined(separator: " "))
        if let path = options.markdownPath {
            try write(figures.markdown, to: path)
        }
        if let docs {
            // The articles quote one size; the chart beside them shows that size only.
            let size = figures.quotedSize
            let chart = SVGChartWriter.render(summary.comparison, machine: machine, sizes: [size])
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

    /// How this build is run from the package's folder.
    private static var runCommand: String {
        #if DEBUG
            "swift run xmlevents-benchmarks"
        #else
            "swift run -c release xmlevents-benchmarks"
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
