import Foundation
import XMLCorpus

/// The file a transform contender writes (``XMLEventsTransformContender``,
/// ``XMLEventsTransformByHandContender``): which elements each shape's transform removes, where
/// the output goes, and what is reported of it.
struct TransformedFile {
    /// The absolute path of the elements removed: a numerous element that is not the item itself,
    /// so that the rest of each item is written (a record's `description`, a section's `title`,
    /// an entry's `summary`), as local names in any namespace.
    static func removedSteps(in shape: CorpusShape) -> [String] {
        switch shape {
        case .records: ["registry", "record", "description"]
        case .text: ["book", "chapter", "section", "title"]
        case .ns: ["feed", "entry", "summary"]
        }
    }

    /// The same as an `XMLPath`: `/registry/record/description`.
    static func removedPath(in shape: CorpusShape) -> String {
        "/" + removedSteps(in: shape).joined(separator: "/")
    }

    /// A path in the temporary directory, of this process and contender.
    let path: String

    init(contender: String) {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlevents-benchmark-\(contender)-\(ProcessInfo.processInfo.processIdentifier).xml")
            .path
    }

    /// The output's byte count and FNV-1a hash, read back after the timed region; the file is
    /// deleted.
    func countsAndRemove() throws -> WorkloadCounts {
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BenchmarkError.io("the transform wrote no file at \(path)")
        }
        defer { try? handle.close() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        // In chunks: the process's peak memory is reported, and must stay the parse's.
        while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            count += chunk.count
            chunk.withUnsafeBytes { bytes in
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            }
        }
        return WorkloadCounts(outputBytes: count, outputHash: Int(bitPattern: UInt(hash)))
    }
}

/// A contender that removes each shape's ``TransformedFile/removedSteps(in:)`` elements from the
/// file and writes the rest to another, in a way of its own; it reports the output's bytes and
/// hash, read back untimed.
protocol TransformContender: Contender {
    /// Writes the document at `source` to `path` without the elements that
    /// ``TransformedFile/removedSteps(in:)`` gives for `shape`.
    static func transform(_ source: String, of shape: CorpusShape, to path: String) async throws
}

extension TransformContender {
    var reportedCounts: Set<WorkloadCounts.Field> { [.output] }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let source = try input.requireFile(for: id)
        let output = TransformedFile(contender: id)
        let stopwatch = Stopwatch()
        try await Self.transform(source, of: input.document.shape, to: output.path)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(
            seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: try output.countsAndRemove())
    }
}
