import Foundation

/// The figures of one run as the Markdown blocks of README.md and the Performance and
/// Concurrency articles (see ``MarkedBlocks``), so that every figure the documentation quotes
/// comes from the run that drew its chart.
struct DocumentationFigures {
    let machine: MachineDescription
    let summary: ResultSummary
    let targets: [TargetResult]
    let records: [RunRecord]
    /// The command that made the run, as a reader would type it.
    let command: String

    /// README.md's blocks by name.
    var readme: [String: String] {
        var blocks = ["benchmark-figures": readmeFigures]
        if let speed = readmeSpeedRow { blocks["benchmark-speed"] = speed }
        if let memory = gigabytePeak { blocks["benchmark-memory"] = memory }
        return blocks
    }

    /// The Performance article's blocks by name.
    var performance: [String: String] {
        ["benchmark-contenders": contenderTable, "benchmark-figures": performanceFigures]
    }

    /// The Concurrency article's blocks by name.
    var concurrency: [String: String] {
        ["concurrency-figures": concurrencyFigures]
    }

    /// Every block, headed by its file and name: what `--markdown PATH` writes.
    var markdown: String {
        var parts: [String] = []
        let files = [("README.md", readme), ("Performance.md", performance), ("Concurrency.md", concurrency)]
        for (file, blocks) in files {
            for (name, content) in blocks.sorted(by: { $0.key < $1.key }) {
                parts.append("<!-- \(file): \(name) -->\n\(content)\n")
            }
        }
        return parts.joined(separator: "\n")
    }

    static let readmeBlocks = ["benchmark-speed", "benchmark-memory", "benchmark-figures"]
    static let performanceBlocks = ["benchmark-contenders", "benchmark-figures"]
    static let concurrencyBlocks = ["concurrency-figures"]

    // MARK: README

    /// The cells of the README's comparison with Foundation, after "Speed".
    private var readmeSpeedRow: String? {
        guard let owned = ratios("xmlevents-scan", \.cpuSpeedVersusFoundation, unit: "×"),
            let visitor = ratios("xmlevents-visit", \.cpuSpeedVersusFoundation, unit: "×")
        else { return nil }
        return "Speed, CPU time, \(sizeLabel) documents (records / text / ns) | **\(owned)** Foundation "
            + "(`for try await`); **\(visitor)** (visitor)"
    }

    /// The peak RSS of the 1 GB generator run, as the README's sentence quotes it.
    private var gigabytePeak: String? {
        summary.scaling.first { $0.source == "generator" && $0.streams == 1 && $0.byteCount >= 1_000_000_000 }
            .map { ByteFormat.memory($0.peakResidentBytes) }
    }

    private var readmeFigures: String {
        var lines = [
            "![XMLEvents benchmarks: MB per CPU-second for each contender on \(sizeLabel) documents]"
                + "(Sources/XMLEvents/XMLEvents.docc/Resources/performance.svg)",
            "",
            "Measured with `\(command)` on \(machineLabel), \(loadLabel). CPU-time ratios at \(sizeLabel), "
                + "median of \(repetitionsLabel) (records / text / ns):",
            "",
            "| | × C floor (CPU) | × Foundation (CPU) |",
            "| --- | --- | --- |",
        ]
        for id in ["xmlevents-visit", "xmlevents-scan", "xmlevents-materialize", "xmlevents-decode"] {
            guard let floor = ratios(id, \.cpuSpeedVersusFloor) else { continue }
            lines.append(
                "| \(PairedRatios.title(id)) | \(floor) | \(ratios(id, \.cpuSpeedVersusFoundation) ?? "-") |")
        }
        let judged = targets.filter { $0.verdict == .met || $0.verdict == .missed }
        let timings = judged.filter { $0.kind == .timing }
        let bounds = judged.filter { $0.kind == .bound }
        if let mixed = pairRatios(0), let transform = pairRatios(1) {
            lines += [
                "",
                "One `decode(matching:) { record in … }` pass over two record types runs at \(mixed) two passes of "
                    + "`decode(_:matching:)`; `removingElements(matching:)` written with `XMLWriter.write(_:toPath:)` at "
                    + "\(transform) the same transform as a hand-written loop (CPU time).",
            ]
        }
        lines += [
            "",
            "`xmlevents --format summary` runs at \(commandLineRatios) the C floor run as a process (wall clock, "
                + "process start included). Of the timing targets, \(timings.filter { $0.verdict == .met }.count) of "
                + "\(timings.count) are met; of the memory and buffering bounds, "
                + "\(bounds.filter { $0.verdict == .met }.count) of \(bounds.count). The "
                + "[Performance article](Sources/XMLEvents/XMLEvents.docc/Performance.md) has the method, every "
                + "contender, the spread of each ratio, and every target with its figure.",
        ]
        return Self.wrapped(lines)
    }

    /// The command-line tool against the floor as a process, wall clock, over the three shapes.
    private var commandLineRatios: String {
        let ratios = PairedRatios(records: records.filter { $0.kind == .comparison })
        return shapes.map { shape in
            ratios.ratios("xmlevents-cli", versus: "c-floor-process", on: shape, time: .wall)
                .first { $0.byteCount == size }
                .map { String(format: "%.2f×", $0.median) } ?? "-"
        }
        .joined(separator: " / ")
    }

    /// "1.62× / 1.85× / 1.70×": the median CPU-time ratio of `ContenderRoster.pairs[index]` over
    /// the three shapes, or `nil` if the run had none of it.
    private func pairRatios(_ index: Int) -> String? {
        let pair = ContenderRoster.pairs[index]
        let ratios = PairedRatios(records: records.filter { $0.kind == .comparison })
        let values = shapes.map { shape in
            ratios.ratios(pair.contender, versus: pair.baseline, on: shape, time: .cpu).first { $0.byteCount == size }
        }
        guard values.contains(where: { $0 != nil }) else { return nil }
        return values.map { $0.map { String(format: "%.2f×", $0.median) } ?? "-" }.joined(separator: " / ")
    }

    // MARK: Performance article

    private var contenderTable: String {
        var lines = ["| Contender | What it measures |", "| --- | --- |"]
        for contender in ContenderRoster.comparison {
            lines.append("| \(contender.title) | \(contender.summary) |")
        }
        return lines.joined(separator: "\n")
    }

    private var performanceFigures: String {
        var lines = [
            "![Bar chart of MB per CPU-second for the C floor, Foundation's XMLParser and XMLEvents' visitor scan, "
                + "owned scan, materialize and decode on \(sizeLabel) documents of the three shapes, records, text and "
                + "ns.](performance.svg)",
            "",
            "Measured with `\(command)` on \(machineLabel), \(loadLabel). \(sizeLabel) documents, "
                + "\(repetitionsLabel); each ratio is taken within a repetition (the contenders ran back to back), "
                + "then the median over repetitions, with its spread in parentheses: (max − min) / median of the "
                + "repetitions' ratios. CPU time is the process's, over the timed region.",
            "",
            "| Contender | ×C floor (CPU) records | text | ns | ×Foundation (CPU) records | text | ns "
                + "| MB/CPU-s records | text | ns |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for contender in ContenderRoster.comparison {
            let rows = shapes.map { row(contender.id, $0) }
            guard rows.contains(where: { $0 != nil }) else { continue }
            // A baseline's ratio to itself is 1 in every repetition: no spread to show.
            let isFloor = contender.id == ContenderRoster.floorID
            let isFoundation = contender.id == ContenderRoster.foundationID
            let floor = rows.map {
                cell($0?.cpuSpeedVersusFloor, spread: isFloor ? nil : $0?.cpuSpeedVersusFloorSpread)
            }
            let foundation = rows.map {
                cell($0?.cpuSpeedVersusFoundation, spread: isFoundation ? nil : $0?.cpuSpeedVersusFoundationSpread)
            }
            let rates = rows.map { $0.map { String(format: "%.0f", $0.megabytesPerCPUSecond) } ?? "-" }
            lines.append("| \(contender.title) | " + (floor + foundation + rates).joined(separator: " | ") + " |")
        }
        lines += pairFigures
        lines += [
            "",
            "The process rows time a spawned executable from the spawn to the exit, process start included, with "
                + "that process's own CPU time; their target below compares the command-line tool's wall clock with "
                + "the floor's run as a process. Targets (timings reported; bounds enforced, a missed bound fails the "
                + "run):",
            "",
            "| Target | Measured | Verdict |",
            "| --- | --- | --- |",
        ]
        for target in targets {
            lines.append("| \(escape(target.target)) | \(escape(target.measured)) | \(verdict(target)) |")
        }
        return Self.wrapped(lines)
    }

    /// The pairs that time one job two ways (see ``ContenderRoster/pairs``), each contender against
    /// its baseline, CPU time, with the spread; nothing if the run had none.
    private var pairFigures: [String] {
        let ratios = PairedRatios(records: records.filter { $0.kind == .comparison })
        var rows: [String] = []
        for pair in ContenderRoster.pairs {
            let cells = shapes.map { shape in
                ratios.ratios(pair.contender, versus: pair.baseline, on: shape, time: .cpu)
                    .first { $0.byteCount == size }
                    .map { cell($0.median, spread: $0.spread) } ?? "-"
            }
            guard cells.contains(where: { $0 != "-" }) else { continue }
            rows.append(
                "| \(PairedRatios.title(pair.contender)) | \(PairedRatios.title(pair.baseline)) | "
                    + cells.joined(separator: " | ") + " |")
        }
        guard !rows.isEmpty else { return [] }
        return [
            "",
            "One job done two ways, the same files: the first contender's speed against the second's (CPU time, the "
                + "ratio within each repetition, median, spread in parentheses).",
            "",
            "| Contender | Against | records | text | ns |",
            "| --- | --- | --- | --- | --- |",
        ] + rows
    }

    // MARK: Concurrency article

    private var concurrencyFigures: String {
        var lines: [String] = [
            "Measured with `\(command)` on \(machineLabel), \(loadLabel)."
        ]
        let timerRows = summary.concurrency.filter { $0.byteCount == concurrencySize }
        if let first = timerRows.first {
            let period = TimeFormat.wholeMilliseconds(XMLEventsConcurrencyContender.period)
            let runs = timerRows.map(\.repetitions).reduce(0, +)
            let early = timerRows.map(\.runsStoppedEarly).reduce(0, +)
            let sooner =
                early == 0
                ? "" : " (sooner, at once, in the \(early) of \(runs) runs where a parse was three quarters through)"
            lines += [
                "",
                "\(first.parses) parses of the same \(ByteFormat.size(first.byteCount)) records file "
                    + "(`XMLEvents(path:)`, nonisolated) in a task group, beside a task that sleeps \(period) at a "
                    + "time; after \(XMLEventsConcurrencyContender.wakeUps) wake-ups\(sooner) the group's `cancelAll()` "
                    + "ends them, each with `CancellationError`. Late is a wake-up's time minus the time it was due: the "
                    + "worst of every run, and the median of the runs' medians. Cancel is from `cancelAll()` to the "
                    + "end of the last parse. \(runsLabel(first.repetitions)); the process had "
                    + "\(first.activeProcessorsLabel) active cores.",
                "",
                "| Parses | Timer wake-ups | Worst lateness | Median lateness | Cancel (worst) | Cancel (median) |",
                "| --- | --- | --- | --- | --- | --- |",
            ]
            for row in timerRows {
                lines.append(
                    "| \(row.title) | \(row.wakeUps) | \(TimeFormat.milliseconds(row.worstLatenessSeconds)) | "
                        + "\(TimeFormat.milliseconds(row.medianLatenessSeconds)) | "
                        + "\(TimeFormat.milliseconds(row.worstCancelSeconds)) | "
                        + "\(TimeFormat.milliseconds(row.medianCancelSeconds)) |")
            }
        }
        let mainActorRows = summary.mainActor.filter { $0.byteCount == size }
        if let first = mainActorRows.first {
            lines += [
                "",
                "The owned scan's `for try await` loop over `XMLEvents(path:)` in a `@MainActor` function, the main "
                    + "actor on the process's main thread, against the same loop nonisolated, "
                    + "\(ByteFormat.size(first.byteCount)) documents, \(runsLabel(first.repetitions)) (interleaved; "
                    + "ratios taken within each, then the median). Busy is the longest gap between two wake-ups of "
                    + "a main-actor task that sleeps 1 ms at a time; main thread is the main thread's CPU time over "
                    + "the process's during the loop.",
                "",
                "| Shape | × nonisolated (CPU) | × nonisolated (wall) | MB/s | Main actor busy (longest) "
                    + "| Main thread (largest) |",
                "| --- | --- | --- | --- | --- | --- |",
            ]
            for row in mainActorRows {
                lines.append(
                    "| \(row.shape) | \(format(row.cpuSpeedVersusNonisolated)) | "
                        + "\(format(row.speedVersusNonisolated)) | \(String(format: "%.0f", row.megabytesPerSecond)) | "
                        + "\(TimeFormat.milliseconds(row.longestBusySeconds)) | "
                        + "\(String(format: "%.0f%%", 100 * row.largestMainThreadShare)) |")
            }
        }
        let names = Set(TargetEvaluation.concurrency(summary, records: records).map(\.target))
        lines += ["", "| Target | Measured | Verdict |", "| --- | --- | --- |"]
        for target in targets where names.contains(target.target) {
            lines.append("| \(escape(target.target)) | \(escape(target.measured)) | \(verdict(target)) |")
        }
        return Self.wrapped(lines)
    }

    /// The size of the concurrency runs the article quotes: 100 MB, or the largest measured.
    private var concurrencySize: Int {
        let sizes = Set(summary.concurrency.map(\.byteCount))
        return sizes.contains(BenchmarkPlan.documentedSize) ? BenchmarkPlan.documentedSize : sizes.max() ?? 0
    }

    private func runsLabel(_ count: Int) -> String {
        count == 1 ? "1 run" : "\(count) runs"
    }

    private func format(_ value: Double?) -> String {
        value.map { String(format: "%.2f", $0) } ?? "-"
    }

    /// Why these figures are not those of a full run, or `nil` if they are.
    func incompleteness(quick: Bool) -> String? {
        if quick { return "the run was a quick one" }
        let size = BenchmarkPlan.documentedSize
        let quoted = summary.comparison.filter { $0.byteCount == size }
        let pairIDs = ContenderRoster.pairs.flatMap { [$0.contender, $0.baseline] }
        for id in SVGChartWriter.chartedIDs + ["xmlevents-cli", "c-floor-process"] + pairIDs {
            for shape in shapes where !quoted.contains(where: { $0.contender == id && $0.shape == shape }) {
                return "it has no \(PairedRatios.title(id)) on \(shape) at \(ByteFormat.size(size))"
            }
        }
        if gigabytePeak == nil { return "it has no 1 GB memory run" }
        if summary.backpressure.isEmpty { return "it has no backpressure run" }
        if !summary.mainActor.contains(where: { $0.byteCount == size && $0.shape == "records" }) {
            return "it has no \(PairedRatios.title(ContenderRoster.mainActorScanID)) on records at "
                + ByteFormat.size(size)
        }
        for contender in ContenderRoster.concurrency
        where !summary.concurrency.contains(where: { $0.contender == contender.id && $0.byteCount == size }) {
            return "it has no concurrency run of \(contender.title) at \(ByteFormat.size(size))"
        }
        return nil
    }

    // MARK: Helpers

    private let shapes = ["records", "text", "ns"]

    /// The size the figures are quoted at: 100 MB, or the largest the run measured.
    var quotedSize: Int { size }

    private var size: Int {
        let sizes = Set(summary.comparison.map(\.byteCount))
        return sizes.contains(BenchmarkPlan.documentedSize) ? BenchmarkPlan.documentedSize : sizes.max() ?? 0
    }

    private var sizeLabel: String { ByteFormat.size(size) }

    private var repetitionsLabel: String {
        let counts = Set(summary.comparison.filter { $0.byteCount == size }.map(\.repetitions)).sorted()
        let count = counts.map(String.init).joined(separator: " to ")
        return "\(count) interleaved \(counts == [1] ? "repetition" : "repetitions")"
    }

    private var machineLabel: String {
        "**\(machine.cpuModel), \(machine.logicalCores) logical cores, Linux \(machine.kernel), libxml2 "
            + "\(machine.libxml2), Swift \(machine.swift)**, \(machine.date.prefix(10))"
    }

    private var loadLabel: String {
        let load = [machine.loadAverageAtStart, machine.loadAverageAtEnd].map {
            $0.map { String(format: "%.2f", $0) } ?? "?"
        }
        return "a machine shared with other work (load average \(load[0]) at the start, \(load[1]) at the end)"
    }

    private func row(_ contender: String, _ shape: String) -> ComparisonRow? {
        summary.comparison.first { $0.contender == contender && $0.shape == shape && $0.byteCount == size }
    }

    /// "0.62 / 0.71 / 0.64" over the three shapes (with `unit` after each), or `nil` if the
    /// contender was not measured.
    private func ratios(_ contender: String, _ value: KeyPath<ComparisonRow, Double?>, unit: String = "") -> String? {
        let values = shapes.map { row(contender, $0)?[keyPath: value] }
        guard values.contains(where: { $0 != nil }) else { return nil }
        return values.map { $0.map { String(format: "%.2f", $0) + unit } ?? "-" }.joined(separator: " / ")
    }

    private func cell(_ value: Double?, spread: Double?) -> String {
        guard let value else { return "-" }
        let text = String(format: "%.2f", value)
        guard let spread, !spread.isNaN else { return text }
        return text + String(format: " (%.0f%%)", spread * 100)
    }

    /// `lines` with every prose line wrapped at 100 columns, as the documentation is written;
    /// table rows, images and code spans are kept whole.
    private static func wrapped(_ lines: [String]) -> String {
        lines.flatMap { line -> [String] in
            guard !line.hasPrefix("|"), !line.hasPrefix("!["), line.count > 100 else { return [line] }
            var words: [String] = []
            for word in line.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                // A code span stays on one line: join words while one is open.
                if let last = words.last, last.filter({ $0 == "`" }).count % 2 == 1 {
                    words[words.count - 1] = last + " " + word
                } else {
                    words.append(word)
                }
            }
            var result: [String] = []
            var current = ""
            for word in words {
                if !current.isEmpty, current.count + 1 + word.count > 100 {
                    result.append(current)
                    current = word
                } else {
                    current = current.isEmpty ? word : current + " " + word
                }
            }
            return result + [current]
        }
        .joined(separator: "\n")
    }

    private func verdict(_ target: TargetResult) -> String {
        switch target.verdict {
        case .met: "met"
        case .missed: "**missed**"
        case .notMeasured: "not measured"
        case .notJudged: "not judged (quick run)"
        }
    }

    /// Keeps a table cell one cell: a `|` in the text would start another.
    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
