import Foundation

/// The C floor as a process of its own (`clibxml2-floor`, built beside the benchmark): wall
/// time from the spawn to the exit, process start included, the baseline of the command-line
/// tool's target.
struct CLibXML2FloorProcessContender: Contender {
    let id = "c-floor-process"
    let title = "C floor (process)"
    let summary =
        "The C floor as an executable of its own (`clibxml2-floor`), spawned on the file: wall clock, process start "
        + "included."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let outcome = try ToolProcess.runSibling("clibxml2-floor", arguments: [input.itemName, path], for: id)
        // One `name value` pair per line.
        var values: [String: Int] = [:]
        for line in String(decoding: outcome.output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) { values[String(fields[0])] = value }
        }
        guard let elements = values["elements"], let attributes = values["attributes"], let items = values["items"],
            let text = values["text_bytes"], let entityText = values["entity_text_bytes"]
        else {
            throw BenchmarkError.parseFailed(contender: id, detail: "unreadable counts from clibxml2-floor: \(values)")
        }
        return WorkloadMeasurement(
            seconds: outcome.seconds, cpuSeconds: outcome.cpuSeconds,
            counts: WorkloadCounts(
                elements: elements, attributes: attributes, items: items, textBytes: text, entityTextBytes: entityText),
            peakResidentBytes: outcome.peakResidentBytes)
    }
}
