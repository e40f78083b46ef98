import Foundation
import Testing

/// `xmlevents dump.xml.bz2` and `… | xmlevents -`: compressed files and pipes give the events of
/// the plain document; `--decompress` turns detection off or forces a format; damage is reported.
@Suite struct DumpInputTests {
    /// Compresses the file at `path` with `command` (`gzip -c`, …) into `path` + `suffix`.
    static func compress(_ path: String, with command: String, suffix: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(command) < \"$0\" > \"$0\(suffix)\"", path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(command) failed")
        return path + suffix
    }

    static let tools = [("gzip -c", ".gz"), ("bzip2 -c", ".bz2"), ("xz -c -1", ".xz"), ("zstd -q -c", ".zst")]

    @Test(arguments: tools)
    func aCompressedFileAndPipeGiveThePlainEvents(_ command: String, _ suffix: String) async throws {
        try await TestFiles.with { files in
            let path = try files.write(CorpusFixture.registry(byteCount: 400_000).data, named: "dump.xml")
            let compressed = try Self.compress(path, with: command, suffix: suffix)
            let plain = try await CLI.run(["--format", "jsonl", path])
            let fromFile = try await CLI.run(["--format", "jsonl", compressed])
            let data = try Data(contentsOf: URL(fileURLWithPath: compressed))
            let fromPipe = try await CLI.run(["--format", "jsonl", "-"], input: .data(data))
            #expect(plain.status == 0 && fromFile.status == 0 && fromPipe.status == 0, "\(fromFile.errors)")
            #expect(firstDifference(fromFile, plain) == nil)
            #expect(firstDifference(fromPipe, plain) == nil)
        }
    }

    @Test func theDecompressFlag() async throws {
        try await TestFiles.with { files in
            let path = try files.write(Data("<r><a>1</a></r>".utf8), named: "small.xml")
            let compressed = try Self.compress(path, with: "bzip2 -c", suffix: ".bz2")
            let none = try await CLI.run(["--decompress", "none", compressed])
            #expect(none.status == 1)
            #expect(none.errors.contains("expected '<' to start the document"), "\(none.errors)")
            let wrong = try await CLI.run(["--decompress", "gzip", compressed])
            #expect(wrong.status == 1)
            #expect(wrong.errors.contains("The gzip data is corrupt"), "\(wrong.errors)")
            let forced = try await CLI.run(["--decompress", "bzip2", "--format", "xml", compressed])
            #expect(forced.status == 0 && forced.output == "<r><a>1</a></r>\n", "\(forced.errors)")
            let bad = try await CLI.run(["--decompress", "lz4", compressed])
            #expect(bad.status == 2 && bad.errors.contains("invalid --decompress value 'lz4'"))
            let help = try await CLI.run(["--help"])
            #expect(help.output.contains("--decompress HOW"))
        }
    }

    /// A dump cut short: status 1, the format and offsets in the message, the events before it.
    @Test func aCutDumpIsTruncated() async throws {
        try await TestFiles.with { files in
            let path = try files.write(CorpusFixture.registry(byteCount: 400_000).data, named: "dump.xml")
            let compressed = try Self.compress(path, with: "xz -c -1", suffix: ".xz")
            let data = try Data(contentsOf: URL(fileURLWithPath: compressed))
            let cut = try files.write(data.prefix(data.count / 2), named: "cut.xml.xz")
            let run = try await CLI.run(["--format", "jsonl", cut])
            #expect(run.status == 1)
            #expect(run.errors.contains("The xz stream is cut short"), "\(run.errors)")
            #expect(run.lines.count > 100)
            #expect(run.lines.last?.contains("\"code\":\"truncated\"") == true)
        }
    }
}
