import Foundation
import FoundationXML

/// Foundation's `XMLParser` reading the file as a stream, with a counting delegate.
///
/// `shouldProcessNamespaces` is on, so that element names are local names with their
/// namespace URI and `xmlns` declarations are not reported as attributes: the same model the
/// C floor and XMLEvents count in. (It also makes Foundation build a qualified-name string per
/// tag, which is its normal namespace-aware cost.)
///
/// Two known faults of Foundation on Linux are worked around, not hidden: it crashes on a
/// processing instruction without data, so it reads a same-length copy without one (see
/// ``FoundationCompatibleCopy``); and it loses part of the replacement text of user-defined
/// entities, which its counts declare (see ``WorkloadCounts/losesEntityText``).
struct FoundationXMLParserContender: Contender {
    let id = "foundation"
    let title = "Foundation XMLParser"
    let summary =
        "`XMLParser` reading the file as an `InputStream`, with `shouldProcessNamespaces` and a delegate that "
        + "counts."

    func prepare(file path: String) throws {
        try FoundationCompatibleCopy.prepare(path)
    }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let original = try input.requireFile(for: id)
        let copy = FoundationCompatibleCopy.copyPath(for: original)
        let path = FileManager.default.fileExists(atPath: copy) ? copy : original
        guard let stream = InputStream(fileAtPath: path) else {
            throw BenchmarkError.parseFailed(contender: id, detail: "cannot open \(path)")
        }
        let delegate = CountingParserDelegate(itemName: input.itemName)
        let stopwatch = Stopwatch()
        let parser = XMLParser(stream: stream)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        let succeeded = parser.parse()
        let elapsed = stopwatch.read()
        if let error = delegate.error ?? parser.parserError {
            throw BenchmarkError.parseFailed(contender: id, detail: "\(error)")
        }
        guard succeeded else {
            throw BenchmarkError.parseFailed(contender: id, detail: "parse() returned false for \(path)")
        }
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: delegate.finish())
    }
}
