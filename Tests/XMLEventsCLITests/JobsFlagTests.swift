import Foundation
import Testing

/// `--jobs N`: a big document made of records parsed on N cores gives, in every format, the
/// output of one parser, byte for byte.
@Suite struct JobsFlagTests {
    static let formats: [[String]] = [
        ["--format", "summary"],
        ["--format", "summary", "--select", "record"],
        ["--format", "jsonl"],
        ["--format", "xml"],
        ["--format", "elements", "--select", "record"],
    ]

    /// The output without the summary's timing rows, which differ from run to run.
    static func comparable(_ run: CLIRun) -> String {
        run.output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("elapsed") && !$0.hasPrefix("throughput") }
            .joined(separator: "\n")
    }

    /// The document, and (`multistream`) its copy in pieces of 500 kB, a bzip2 stream each, as
    /// pbzip2 and Wikipedia write them, whose streams `--jobs N` also decodes on N threads: the
    /// output of `--jobs 1`, one parser and one decompression thread, byte for byte.
    @Test(arguments: formats, [false, true])
    func theOutputIsTheSameAtAnyNumberOfJobs(_ format: [String], multistream: Bool) async throws {
        try await TestFiles.with { files in
            let (document, records) = CorpusFixture.registry(byteCount: 5_000_000)
            var path = try files.write(document, named: "records.xml")
            if multistream {
                path = try DumpInputTests.compress(path, with: "split -b 500000 --filter='bzip2 -c' -", suffix: ".bz2")
            }
            let one = try await CLI.run(format + ["--jobs", "1", path])
            #expect(one.status == 0, "\(one.errors)")
            #expect(one.output.count > 500)
            for jobs in ["2", "3"] {
                let run = try await CLI.run(format + ["-j", jobs, path])
                #expect(run.status == 0, "\(run.errors)")
                #expect(Self.comparable(run) == Self.comparable(one), "\(format) at \(jobs) jobs")
            }
            if format == ["--format", "summary"] {
                #expect(SummaryRows(one.output).number("record") == records)
            }
        }
    }

    /// A malformed record deep in the document: the same output before it, and the same error.
    @Test func anErrorIsTheSameAtAnyNumberOfJobs() async throws {
        try await TestFiles.with { files in
            var document = CorpusFixture.registry(byteCount: 5_000_000).data
            let middle = document.count * 2 / 3
            let close = try #require(document[middle...].range(of: Data("</record>".utf8)))
            document.replaceSubrange(close, with: Data("</recorx>".utf8))
            let path = try files.write(document, named: "broken.xml")
            for format in [["--format", "jsonl"], ["--format", "summary"]] {
                let one = try await CLI.run(format + ["--jobs", "1", path])
                let two = try await CLI.run(format + ["--jobs", "2", path])
                #expect(one.status == 1)
                #expect(two.status == one.status)
                #expect(two.errors == one.errors)
                #expect(one.errors.contains("mismatch") || one.errors.contains("recorx"), "\(one.errors)")
                #expect(Self.comparable(two) == Self.comparable(one))
            }
        }
    }
}
