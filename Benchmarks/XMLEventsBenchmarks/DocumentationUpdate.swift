import Foundation

/// `--update-docs`: rewrites the generated blocks of README.md and the Performance and
/// Concurrency articles and the chart, in the XMLEvents package (``RootPackage``), from one run's
/// figures.
struct DocumentationUpdate {
    let root: URL

    static let readmePath = "README.md"
    static let performancePath = "Sources/XMLEvents/XMLEvents.docc/Performance.md"
    static let concurrencyPath = "Sources/XMLEvents/XMLEvents.docc/Concurrency.md"
    static let chartPath = "Sources/XMLEvents/XMLEvents.docc/Resources/performance.svg"

    /// The XMLEvents package, once it has every file and marker to rewrite, so that a run of many
    /// minutes does not end on a file it cannot update.
    init() throws(BenchmarkError) {
        root = try RootPackage.folder()
        for (path, blocks) in [
            (Self.readmePath, DocumentationFigures.readmeBlocks),
            (Self.performancePath, DocumentationFigures.performanceBlocks),
            (Self.concurrencyPath, DocumentationFigures.concurrencyBlocks),
        ] {
            let text = try read(path)
            let missing = MarkedBlocks.missing(blocks, in: text)
            guard missing.isEmpty else {
                throw BenchmarkError.io(
                    "\(path): no single pair of markers for \(missing.joined(separator: ", ")) "
                        + "(\(MarkedBlocks.begin(missing[0])) … \(MarkedBlocks.end(missing[0])))")
            }
        }
        guard FileManager.default.fileExists(atPath: url(Self.chartPath).path) else {
            throw BenchmarkError.io("no \(Self.chartPath) in \(root.path)")
        }
    }

    /// Writes `figures` into the three files and `chart` (SVG) over the Performance article's
    /// chart.
    func apply(_ figures: DocumentationFigures, chart: String) throws(BenchmarkError) -> [String] {
        try rewrite(Self.readmePath, figures.readme)
        try rewrite(Self.performancePath, figures.performance)
        try rewrite(Self.concurrencyPath, figures.concurrency)
        try write(chart, to: Self.chartPath)
        return [Self.readmePath, Self.performancePath, Self.concurrencyPath, Self.chartPath]
    }

    private func rewrite(_ path: String, _ blocks: [String: String]) throws(BenchmarkError) {
        try write(MarkedBlocks.replacing(blocks, in: read(path), file: path), to: path)
    }

    private func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    private func read(_ path: String) throws(BenchmarkError) -> String {
        guard let text = try? String(contentsOf: url(path), encoding: .utf8) else {
            throw BenchmarkError.io("cannot read \(path) in \(root.path)")
        }
        return text
    }

    private func write(_ text: String, to path: String) throws(BenchmarkError) {
        do {
            try text.write(to: url(path), atomically: true, encoding: .utf8)
        } catch {
            throw BenchmarkError.io("cannot write \(path): \(error)")
        }
    }
}
