import Foundation

/// The root package's `xmlevents` on a compressed copy of the document (`dump.xml.gz` and the
/// rest), against the same through a pipe from the format's own tool (`gzip -dc dump.xml.gz |
/// xmlevents -`) and against the plain file: the dumps table. Each is spawned with
/// `--format summary`, wall time from the spawn to the exit; the pipe's time is its shell's, which
/// waits for both ends. Both ways use two processes' worth of cores at most: the tool and the
/// parser, or the decompression thread and the parser.
///
/// The compressed copies are made once per document, beside it, before any run is timed.
struct XMLEventsDumpContender: Contender {
    /// A format and its tool's command lines.
    struct Format: Sendable {
        var name: String
        var suffix: String
        var compress: String
        var decompress: String
    }

    static let gzip = Format(name: "gzip", suffix: ".gz", compress: "gzip -c", decompress: "gzip -dc")
    static let bzip2 = Format(name: "bzip2", suffix: ".bz2", compress: "bzip2 -c", decompress: "bzip2 -dc")
    static let xz = Format(name: "xz", suffix: ".xz", compress: "xz -c -T2", decompress: "xz -dc")
    static let zstd = Format(name: "zstd", suffix: ".zst", compress: "zstd -q -c", decompress: "zstd -q -dc")
    static let formats = [gzip, bzip2, xz, zstd]

    enum Way: Sendable {
        /// `xmlevents dump.xml.<format>`.
        case file
        /// `<tool> -dc dump.xml.<format> | xmlevents -`.
        case pipe
        /// `xmlevents dump.xml`, the plain file.
        case plain
    }

    let format: Format?
    let way: Way

    /// Every format read both ways, then the plain file.
    static let all: [XMLEventsDumpContender] =
        formats.flatMap {
            [XMLEventsDumpContender(format: $0, way: .file), XMLEventsDumpContender(format: $0, way: .pipe)]
        }
        + [XMLEventsDumpContender(format: nil, way: .plain)]

    static let plainID = "xmlevents-dump-plain"

    var id: String {
        switch way {
        case .file: "xmlevents-dump-\(format?.name ?? "")"
        case .pipe: "xmlevents-pipe-\(format?.name ?? "")"
        case .plain: Self.plainID
        }
    }

    var title: String {
        let suffix = format?.suffix ?? ""
        switch way {
        case .file: return "xmlevents dump.xml\(suffix)"
        case .pipe: return "\(format?.decompress ?? "") dump.xml\(suffix) | xmlevents -"
        case .plain: return "xmlevents dump.xml"
        }
    }

    var summary: String {
        "`\(title)`, spawned with `--format summary`; its counts are read back from the summary. Wall clock, "
            + "process start included."
    }

    let reportedCounts: Set<WorkloadCounts.Field> = [.elements, .attributes, .textBytes]

    /// The compressed copy of `path` in this contender's format.
    func compressedPath(of path: String) -> String? {
        format.map { path + $0.suffix }
    }

    func prepare(file path: String) throws {
        guard let format, let compressed = compressedPath(of: path),
            !FileManager.default.fileExists(atPath: compressed)
        else { return }
        let partial = compressed + ".partial"
        let outcome = try ToolProcess.run(
            "/bin/sh",
            arguments: ["-c", "\(format.compress) < \"$0\" > \"$1\" && mv \"$1\" \"$2\"", path, partial, compressed])
        if let failure = outcome.failure {
            throw BenchmarkError.io("\(format.compress) of \(path) failed: \(failure)")
        }
    }

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let tool = try RootPackage.builtCommandLineTool()
        let summary = ["--format", "summary", "--no-progress"]
        let outcome: ToolProcess.Outcome
        switch (way, format, compressedPath(of: path)) {
        case (.pipe, let format?, let compressed?):
            let script = "\(format.decompress) \"$1\" | \"$0\" --format summary --no-progress -"
            outcome = try ToolProcess.run("/bin/sh", arguments: ["-c", script, tool, compressed])
        case (.file, _, let compressed?):
            outcome = try ToolProcess.run(tool, arguments: summary + [compressed])
        default:
            outcome = try ToolProcess.run(tool, arguments: summary + [path])
        }
        if let failure = outcome.failure {
            throw BenchmarkError.parseFailed(contender: id, detail: "\(title): \(failure)")
        }
        let counts = try XMLEventsCommandLineContender.counts(
            in: String(decoding: outcome.output, as: UTF8.self), itemName: input.itemName)
        let compressedBytes = compressedPath(of: path).flatMap {
            (try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int
        }
        return WorkloadMeasurement(
            seconds: outcome.seconds, cpuSeconds: outcome.cpuSeconds, counts: counts,
            peakResidentBytes: outcome.peakResidentBytes,
            metrics: compressedBytes.map { [DumpRow.compressedBytesKey: Double($0)] })
    }
}
