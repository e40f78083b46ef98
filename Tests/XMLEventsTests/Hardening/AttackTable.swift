#if os(Linux)
    import Foundation

    /// Appends a Markdown row per attack to the file named by `XMLEVENTS_ATTACK_TABLE`, if set: how
    /// the table in SECURITY.md is made (`XMLEVENTS_ATTACK_TABLE=/tmp/t.md swift test --filter
    /// HardeningAttackCorpusTests`).
    enum AttackTable {
        static func append(_ report: AttackReport, exemptions: [String?]) {
            guard let path = ProcessInfo.processInfo.environment["XMLEVENTS_ATTACK_TABLE"] else { return }
            let result: String
            switch report.outcome {
            case .finished: result = "result: \(report.elements) elements, \(report.textBytes) text bytes"
            case .error: result = "error \(report.errorCode ?? 0): \(report.errorMessage ?? "")"
            case .foreignError: result = "FOREIGN ERROR \(report.errorMessage ?? "")"
            }
            let notes = exemptions.compactMap { $0 }.joined(separator: "; ")
            let cell = result.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
            let cells = [
                report.caseName, report.mode.rawValue, report.tier.rawValue, cell,
                String(format: "%.2f", report.cpuSeconds), String(format: "%.2f", report.wallSeconds),
                String(format: "%.1f", Double(report.peakResidentBytes) / 1_048_576),
                String(format: "%.1f", Double(report.peakResidentBytes - report.baselineResidentBytes) / 1_048_576),
                String(report.canaryRequests), report.secretSeen ? "LEAKED" : "none", notes,
            ]
            let row = "| " + cells.joined(separator: " | ") + " |\n"
            guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else { return }
            defer { try? handle.close() }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: Data(row.utf8))
        }

        private static func create(_ path: String) -> FileHandle? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }
    }
#endif
