import Foundation
import XMLCorpus
import XMLEvents

/// The transform of ``XMLEventsTransformContender`` as a careful user writes it without one: a
/// `for try await` loop over `XMLEvents(path:)` that counts depth to drop the selected elements,
/// one `XMLWriter` value, and the file written in 64 KiB chunks (`takeBytes()` whenever that much
/// is buffered) through a `FileHandle`.
struct XMLEventsTransformByHandContender: TransformContender {
    let id = "xmlevents-transform-by-hand"
    let title = "XMLEvents transform, hand-written loop"
    let summary =
        "The same transform as a `for try await` loop over `XMLEvents(path:)` that tracks how much of the path "
        + "the open elements match and skips a selected element's events by counting depth, writing each other "
        + "event with one `XMLWriter` and the file in 64 KiB chunks."

    static func transform(_ source: String, of shape: CorpusShape, to path: String) async throws {
        // The local names from the root down, in any namespace, as the library's path reads them.
        let steps = TransformedFile.removedSteps(in: shape)
        let chunkSize = 64 * 1024  // the library's streaming writer's default
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else { throw BenchmarkError.io("cannot create \(path)") }
        defer { try? file.close() }
        var writer = XMLWriter()
        // The open elements, and how many of the outermost of them match the path's first steps.
        var depth = 0
        var matched = 0
        // The depth inside the element being dropped, 0 when none is.
        var skipping = 0
        for try await event in XMLEvents(path: source) {
            if skipping > 0 {
                switch event {
                case .startElement: skipping += 1
                case .endElement: skipping -= 1
                default: break
                }
                continue
            }
            switch event {
            case .startElement(let name, _, _):
                if matched == depth, depth < steps.count, name.localName == steps[depth] {
                    if depth + 1 == steps.count {
                        skipping = 1
                        continue
                    }
                    matched += 1
                }
                depth += 1
            case .endElement:
                depth -= 1
                matched = min(matched, depth)
            default:
                break
            }
            try writer.write(event)
            if writer.bufferedByteCount >= chunkSize { try file.write(contentsOf: writer.takeBytes()) }
        }
        try writer.finish()
        try file.write(contentsOf: writer.takeBytes())
    }
}
