import Foundation

/// The root package's `xmlevents` on a compressed copy of the document (`dump.xml.gz` and the
/// rest), against the same through a pipe from the format's own tool (`gzip -dc dump.xml.gz |
/// xmlevents -`) and against the plain file: the dumps table. Each is spawned with
/// `--format summary`, wall time from the spawn to the exit; the pipe's time is its shell's, which
/// waits for both ends. Both ways use two processes' worth of cores at most: the tool and the
/// parser, or the decompression thread and the parser.
///
/// The multistream bzip2 copy (the document in 900 kB pieces, each a bzip2 stream of its own, one
/// after the other, as pbzip2 and Wikipedia's multistream dumps write it) is also decompressed
/// alone, `bzip2 -dc dump.xml.ms.bz2 > /dev/null`, and by `lbzip2 -n2` where it is installed: the
/// file way decodes its streams on both cores.
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
    /// GNU split hands each 900 kB piece to bzip2 and lets its output through: streams one after
    /// the other.
    static let multistreamBzip2 = Format(
        name: "bzip2-multistream", suffix: ".ms.bz2", compress: "split -b 900000 --filter='bzip2 -c' -",
        decompress: "bzip2 -dc")
    static let formats = [gzip, bzip2, xz, zstd, multistreamBzip2]
    /// The parallel decompressor the multistream file is also timed with, when installed.
    static let parallelDecompress = "lbzip2 -n2 -dc"

    enum Way: Sendable {
        /// `xmlevents dump.xml.<format>`.
        case file
        /// `<tool> -dc dump.xml.<format> | xmlevents -`.
        case pipe
        /// `xmlevents dump.xml`, the plain file.
        case plain
        /// `<tool> -dc dump.xml.<format> > /dev/null`: the decompression alone.
        case alone
        /// `lbzip2 -n2 -dc dump.xml.<format> > /dev/null`: a parallel decompressor alone.
        case parallelAlone
    }

    let format: Format?
    let way: Way

    /// Every format read both ways, then the plain file; the multistream file decompressed alone,
    /// by its tool and by lbzip2 if installed.
    static let all: [XMLEventsDumpContender] =
        formats.flatMap {
            [XMLEventsDumpContender(format: $0, way: .file), XMLEventsDumpContender(format: $0, way: .pipe)]
        }
        + [XMLEventsDumpContender(format: nil, way: .plain)]
        + [XMLEventsDumpContender(format: multistreamBzip2, way: .alone)]
        + (isInstalled("lbzip2") ? [XMLEventsDumpContender(format: multistreamBzip2, way: .parallelAlone)] : [])

    /// Whether `tool` is on the usual path.
    static func isInstalled(_ tool: String) -> Bool {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
    }

    static let plainID = "xmlevents-dump-plain"

    var id: String {
        switch way {
        case .file: "xmlevents-dump-\(format?.name ?? "")"
        case .pipe: "xmlevents-pipe-\(format?.name ?? "")"
        case .plain: Self.plainID
        case .alone: "alone-\(format?.name ?? "")"
        case .parallelAlone: "lbzip2-\(format?.name ?? "")"
        }
    }

    var title: String {
        let suffix = format?.suffix ?? ""
        switch way {
        case .file: return "xmlevents dump.xml\(suffix)"
        case .pipe: return "\(format?.decompress ?? "") dump.xml\(suffix) | xmlevents -"
        case .plain: return "xmlevents dump.xml"
        case .alone: return "\(format?.decompress ?? "") dump.xml\(suffix) > /dev/null"
        case .parallelAlone: return "\(Self.parallelDecompress) dump.xml\(suffix) > /dev/null"
        }
    }

    var summary: String {
        switch way {
        case .alone, .parallelAlone:
            "`\(title)`, through `/bin/sh`: the decompression alone, nothing parsed. Wall clock, process start included."
        case .file, .pipe, .plain:
            "`\(title)`, spawned with `--format summary`; its counts are read back from the summary. Wall clock, "
                + "process start included."
        }
    }

    /// What the run reports: the summary's counts, or nothing for a decompression alone.
    var reportedCounts: Set<WorkloadCounts.Field> {
        switch way {
        case .alone, .parallelAlone: []
        case .file, .pipe, .plain: [.elements, .attributes, .textBytes]
        }
    }

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
        case (.alone, let format?, let compressed?), (.parallelAlone, let format?, let compressed?):
            let decompress = way == .alone ? format.decompress : Self.parallelDecompress
            outcome = try ToolProcess.run("/bin/sh", arguments: ["-c", "\(decompress) \"$0\" > /dev/null", compressed])
            if let failure = outcome.failure {
                throw BenchmarkError.parseFailed(contender: id, detail: "\(title): \(failure)")
            }
            return WorkloadMeasurement(
                seconds: outcome.seconds, cpuSeconds: outcome.cpuSeconds, counts: WorkloadCounts(),
                peakResidentBytes: outcome.peakResidentBytes)
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
