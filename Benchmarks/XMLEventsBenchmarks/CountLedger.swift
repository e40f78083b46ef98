import XMLCorpus

/// Checks that every contender counted the same things in the same document, and that those
/// counts are the generator's.
///
/// Elements, attributes and items are known exactly from the corpus metadata. Text bytes are
/// not (the generator does not count character data after entity expansion), so the first
/// contender to report them for a document sets the value the others must match. A contender
/// that declares it loses entity text (see ``WorkloadCounts/losesEntityText``) is held to a
/// range instead, once the document's runs are all in.
struct CountLedger {
    private struct Entry {
        var value: Int
        var source: String
    }

    private struct Key: Hashable {
        var document: CorpusDocument
        var field: String
    }

    private struct LossyText {
        var document: CorpusDocument
        var value: Int
        var source: String
    }

    private var entries: [Key: Entry] = [:]
    private var lossyText: [LossyText] = []
    /// Deviations that were checked and accepted, for the report.
    private(set) var notes: [String] = []

    /// Records the generator's own counts for `document`.
    mutating func expect(_ metadata: CorpusMetadata, for document: CorpusDocument) throws(BenchmarkError) {
        let expected = WorkloadCounts(
            elements: metadata.elementCount,
            attributes: metadata.attributeCount,
            items: metadata.itemCount
        )
        try check(expected, for: document, reportedBy: "corpus metadata")
    }

    /// Checks `counts` against everything recorded for `document`, then records them.
    mutating func check(
        _ counts: WorkloadCounts,
        for document: CorpusDocument,
        reportedBy source: String
    ) throws(BenchmarkError) {
        let lossy = counts.losesEntityText == true
        let fields: [(String, Int?)] = [
            ("start elements", counts.elements),
            ("attributes", counts.attributes),
            ("items", counts.items),
            ("text bytes", lossy ? nil : counts.textBytes),
            ("entity text bytes", counts.entityTextBytes),
        ]
        for (field, value) in fields {
            guard let value else { continue }
            try record(value, field, for: document, reportedBy: source)
        }
        if lossy, let text = counts.textBytes {
            lossyText.append(LossyText(document: document, value: text, source: source))
        }
    }

    /// Checks the lossy text counts of `document` once every contender has reported.
    mutating func finish(_ document: CorpusDocument) throws(BenchmarkError) {
        let pending = lossyText.filter { $0.document == document }
        lossyText.removeAll { $0.document == document }
        for report in pending {
            // Deterministic loss: every repetition loses the same bytes.
            try record(report.value, "text bytes (\(report.source))", for: document, reportedBy: report.source)
            guard let exact = entries[Key(document: document, field: "text bytes")],
                let entity = entries[Key(document: document, field: "entity text bytes")]
            else {
                throw BenchmarkError.countMismatch(
                    "\(report.source) loses entity text, but no contender reported the exact text and entity "
                        + "text of \(describe(document)) to check it against")
            }
            let lowest = exact.value - entity.value
            guard (lowest...exact.value).contains(report.value) else {
                throw BenchmarkError.countMismatch(
                    "text bytes in \(describe(document)): \(exact.source) counted \(exact.value), of which "
                        + "\(entity.value) from entities; \(report.source) counted \(report.value), outside "
                        + "\(lowest)...\(exact.value)")
            }
            if report.value < exact.value {
                let note =
                    "\(report.source) on \(describe(document)): \(exact.value - report.value) of the "
                    + "\(entity.value) bytes of entity replacement text missing from its text (accepted: known loss)"
                if !notes.contains(note) { notes.append(note) }
            }
        }
    }

    private mutating func record(
        _ value: Int,
        _ field: String,
        for document: CorpusDocument,
        reportedBy source: String
    ) throws(BenchmarkError) {
        let key = Key(document: document, field: field)
        guard let entry = entries[key] else {
            entries[key] = Entry(value: value, source: source)
            return
        }
        guard entry.value == value else {
            throw BenchmarkError.countMismatch(
                "\(field) in \(describe(document)): \(entry.source) counted \(entry.value), \(source) counted "
                    + "\(value) (difference \(value - entry.value))")
        }
    }

    private func describe(_ document: CorpusDocument) -> String {
        "\(document.shape.rawValue) \(ByteFormat.size(document.byteCount))"
    }
}
