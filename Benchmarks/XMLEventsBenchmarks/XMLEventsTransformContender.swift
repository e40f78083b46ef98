import XMLCorpus
import XMLEvents

/// The element-level transform: `XMLEvents(path:).removingElements(matching:)` written to a file
/// with `XMLWriter.write(_:toPath:)`, against ``XMLEventsTransformByHandContender``, the same
/// transform as a careful user's loop. The output's size and hash are checked against the loop's.
struct XMLEventsTransformContender: TransformContender {
    let id = "xmlevents-transform"
    let title = "XMLEvents transform"
    let summary =
        "`XMLWriter.write(XMLEvents(path:).removingElements(matching:), toPath:)`: the document without every "
        + "`/registry/record/description`, `/book/chapter/section/title` or `/feed/entry/summary`, written to a "
        + "temporary file (deleted after). Its size and hash are checked against the hand-written loop's."

    static func transform(_ source: String, of shape: CorpusShape, to path: String) async throws {
        let transformed = try XMLEvents(path: source).removingElements(matching: TransformedFile.removedPath(in: shape))
        try await XMLWriter.write(transformed, toPath: path)
    }
}
