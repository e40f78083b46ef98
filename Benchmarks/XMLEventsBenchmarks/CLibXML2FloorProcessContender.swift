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
        try Self.measure(path: try input.requireFile(for: id), itemName: input.itemName, for: id)
    }

    /// `clibxml2-floor` spawned on `path`, its counts read back, for the contender `id`.
    static func measure(path: String, itemName: String, for id: String) throws -> WorkloadMeasurement {
        let outcome = try ToolProcess.runSibling("clibxml2-floor", arguments: [itemName, path], for: id)
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
