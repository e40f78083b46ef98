import Foundation

/// Writes the report as JSON for `--json PATH`, and reads it back for `--from-json PATH`.
enum JSONReportWriter {
    static func read(fromPath path: String) throws -> BenchmarkReport {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(BenchmarkReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write(_ report: BenchmarkReport, toPath path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // A one-sample spread is NaN, which JSON has no number for.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        try encoder.encode(report).write(to: URL(fileURLWithPath: path))
    }
}
