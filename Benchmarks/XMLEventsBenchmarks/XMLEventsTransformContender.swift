import XMLEvents

/// The element-level transform: `XMLEvents(path:).removingElements(matching:)` written to a file
/// with `XMLWriter.write(_:toPath:)`, against ``XMLEventsTransformByHandContender``, the same
/// transform as a careful user's loop. The output's size and hash are checked against the loop's.
struct XMLEventsTransformContender: Contender {
    let id = "xmlevents-transform"
    let title = "XMLEvents transform"
    let reportedCounts: Set<WorkloadCounts.Field> = [.output]
    let summary =
        "`XMLWriter.write(XMLEvents(path:).removingElements(matching:), toPath:)`: the document without every "
        + "`/registry/record/description`, `/book/chapter/section/title` or `/feed/entry/summary`, written to a "
        + "temporary file (deleted after). Its size and hash are checked against the hand-written loop's."

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let source = try input.requireFile(for: id)
        let output = TransformedFile(contender: id)
        let stopwatch = Stopwatch()
        let transformed = try XMLEvents(path: source).removingElements(
            matching: TransformedFile.removedPath(in: input.document.shape))
        try await XMLWriter.write(transformed, toPath: output.path)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: try output.countsAndRemove())
    }
}
