import XMLCorpus

/// The command line: `xmlevents-benchmarks [--quick] [--json PATH] [--svg PATH] [...]`.
struct BenchmarkOptions {
    /// Small documents, one repetition: a smoke run that checks counts, for CI.
    var quick = false
    var jsonPath: String?
    var svgPath: String?
    /// Where to write the figures as the Markdown blocks of the documentation.
    var markdownPath: String?
    /// Rewrite the figures in README.md and the Performance and Concurrency articles, and the
    /// chart, in the package in the current directory.
    var updatesDocs = false
    /// Report a run saved with `--json` instead of running anything.
    var reportPath: String?
    var repetitions: Int?
    var shapes: [CorpusShape] = CorpusShape.allCases
    /// Document sizes of the comparison table, in bytes.
    var comparisonSizes: [Int]?
    /// Only these contenders in the comparison table (the floor and Foundation are kept, as
    /// the ratios need them).
    var contenderIDs: [String]?
    var runsComparison = true
    var runsScaling = true
    var runsBackpressure = true
    var runsResumption = true
    var runsConcurrency = true
    var runsDumps = true
    var runsEncodings = true
    /// Set in a child process: the run to do, as JSON.
    var childRequest: String?

    static let usage = """
        usage: xmlevents-benchmarks [--quick] [--json PATH] [--svg PATH] [--markdown PATH] [--update-docs]
                                    [--from-json PATH]
                                    [--repetitions N] [--shapes records,text,ns] [--sizes-mb 1,10,100]
                                    [--contenders ID,...] [--no-comparison] [--no-scaling] [--no-backpressure]
                                    [--no-resumption] [--no-concurrency] [--no-dumps] [--no-encodings]

          --quick           small documents, one repetition; checks counts and bounds, asserts no timing (CI)
          --json PATH       write every run and every summary row as JSON
          --svg PATH        write a grouped bar chart of MB per CPU-second per contender and shape
          --markdown PATH   write the figures as the documentation's Markdown blocks
          --update-docs     rewrite the figures in README.md and the Performance and Concurrency articles, and
                            the chart, of the XMLEvents package, from this run (needs a full run)
          --from-json PATH  run nothing: report, chart and write the figures of a run saved with --json
          --repetitions N   interleaved repetitions per document (default 5, quick 1; at most 3 below 100 MB
                            when 100 MB is run, and for scaling runs of 100 MB or more, 1 for those of 1 GB)
          --shapes LIST     corpus shapes for the comparison table (default all)
          --sizes-mb LIST   document sizes of the comparison table, in MB of 10^6 bytes (default 1,10,100)
          --contenders IDS  comparison contenders to run besides the C floor and Foundation
          --no-comparison   skip the contender comparison
          --no-scaling      skip the concurrent-stream and memory runs
          --no-backpressure skip the slow- and fast-consumer runs over loopback HTTP (one each of 100 MB, quick 10 MB)
          --no-resumption   skip the uncut and cut-ten-times runs over loopback HTTP (100 MB, quick 10 MB)
          --no-concurrency  skip the runs of 4 parses beside a 25 ms timer, then cancelled (100 MB, quick 10 MB)
          --no-dumps        skip xmlevents on gzip, bzip2, xz and zstd copies against a pipe from each tool (100 MB, quick 10 MB)
          --no-encodings    skip xmlevents and the C floor on ISO-8859-1 and UTF-16 copies of a document (100 MB, quick 10 MB)
        """

    static func parse(_ arguments: [String]) throws(BenchmarkError) -> BenchmarkOptions {
        var options = BenchmarkOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
            case "--json":
                options.jsonPath = try value(after: argument, in: &remaining)
            case "--svg":
                options.svgPath = try value(after: argument, in: &remaining)
            case "--markdown":
                options.markdownPath = try value(after: argument, in: &remaining)
            case "--update-docs":
                options.updatesDocs = true
            case "--from-json":
                options.reportPath = try value(after: argument, in: &remaining)
            case "--repetitions":
                let text = try value(after: argument, in: &remaining)
                guard let count = Int(text), count > 0 else { throw BenchmarkError.usage("bad repetitions '\(text)'") }
                options.repetitions = count
            case "--shapes":
                options.shapes = try list(after: argument, in: &remaining).map { name throws(BenchmarkError) in
                    guard let shape = CorpusShape(rawValue: name) else {
                        throw BenchmarkError.usage("unknown shape '\(name)'")
                    }
                    return shape
                }
            case "--sizes-mb":
                options.comparisonSizes = try list(after: argument, in: &remaining).map { text throws(BenchmarkError) in
                    guard let megabytes = Double(text), megabytes > 0 else {
                        throw BenchmarkError.usage("bad size '\(text)'")
                    }
                    return Int(megabytes * 1e6)
                }
            case "--contenders":
                options.contenderIDs = try list(after: argument, in: &remaining)
            case "--no-comparison":
                options.runsComparison = false
            case "--no-scaling":
                options.runsScaling = false
            case "--no-backpressure":
                options.runsBackpressure = false
            case "--no-resumption":
                options.runsResumption = false
            case "--no-concurrency":
                options.runsConcurrency = false
            case "--no-dumps":
                options.runsDumps = false
            case "--no-encodings":
                options.runsEncodings = false
            case "--child":
                options.childRequest = try value(after: argument, in: &remaining)
            case "--help", "-h":
                throw BenchmarkError.usage("")
            default:
                throw BenchmarkError.usage("unknown argument '\(argument)'")
            }
        }
        if options.updatesDocs, options.reportPath == nil, let problem = options.incompleteForDocs {
            throw BenchmarkError.usage("--update-docs needs every figure from one full run, but \(problem)")
        }
        return options
    }

    /// `arguments` without the options that only say where to write results: what made the run's
    /// figures, as the documentation quotes the command.
    static func runArguments(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if ["--json", "--svg", "--markdown", "--from-json"].contains(argument) {
                _ = remaining.popFirst()
            } else {
                kept.append(argument)
            }
        }
        return kept
    }

    /// Why this run could not give every figure of the documentation, or `nil` if it can.
    var incompleteForDocs: String? {
        if quick { return "--quick runs small documents only" }
        if !runsComparison || !runsScaling || !runsBackpressure || !runsConcurrency {
            return "a part of the run is skipped"
        }
        if contenderIDs != nil { return "--contenders leaves contenders out" }
        if Set(shapes) != Set(CorpusShape.allCases) { return "--shapes leaves shapes out" }
        if let sizes = comparisonSizes, !sizes.contains(BenchmarkPlan.documentedSize) {
            return "--sizes-mb leaves out the 100 MB the documentation quotes"
        }
        return nil
    }

    private static func value(
        after flag: String,
        in remaining: inout ArraySlice<String>
    ) throws(BenchmarkError) -> String {
        guard let value = remaining.popFirst() else { throw BenchmarkError.usage("\(flag) needs a value") }
        return value
    }

    private static func list(
        after flag: String,
        in remaining: inout ArraySlice<String>
    ) throws(BenchmarkError) -> [String] {
        try value(after: flag, in: &remaining).split(separator: ",").map(String.init)
    }
}
