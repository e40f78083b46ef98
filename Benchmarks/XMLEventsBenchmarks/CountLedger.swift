import XMLCorpus

/// Checks that every contender counted the same things in the same document, and that those
/// counts are the reference's.
///
/// The reference (see ``ReferencePass``) comes first: elements, attributes, items and the decoded
/// items' field digests from the generator's metadata, text bytes and the digests that show a
/// contender read names, text and strings from the C floor's untimed digest pass over the file.
/// Documents streamed from the generator have its metadata only; their text bytes are set by the
/// first contender to report them, and the others must match. A digest is only ever checked
/// against the reference: a contender that reports one the reference lacks fails. The values of a
/// pair that does one job two ways (two record kinds decoded, a document transformed to a file),
/// which no reference knows, are checked between the two instead, and every repetition against
/// the first. A contender that declares it loses entity text (see
/// ``WorkloadCounts/losesEntityText``) is held to a range instead, once the document's runs are
/// all in.
struct CountLedger {
    private enum Value: Equatable, CustomStringConvertible {
        case count(Int)
        case hash(Int)
        case digest(TextDigest)

        var description: String {
            switch self {
            case .count(let count): String(count)
            case .hash(let hash): "0x" + String(UInt(bitPattern: hash), radix: 16)
            case .digest(let digest): "\(digest)"
            }
        }
    }

    private struct Entry {
        var value: Value
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
    /// The decoded fields the reference has, per document.
    private var referenceItemFields: [CorpusDocument: Set<String>] = [:]
    private var lossyText: [LossyText] = []
    /// Deviations that were checked and accepted, for the report.
    private(set) var notes: [String] = []

    /// Records the reference counts of `document`, before any contender's.
    mutating func expect(_ reference: WorkloadCounts, for document: CorpusDocument) throws(BenchmarkError) {
        referenceItemFields[document] = Set((reference.itemFieldDigests ?? [:]).keys)
        try check(reference, for: document, reportedBy: ReferencePass.source, isReference: true)
    }

    /// Checks `counts` against everything recorded for `document`, then records them.
    mutating func check(
        _ counts: WorkloadCounts,
        for document: CorpusDocument,
        reportedBy source: String
    ) throws(BenchmarkError) {
        try check(counts, for: document, reportedBy: source, isReference: false)
    }

    private mutating func check(
        _ counts: WorkloadCounts,
        for document: CorpusDocument,
        reportedBy source: String,
        isReference: Bool
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
            try record(.count(value), field, for: document, reportedBy: source)
        }
        let digests: [(String, Value?)] = [
            ("local-name bytes", counts.localNameBytes.map(Value.count)),
            ("text sample hash", counts.textSampleHash.map(Value.hash)),
            ("materialized bytes", counts.materializedBytes.map(Value.count)),
        ]
        for (field, value) in digests {
            guard let value else { continue }
            try record(value, field, for: document, reportedBy: source, needsReference: !isReference)
        }
        if let decoded = counts.itemFieldDigests {
            if !isReference {
                let expected = referenceItemFields[document] ?? []
                let missing = expected.subtracting(decoded.keys).sorted()
                guard missing.isEmpty else {
                    throw BenchmarkError.countMismatch(
                        "\(source) on \(describe(document)) reported no decoded \(missing.joined(separator: ", ")) "
                            + "(the generator wrote \(expected.sorted().joined(separator: ", ")))")
                }
            }
            for (field, digest) in decoded.sorted(by: { $0.key < $1.key }) {
                try record(
                    .digest(digest), "decoded item field '\(field)'", for: document, reportedBy: source,
                    needsReference: !isReference)
            }
        }
        // A pair's own values: checked between the two ways of one job, which the reference
        // knows nothing of.
        for (kind, count) in (counts.recordKindCounts ?? [:]).sorted(by: { $0.key < $1.key }) {
            try record(.count(count), "decoded '\(kind)' records", for: document, reportedBy: source)
        }
        for (field, digest) in (counts.recordKindFieldDigests ?? [:]).sorted(by: { $0.key < $1.key }) {
            try record(.digest(digest), "decoded field '\(field)'", for: document, reportedBy: source)
        }
        if let bytes = counts.outputBytes {
            try record(.count(bytes), "transformed output bytes", for: document, reportedBy: source)
        }
        if let hash = counts.outputHash {
            try record(.hash(hash), "transformed output hash", for: document, reportedBy: source)
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
            try record(
                .count(report.value), "text bytes (\(report.source))", for: document, reportedBy: report.source)
            guard case .count(let exact)? = entries[Key(document: document, field: "text bytes")]?.value,
                let exactSource = entries[Key(document: document, field: "text bytes")]?.source,
                case .count(let entity)? = entries[Key(document: document, field: "entity text bytes")]?.value
            else {
                throw BenchmarkError.countMismatch(
                    "\(report.source) loses entity text, but no contender reported the exact text and entity "
                        + "text of \(describe(document)) to check it against")
            }
            let lowest = exact - entity
            guard (lowest...exact).contains(report.value) else {
                throw BenchmarkError.countMismatch(
                    "text bytes in \(describe(document)): \(exactSource) counted \(exact), of which "
                        + "\(entity) from entities; \(report.source) counted \(report.value), outside "
                        + "\(lowest)...\(exact)")
            }
            if report.value < exact {
                let note =
                    "\(report.source) on \(describe(document)): \(exact - report.value) of the "
                    + "\(entity) bytes of entity replacement text missing from its text (accepted: known loss)"
                if !notes.contains(note) { notes.append(note) }
            }
        }
    }

    private mutating func record(
        _ value: Value,
        _ field: String,
        for document: CorpusDocument,
        reportedBy source: String,
        needsReference: Bool = false
    ) throws(BenchmarkError) {
        let key = Key(document: document, field: field)
        guard let entry = entries[key] else {
            guard !needsReference else {
                throw BenchmarkError.countMismatch(
                    "\(source) reported \(field) in \(describe(document)), which the reference has no value to "
                        + "check against")
            }
            entries[key] = Entry(value: value, source: source)
            return
        }
        guard entry.value == value else {
            var message =
                "\(field) in \(describe(document)): \(entry.source) counted \(entry.value), \(source) counted \(value)"
            if case .count(let expected) = entry.value, case .count(let got) = value {
                message += " (difference \(got - expected))"
            }
            throw BenchmarkError.countMismatch(message)
        }
    }

    private func describe(_ document: CorpusDocument) -> String {
        "\(document.shape.rawValue) \(ByteFormat.size(document.byteCount))"
    }
}
