import Foundation

/// The benchmark executable: parses the command line, runs the plan in child processes, checks
/// the counts, and prints and writes the results. A child run short-circuits to
/// ``ChildEntryPoint``.
enum BenchmarkCommand {
    /// Exit status: 0 success, 1 a failed run or a count mismatch, 2 a usage error.
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
            try run(options)
            return 0
        } catch {
            printError("xmlevents-benchmarks FAILED: \(error)")
            return 1
        }
    }

    private static func run(_ options: BenchmarkOptions) throws {
        let started = ContinuousClock.now
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
        let targets =
            options.quick
            ? TargetEvaluation.evaluateUntimed(summary)
            : TargetEvaluation.evaluate(summary, coresForTwoTasks: output.coresForTwoTasks)
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
            try SVGChartWriter.render(summary.comparison, machine: machine)
                .write(toFile: path, atomically: true, encoding: .utf8)
            printError("wrote \(path)")
        }
        let elapsed = (ContinuousClock.now - started).seconds
        let total = String(format: "%.1f", elapsed)
        print("\nAll counts agreed across contenders and with the corpus metadata. Total time \(total) s.")
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
