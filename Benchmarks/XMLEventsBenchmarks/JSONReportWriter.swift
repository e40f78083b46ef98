import Foundation

/// Writes the report as JSON for `--json PATH`.
enum JSONReportWriter {
    static func write(_ report: BenchmarkReport, toPath path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // A one-sample spread is NaN, which JSON has no number for.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try encoder.encode(report).write(to: URL(fileURLWithPath: path))
    }
}
