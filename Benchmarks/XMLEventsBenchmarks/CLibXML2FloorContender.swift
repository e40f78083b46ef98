import CLibXML2Floor

/// libxml2's SAX2 push parser with counting callbacks in C (see floor.c): the floor no libxml2
/// wrapper can go below.
///
/// The floor reads the file in the 64 KiB chunks XMLEvents' file source uses. ``standard``
/// pushes each chunk into libxml2 whole; ``fourKiBSteps`` pushes it in the 4 KiB steps XMLEvents
/// feeds libxml2, so that its ratio to the standard floor is what the step size alone costs.
struct CLibXML2FloorContender: Contender {
    let id: String
    let title: String
    let stepSize: Int
    let summary: String
    /// What the callbacks do besides the parse: count (the floor), or the visitor contender's
    /// work (``visitorWork``).
    var work = CLIBXML2FLOOR_COUNTS

    var reportedCounts: Set<WorkloadCounts.Field> {
        work == CLIBXML2FLOOR_VISITOR_WORK
            ? WorkloadCounts.Field.scan.union([.localNameBytes, .textSampleHash]) : WorkloadCounts.Field.scan
    }

    /// The baseline of every "× C floor" ratio.
    static let standard = CLibXML2FloorContender(
        id: "c-floor", title: "C floor (libxml2 SAX2)", stepSize: readSize,
        summary:
            "libxml2's push parser fed 64 KiB chunks of the file, with callbacks in C that only count. No libxml2 "
            + "wrapper can be faster; every ×C floor ratio is against it.")
    static let fourKiBSteps = CLibXML2FloorContender(
        id: "c-floor-4k", title: "C floor, 4 KiB steps", stepSize: 4 * 1024,
        summary:
            "The same, each 64 KiB chunk pushed in the 4 KiB steps XMLEvents feeds libxml2: its ratio to the floor is "
            + "what the step size alone costs.")

    /// C doing exactly what the visitor contender does (``ScanVisitor``: counts, the local
    /// names' bytes, every 64th byte of the text hashed) on the same push parser with the same
    /// 4 KiB steps: the fair baseline of the visitor, beside the floor.
    static let visitorWork = CLibXML2FloorContender(
        id: "c-visitor-work", title: "C doing the visitor's work", stepSize: 4 * 1024,
        summary:
            "libxml2's push parser in 4 KiB steps with callbacks in C that do the visitor contender's exact work "
            + "(count, sum the local names' bytes, compare with the item name, hash every 64th byte of text): what "
            + "the visitor would cost if the Swift layer cost nothing.",
        work: CLIBXML2FLOOR_VISITOR_WORK)

    static let readSize = 64 * 1024

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let stopwatch = Stopwatch()
        let counts = try Self.parse(path, stepSize: stepSize, itemName: input.itemName, work: work)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds,
            counts: WorkloadCounts(
                elements: Int(counts.elements),
                attributes: Int(counts.attributes),
                items: Int(counts.items),
                textBytes: Int(counts.text_bytes),
                entityTextBytes: Int(counts.entity_text_bytes),
                localNameBytes: work == CLIBXML2FLOOR_VISITOR_WORK ? Int(counts.local_name_bytes) : nil,
                textSampleHash: work == CLIBXML2FLOOR_VISITOR_WORK
                    ? Int(bitPattern: UInt(counts.text_sample_hash)) : nil
            ))
    }

    /// Parses `path` with `work` and returns what the callbacks counted.
    static func parse(
        _ path: String,
        stepSize: Int = readSize,
        itemName: String,
        work: clibxml2floor_work
    ) throws(BenchmarkError) -> clibxml2floor_counts {
        var counts = clibxml2floor_counts()
        let status = clibxml2floor_parse_file(path, readSize, stepSize, itemName, work, &counts)
        guard status == CLIBXML2FLOOR_OK else {
            throw BenchmarkError.parseFailed(contender: "c-floor", detail: "status \(status.rawValue) for \(path)")
        }
        return counts
    }
}
