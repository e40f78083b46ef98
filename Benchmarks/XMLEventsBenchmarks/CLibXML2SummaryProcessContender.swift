import Foundation

/// The work of `xmlevents --format summary` done in C (`clibxml2-floor --summary`: the counts by
/// kind, the deepest nesting, a count per element name, the ten most frequent printed), spawned
/// on the file: the fair baseline of ``XMLEventsCommandLineContender``, beside the floor as a
/// process.
struct CLibXML2SummaryProcessContender: Contender {
    let id = "c-summary-process"
    let title = "C doing the summary's work (process)"
    let summary =
        "`clibxml2-floor --summary`, spawned on the file: libxml2's push parser with callbacks in C that count what "
        + "`xmlevents --format summary` counts (by kind, per element name in a table keyed by libxml2's interned "
        + "names, the deepest nesting, text runs) and print it. Wall clock, process start included."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let outcome = try ToolProcess.runSibling(
            "clibxml2-floor", arguments: ["--summary", input.itemName, path], for: id)
        // `name value` pairs, then `element NAME COUNT` lines.
        var values: [String: Int] = [:]
        var names = 0
        for line in String(decoding: outcome.output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) { values[String(fields[0])] = value }
            if fields.count == 3, fields[0] == "element", Int(fields[2]) != nil { names += 1 }
        }
        guard let elements = values["elements"], let attributes = values["attributes"], let items = values["items"],
            let text = values["text_bytes"], let entityText = values["entity_text_bytes"],
            let distinct = values["distinct_names"], names == min(distinct, 10)
        else {
            throw BenchmarkError.parseFailed(
                contender: id, detail: "unreadable summary from clibxml2-floor --summary: \(values), \(names) names")
        }
        return WorkloadMeasurement(
            seconds: outcome.seconds, cpuSeconds: outcome.cpuSeconds,
            counts: WorkloadCounts(
                elements: elements, attributes: attributes, items: items, textBytes: text, entityTextBytes: entityText),
            peakResidentBytes: outcome.peakResidentBytes)
    }
}
