import XMLEvents

/// `--format summary`: the statistics as a two-column table, a label per line, for a person to
/// read; numbers are grouped by thousands.
///
/// The source, the selection and the element names come from outside (the command line, the
/// document), so every label and value is escaped: a name cannot act on the terminal.
struct SummaryFormat {
    static let topNameCount = 20

    var source: String
    var statistics: SummaryStatistics
    /// The `--select` path as typed, if any.
    var selection: String?
    var reportsCDATA: Bool
    var byteCount: Int
    var elapsed: Duration
    /// Lines a caller adds at the end, such as the demo's backpressure figures.
    var extraRows: [(label: String, value: String)] = []

    func render() -> String {
        let numbers = Quantities.grouped
        var rows: [(label: String, value: String)] = [("source", source)]
        if let selection {
            let count = statistics.selectedSubtreeCount
            rows.append(("selected", "\(numbers(count)) \(count == 1 ? "subtree" : "subtrees") matching \(selection)"))
        }
        let names = statistics.elementCounts.count
        rows.append(("elements", "\(numbers(statistics.elementCount)) (\(numbers(names)) distinct names)"))
        rows.append(contentsOf: topNameRows())
        rows.append(("attributes", numbers(statistics.attributeCount)))
        rows.append(("namespace declarations", numbers(statistics.namespaceDeclarationCount)))
        rows.append(("text", "\(numbers(statistics.textByteCount)) bytes in \(numbers(statistics.textCount)) runs"))
        if reportsCDATA {
            rows.append(("CDATA sections", numbers(statistics.cdataCount)))
        }
        rows.append(("comments", numbers(statistics.commentCount)))
        rows.append(("processing instructions", numbers(statistics.processingInstructionCount)))
        // Shown when there are any: the text lacks what they stand for.
        if statistics.skippedEntityCount > 0 {
            rows.append(("skipped entities", numbers(statistics.skippedEntityCount)))
        }
        rows.append(("maximum depth", numbers(statistics.maximumDepth)))
        rows.append(("bytes read", "\(numbers(byteCount)) (\(Quantities.megabytes(byteCount)))"))
        rows.append(("elapsed", Quantities.elapsed(elapsed)))
        rows.append(("throughput", Quantities.throughput(byteCount, over: elapsed)))
        rows.append(contentsOf: extraRows)
        return Self.table(rows)
    }

    /// The most frequent names, indented under `elements`; a very long name is shortened so the
    /// table keeps its shape.
    private func topNameRows() -> [(label: String, value: String)] {
        statistics.topElementNames(Self.topNameCount).map { entry in
            let name = entry.name.count > 40 ? String(entry.name.prefix(39)) + "…" : entry.name
            return ("  " + name, Quantities.grouped(entry.count))
        }
    }

    private static func table(_ rows: [(label: String, value: String)]) -> String {
        let rows = rows.map { row in
            (label: XMLDiagnosticText.escaping(row.label), value: XMLDiagnosticText.escaping(row.value))
        }
        let width = rows.map(\.label.count).max() ?? 0
        var text = ""
        for row in rows {
            text += row.label + String(repeating: " ", count: width - row.label.count + 2) + row.value + "\n"
        }
        return text
    }
}
