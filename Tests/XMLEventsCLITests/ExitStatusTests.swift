import Foundation
import Testing

/// Exit statuses and the compiler-style messages that go with them.
@Suite struct ExitStatusTests {
    @Test func aWellFormedDocumentExitsZeroSilently() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.registry.write(in: files)
            let run = try await CLI.run([path])
            #expect(run.status == 0)
            #expect(run.errors == "")
            #expect(run.output.hasPrefix("source "))
        }
    }

    /// Status 1, and `path:line:column: error: message` on standard error, in every format.
    @Test(arguments: ["summary", "jsonl", "xml"])
    func aMalformedDocumentExitsOneWithItsPosition(_ format: String) async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.mismatched.write(in: files)
            let run = try await CLI.run(["--format", format, path])
            #expect(run.status == 1)
            #expect(run.errors == "\(path):3:5: error: the end tag </a> does not match the start tag <b> on line 2\n")
        }
    }

    @Test func standardInputIsNamedStdin() async throws {
        let run = try await CLI.run(["-"], input: .data(TestDocuments.mismatched.data))
        #expect(run.status == 1)
        #expect(run.errors == "<stdin>:3:5: error: the end tag </a> does not match the start tag <b> on line 2\n")
    }

    @Test func aTruncatedDocumentIsMalformed() async throws {
        let run = try await CLI.run(["-"], input: .data(Data("<a><b>".utf8)))
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("<stdin>:1:7: error: "))
    }

    @Test func quietSaysNothingButTheStatusTells() async throws {
        let run = try await CLI.run(["--quiet", "--progress", "-"], input: .data(TestDocuments.mismatched.data))
        #expect(run.status == 1)
        #expect(run.errors == "")
    }

    /// Status 2 for whatever the command line gets wrong, before anything is read.
    @Test(arguments: [
        (["--frmat", "jsonl"], "unknown option '--frmat'"),
        (["--format"], "missing value for '--format'"),
        (["--format", "yaml"], "unknown format 'yaml'"),
        (["--chunk-size", "abc"], "'--chunk-size' needs a whole number of bytes"),
        (["--chunk-size", "0"], "'--chunk-size' must be between 1 and"),
        (["--chunk-size", "-4"], "'--chunk-size' needs a whole number of bytes"),
        (["--chunk-size=99999999999999999999"], "'--chunk-size' needs a whole number of bytes"),
        (["--select", "a//b"], "invalid --select path: 'a//b': a step is empty"),
        (["--select", "p:x"], "invalid --select path: 'p:x': the prefix 'p' is not in the prefix map"),
        (["--cdata=yes"], "'--cdata' takes no value"),
        (["--jobs", "0"], "'--jobs' must be between 1 and 1024, not '0'"),
        (["-j", "many"], "'-j' needs a whole number"),
        (["a.xml", "b.xml"], "unexpected argument 'b.xml'"),
        (["ftp://example.org/feed.xml"], "unsupported URL scheme 'ftp'"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) async throws {
        let run = try await CLI.run(arguments)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("xmlevents: error: \(message)"), "\(run.errors)")
        #expect(run.errors.hasSuffix("xmlevents: note: see 'xmlevents --help'\n"))
    }

    @Test func aMissingFileExitsThree() async throws {
        try await TestFiles.with { files in
            let path = files.directory.appendingPathComponent("missing.xml").path
            let run = try await CLI.run([path])
            #expect(run.status == 3)
            #expect(run.output == "")
            #expect(run.errors == "\(path): error: cannot open: No such file or directory\n")
        }
    }

    @Test func aDirectoryExitsThree() async throws {
        try await TestFiles.with { files in
            let run = try await CLI.run([files.directory.path])
            #expect(run.status == 3)
            #expect(run.errors == "\(files.directory.path): error: cannot read: Is a directory\n")
        }
    }

    /// Standard output that cannot be written (a full disk) is an I/O failure, unlike a reader
    /// that leaves.
    @Test func anUnwritableOutputExitsThree() async throws {
        let full = URL(fileURLWithPath: "/dev/full")
        try #require(FileManager.default.isWritableFile(atPath: full.path))
        let run = try await CLI.run(
            ["--format", "jsonl", "-"], input: .data(TestDocuments.registry.data), standardOutput: full)
        #expect(run.status == 3)
        #expect(run.errors == "<stdout>: error: cannot write: No space left on device\n")
    }

    /// `--huge` lifts the limits: nesting deeper than the standard 256 is an error without it.
    @Test func hugeLiftsTheLimits() async throws {
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        let standard = try await CLI.run(["-"], input: .data(Data(deep.utf8)))
        #expect(standard.status == 1)
        #expect(standard.errors.hasPrefix("<stdin>:1:"))
        let huge = try await CLI.run(["--huge", "-"], input: .data(Data(deep.utf8)))
        #expect(huge.status == 0)
        #expect(SummaryRows(huge.output)["maximum depth"] == "300")
    }

    /// A `file:` URL is read as the library reads it (`XMLEvents(url:)`): a local file when it
    /// names no host or `localhost`, in any case of the scheme and host.
    @Test(arguments: ["file://", "file://localhost", "FILE://LocalHost", "file:"])
    func aLocalFileURLIsReadAsTheFile(_ prefix: String) async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.registry.write(in: files)
            let run = try await CLI.run(["--format", "jsonl", prefix + path])
            let direct = try await CLI.run(["--format", "jsonl", path])
            #expect(run.status == 0)
            #expect(run.errors == "")
            #expect(firstDifference(run, direct) == nil)
        }
    }

    /// A `file:` URL that names another host is refused, with the library's message, and the
    /// local file of the same path is not read.
    @Test func aFileURLOfAnotherHostIsRefusedAsTheLibraryRefusesIt() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.registry.write(in: files)
            let url = "file://fileserver.example" + path
            let run = try await CLI.run(["--format", "jsonl", url])
            #expect(run.status == 3)
            #expect(run.output == "")
            #expect(
                run.errors
                    == "\(url): error: cannot read \(url): this file: URL names the host 'fileserver.example', "
                    + "and only local files are read\n")
        }
    }

    @Test func helpDescribesEveryOptionAndExitsZero() async throws {
        let run = try await CLI.run(["--help"])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output.contains("USAGE: xmlevents [options] [URL | PATH | -]"))
        for option in [
            "--format", "--select", "--chunk-size", "--cdata", "--drop-whitespace", "--huge", "--progress",
            "--no-progress", "--quiet", "--help", "--version", "EXAMPLES:", "EXIT STATUS:",
        ] {
            #expect(run.output.contains(option), "\(option) is not in the help")
        }
        // `-h` is the same, and help wins over what follows it.
        let short = try await CLI.run(["-h", "--no-such-option"])
        #expect(short.status == 0)
        #expect(short.stdout == run.stdout)
    }

    @Test func versionPrintsOneLine() async throws {
        let run = try await CLI.run(["--version"])
        #expect(run.status == 0)
        #expect(run.lines.count == 1)
        #expect(run.output.hasPrefix("xmlevents "))
    }
}
