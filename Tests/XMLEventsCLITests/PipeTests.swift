import Foundation
import Testing

/// Standard input and output as pipes: reading a pipe, writing to a reader that leaves early,
/// output that appears while the input is still coming, and the progress line.
@Suite struct PipeTests {
    /// A pipe and a file give the same events.
    @Test func standardInputReadsAPipe() async throws {
        try await TestFiles.with { files in
            let path = try TestDocuments.everyEventKind.write(in: files)
            let fromFile = try await CLI.run(["--format", "jsonl", path])
            let fromPipe = try await CLI.run(
                ["--format", "jsonl", "--chunk-size", "7", "-"], input: .data(TestDocuments.everyEventKind.data))
            let redirected = try await CLI.run(["--format", "jsonl", "-"], input: .file(URL(fileURLWithPath: path)))
            #expect(fromPipe.status == 0)
            #expect(firstDifference(fromPipe, fromFile) == nil)
            #expect(firstDifference(redirected, fromFile) == nil)
        }
    }

    /// `xmlevents … | head -n 3`: the reader takes three lines and leaves; the tool ends at once,
    /// with status 0 and nothing on standard error.
    @Test(arguments: ["jsonl", "xml"])
    func aReaderThatLeavesEndsTheOutputQuietly(_ format: String) async throws {
        try await TestFiles.with { files in
            let path = try files.write(CorpusFixture.registry(byteCount: 4_000_000).data, named: "big.xml")
            let (run, lines) = try await CLI.interact(["--format", format, path]) { interaction in
                let lines = (0..<3).compactMap { _ in interaction.readLine() }
                interaction.closeOutput()
                return lines
            }
            #expect(lines.count == 3)
            #expect(run.status == 0)
            #expect(run.errors == "")
        }
    }

    /// Output is flushed when the tool waits for input, not only when its buffer fills, and
    /// standard input is parsed as its bytes arrive: the events of a first record of a few dozen
    /// bytes come out while the rest has not been written yet (`tail -f log.xml | xmlevents -`).
    @Test func outputComesOutWhileTheInputIsStillOpen() async throws {
        // Far less than the parser's 4 KiB step.
        let head = "<?xml version=\"1.0\"?>\n<log>\n<entry>early</entry>\n"
        let tail = "<entry>late</entry>\n</log>\n"
        let (run, sawEarly) = try await CLI.interact(["--format", "jsonl", "-"]) { interaction in
            interaction.write(Data(head.utf8))
            // Blocks until the line comes; a tool that held its output until the end would be
            // killed by the timeout and fail below.
            var sawEarly = false
            while let line = interaction.readLine() {
                if line == #"{"event":"text","text":"early"}"# {
                    sawEarly = true
                    break
                }
            }
            interaction.write(Data(tail.utf8))
            interaction.closeInput()
            return sawEarly
        }
        #expect(sawEarly)
        #expect(run.status == 0)
        #expect(run.lines.suffix(3) == [#"{"event":"text","text":"\u000a"}"#, endLog, #"{"event":"endDocument"}"#])
        #expect(run.lines.contains(#"{"event":"text","text":"late"}"#))
    }

    private let endLog = #"{"event":"endElement","name":"log","localName":"log","prefix":null,"namespace":null}"#

    /// `--progress` draws on standard error, in place, and erases its line at the end; standard
    /// output is untouched. Without it, and with standard error not a terminal, nothing is drawn.
    @Test func progressIsDrawnInPlaceAndErased() async throws {
        let document = CorpusFixture.registry(byteCount: 400_000).data
        let half = document.count / 2
        // The summary is written at the end only, so nobody needs to read standard output while
        // the input is written.
        let (run, drawn) = try await CLI.interact(["--progress", "-"]) { interaction in
            interaction.write(document.prefix(half))
            // The rest waits until the line has been drawn while the tool waited for input.
            let drawn = interaction.waitForStandardError(containing: " MB/s\u{1B}[K")
            interaction.write(document.suffix(from: half))
            interaction.closeInput()
            return drawn
        }
        #expect(drawn)
        #expect(run.status == 0)
        #expect(run.errors.hasPrefix("\r"))
        #expect(run.errors.hasSuffix("\r\u{1B}[K"))
        #expect(run.errors.contains(" MB/s\u{1B}[K"))
        #expect(SummaryRows(run.output).number("bytes read") == document.count)
        let silent = try await CLI.run(["-"], input: .data(document))
        #expect(silent.status == 0)
        #expect(silent.errors == "")
    }
}
