import CLibXML2Floor

/// libxml2's SAX2 push parser with counting callbacks in C (see floor.c): the floor no libxml2
/// wrapper can go below.
struct CLibXML2FloorContender: Contender {
    let id = "c-floor"
    let title = "C floor (libxml2 SAX2)"

    /// The floor reads the file in the chunks XMLEvents' file source uses.
    private static let chunkSize = 64 * 1024

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        var counts = clibxml2floor_counts()
        let stopwatch = Stopwatch()
        let status = clibxml2floor_parse_file(path, CLibXML2FloorContender.chunkSize, input.itemName, &counts)
        let elapsed = stopwatch.read()
        guard status == CLIBXML2FLOOR_OK else {
            throw BenchmarkError.parseFailed(contender: id, detail: "status \(status.rawValue) for \(path)")
        }
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds,
            counts: WorkloadCounts(
                elements: Int(counts.elements),
                attributes: Int(counts.attributes),
                items: Int(counts.items),
                textBytes: Int(counts.text_bytes),
                entityTextBytes: Int(counts.entity_text_bytes)
            ))
    }
}
