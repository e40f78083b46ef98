import Foundation

/// The rows of a `--format summary` table by label, for tests to read numbers from.
struct SummaryRows {
    private var values: [String: String] = [:]

    /// Reads `label  value` lines: the label ends at the first run of two spaces. Element names,
    /// indented by two spaces, are labels too.
    init(_ text: String) {
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard let gap = trimmed.range(of: "  ") else { continue }
            let label = String(trimmed[..<gap.lowerBound])
            let value = trimmed[gap.upperBound...].drop { $0 == " " }
            if values[label] == nil { values[label] = String(value) }
        }
    }

    subscript(label: String) -> String? { values[label] }

    /// The leading number of a row, thousands separators removed.
    func number(_ label: String) -> Int? {
        guard let value = values[label] else { return nil }
        return Int(value.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
    }
}
