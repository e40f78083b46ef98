import Foundation
import XMLCorpus

/// One run a child process is asked to do, passed as JSON after the hidden `--child` argument.
struct ChildRequest: Codable, Sendable {
    var contender: String
    /// A `CorpusShape` raw value.
    var shape: String
    var targetByteCount: Int
    var seed: UInt64
    var source: DocumentSource
    var streams: Int
    /// Parse once, untimed, before the timed run, so first-use costs (page faults of a fresh
    /// heap, lazy binding, runtime metadata) stay out of short runs. The peak RSS then covers
    /// both parses, which are the same work.
    var warmUp: Bool
    /// Timed parses in the one child, of which the median is reported: a short parse (a few
    /// milliseconds) is at the mercy of one scheduling hiccup on a shared machine.
    var timedRuns: Int

    init(
        contender: String,
        document: CorpusDocument,
        source: DocumentSource,
        streams: Int,
        warmUp: Bool,
        timedRuns: Int = 1
    ) {
        self.contender = contender
        self.shape = document.shape.rawValue
        self.targetByteCount = document.targetByteCount
        self.seed = document.seed
        self.source = source
        self.streams = streams
        self.warmUp = warmUp
        self.timedRuns = timedRuns
    }

    /// The input the request describes.
    func workloadInput() throws(BenchmarkError) -> WorkloadInput {
        guard let shape = CorpusShape(rawValue: shape) else {
            throw BenchmarkError.usage("unknown corpus shape '\(self.shape)'")
        }
        return WorkloadInput(
            document: CorpusDocument(shape: shape, targetByteCount: targetByteCount, seed: seed),
            source: source,
            streams: streams
        )
    }

    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    static func decode(_ json: String) throws -> ChildRequest {
        try JSONDecoder().decode(ChildRequest.self, from: Data(json.utf8))
    }
}
