import Foundation

/// The human-readable report on standard output: machine line, comparison table, scaling and
/// memory table, targets.
enum TableWriter {
    static func render(
        machine: MachineDescription,
        baselineResidentBytes: Int?,
        summary: ResultSummary,
        targets: [TargetResult],
        coresForTwoTasks: [Double],
        notes: [String],
        quick: Bool
    ) -> String {
        var sections = [machine.summaryLine]
        let baselineNote = baselineResidentBytes.map {
            "; a child that parses nothing peaks at \(ByteFormat.memory($0))"
        }
        sections.append(
            """
            Sizes and rates in decimal units (1 MB = 10^6 bytes); memory in MiB. MB/s and Melem/s are at the median \
            wall time (Melem/s = start elements per second). ×C floor and ×Foundation are speed ratios (baseline \
            time / contender time) taken within each interleaved repetition, median over repetitions; >1 is faster. \
            ±% is (max − min) / median of the wall times, ±%C of the per-repetition ×C (CPU) ratios. MB/CPU-s \
            and the (CPU) ratios use the process's CPU time over the same region, which other load on the machine \
            disturbs far less than wall time; the process rows time a spawned tool from spawn to exit, process \
            start included, with its own CPU time. \
            Each sample is one child process: an untimed warm-up parse for documents up to 16 MB, then enough \
            timed parses for about 20 MB (at most 20), of which the median counts. Peak RSS is the highest of the \
            contender's samples\(baselineNote ?? "").
            """)
        if quick {
            sections.append(
                "QUICK RUN: one repetition of small documents; counts and bounds are checked, timings are "
                    + "indicative only.")
        }
        if !summary.comparison.isEmpty {
            sections.append("Contenders (same files, interleaved repetitions):\n" + comparisonTable(summary.comparison))
        }
        if !summary.mainActor.isEmpty {
            sections.append(mainActorSection(summary.mainActor))
        }
        if !summary.scaling.isEmpty {
            sections.append(
                "Scaling and memory (XMLEvents scan, records, N concurrent streams of the same document; "
                    + "CPU eff. ×1 = bytes per CPU-second against one stream, CPU/wall = cores the run got):\n"
                    + scalingTable(summary.scaling) + "\n"
                    + "Two tasks that only compute got "
                    + coresForTwoTasks.map { String(format: "%.2f", $0) }.joined(separator: " / ")
                    + " cores (before / after the scaling runs): the most two streams could get.")
        }
        if !summary.backpressure.isEmpty {
            sections.append(backpressureSection(summary.backpressure))
        }
        if !summary.resumption.isEmpty {
            sections.append(resumptionSection(summary.resumption))
        }
        if !summary.dumps.isEmpty {
            sections.append(dumpsSection(summary.dumps))
        }
        if !summary.encodings.isEmpty {
            sections.append(encodingsSection(summary.encodings))
        }
        if !summary.concurrency.isEmpty {
            sections.append(concurrencySection(summary.concurrency))
        }
        if !notes.isEmpty {
            sections.append("Count notes:\n" + notes.map { "  - " + $0 }.joined(separator: "\n"))
        }
        if !targets.isEmpty {
            sections.append(
                "Targets (timings reported, not asserted\(quick ? "; a quick run's are indicative only" : ""); "
                    + "a missed bound fails the run):\n" + targetTable(targets))
        }
        return sections.joined(separator: "\n\n")
    }

    private static func comparisonTable(_ rows: [ComparisonRow]) -> String {
        var table = TextTable(
            headers: [
                "contender", "shape", "size", "MB/s", "±%", "Melem/s", "×C floor", "×Foundation", "MB/CPU-s",
                "×C (CPU)", "±%C", "×Fnd (CPU)", "peak RSS",
            ],
            numeric: Set(2...12)
        )
        for row in rows {
            table.rows.append([
                row.title,
                row.shape,
                ByteFormat.size(row.byteCount),
                String(format: "%.1f", row.megabytesPerSecond),
                percent(row.spread),
                String(format: "%.2f", row.elementsPerSecond / 1e6),
                ratio(row.speedVersusFloor),
                ratio(row.speedVersusFoundation),
                String(format: "%.1f", row.megabytesPerCPUSecond),
                ratio(row.cpuSpeedVersusFloor),
                row.cpuSpeedVersusFloorSpread.map(percent) ?? "-",
                ratio(row.cpuSpeedVersusFoundation),
                ByteFormat.memory(row.peakResidentBytes),
            ])
        }
        return table.render()
    }

    private static func scalingTable(_ rows: [ScalingRow]) -> String {
        var table = TextTable(
            headers: [
                "source", "size", "streams", "MB/s (all)", "±%", "×1 stream", "MB/CPU-s", "CPU eff. ×1", "CPU/wall",
                "peak RSS",
            ],
            numeric: Set(1...9)
        )
        for row in rows {
            table.rows.append([
                row.source,
                ByteFormat.size(row.byteCount),
                String(row.streams),
                String(format: "%.1f", row.aggregateMegabytesPerSecond),
                percent(row.spread),
                ratio(row.speedupVersusOneStream),
                String(format: "%.1f", row.megabytesPerCPUSecond),
                ratio(row.cpuEfficiencyVersusOneStream),
                String(format: "%.2f", row.cpuUtilization),
                ByteFormat.memory(row.peakResidentBytes),
            ])
        }
        return table.render()
    }

    private static func backpressureSection(_ rows: [BackpressureRow]) -> String {
        var table = TextTable(
            headers: [
                "consumer", "size", "client buffered (max)", "bound", "server ahead (max)", "elapsed", "MB/s",
                "peak RSS",
            ],
            numeric: Set(1...7)
        )
        for row in rows {
            table.rows.append([
                row.title,
                ByteFormat.size(row.byteCount),
                ByteFormat.kibibytes(row.clientPeakBufferedBytes),
                ByteFormat.kibibytes(row.clientBufferBoundBytes),
                ByteFormat.kibibytes(row.serverLeadMaximumBytes),
                String(format: "%.2f s", row.medianSeconds),
                String(format: "%.1f", row.megabytesPerSecond),
                ByteFormat.memory(row.peakResidentBytes),
            ])
        }
        let explanation = """
            Client buffered is the most bytes ever waiting between libcurl and the parser (the stream's own \
            high-water mark, exact); the bound is the high watermark (1 MiB; the transfer resumes at 256 KiB) plus \
            one libcurl write (16 KiB). Server ahead is the server's body bytes written minus the consumer's \
            position (the byte offset of the last start tag it was handed), read at every start tag: what the \
            consumer has not read yet, held in the client's buffer, libcurl's refused write, the parser's current \
            chunk, and the kernel's socket buffers (the server's send buffer, SO_SNDBUF 16 KiB, and the client's \
            receive buffer, SO_RCVBUF 64 KiB, both doubled by Linux). It stays bounded whatever the document's \
            size: the server is held back rather than the client's memory filled.
            """
        return "Backpressure (slow consumer; XMLEvents(url:) from the loopback server, a records document streamed "
            + "from the generator, default watermarks):\n" + table.render() + "\n" + explanation
    }

    private static func dumpsSection(_ rows: [DumpRow]) -> String {
        var table = TextTable(
            headers: ["format", "size", "compressed", "file MB/s", "pipe MB/s", "plain MB/s", "×pipe", "×plain"],
            numeric: Set(1...7)
        )
        for row in rows {
            table.rows.append([
                row.format,
                ByteFormat.size(row.byteCount),
                ByteFormat.size(row.compressedBytes),
                String(format: "%.1f", row.fileMegabytesPerSecond),
                String(format: "%.1f", row.pipeMegabytesPerSecond),
                row.plainMegabytesPerSecond.map { String(format: "%.1f", $0) } ?? "-",
                ratio(row.throughputVersusPipe),
                ratio(row.throughputVersusPlain),
            ])
        }
        var explanation = """
            A records document compressed by each format's tool at its default level, read by `xmlevents --format \
            summary` spawned on the compressed file (file: decompressed on a second thread of xmlevents), on the output \
            of `<tool> -dc` through a pipe (pipe: the shell's wall time, both processes), and on the plain file. \
            MB/s are of the plain document's size, wall clock, process start included. ×pipe and ×plain are the \
            file's throughput against the pipe's and the plain file's within each repetition, median.
            """
        var alone = TextTable(
            headers: [
                "format", "size", "file MB/s", "alone MB/s", "×alone", "spread", "lbzip2 -n2 MB/s", "lbzip2 ×alone",
            ],
            numeric: Set(1...7))
        for row in rows {
            guard let aloneRate = row.aloneMegabytesPerSecond else { continue }
            alone.rows.append([
                row.format,
                ByteFormat.size(row.byteCount),
                String(format: "%.1f", row.fileMegabytesPerSecond),
                String(format: "%.1f", aloneRate),
                ratio(row.throughputVersusAlone),
                spread(row.throughputVersusAloneSpread),
                row.parallelAloneMegabytesPerSecond.map { String(format: "%.1f", $0) } ?? "-",
                ratio(row.parallelAloneVersusAlone),
            ])
        }
        if !alone.rows.isEmpty {
            explanation +=
                "\n\nThe multistream file (900 kB pieces, a bzip2 stream each) against its decompression alone, "
                + "`bzip2 -dc > /dev/null`, and lbzip2's on both cores: xmlevents decodes its streams on both cores "
                + "while it parses. ×alone is within each repetition, median; spread is (max − min) / median.\n"
                + alone.render()
        }
        return "Dumps (xmlevents on compressed files, against a pipe from the format's tool and the plain file):\n"
            + table.render() + "\n" + explanation
    }

    private static func encodingsSection(_ rows: [EncodingRow]) -> String {
        var table = TextTable(
            headers: ["encoding", "size", "file", "xmlevents MB/s", "C floor MB/s", "×C floor", "spread", "×UTF-8"],
            numeric: Set(1...7)
        )
        for row in rows {
            table.rows.append([
                row.encoding,
                ByteFormat.size(row.byteCount),
                ByteFormat.size(row.fileBytes),
                String(format: "%.1f", row.megabytesPerSecond),
                String(format: "%.1f", row.floorMegabytesPerSecond),
                ratio(row.versusFloor),
                spread(row.versusFloorSpread),
                ratio(row.versusUTF8),
            ])
        }
        let explanation = """
            A records document and copies of it in ISO-8859-1 and UTF-16 (little-endian, with a byte order mark), \
            each read by `xmlevents --format summary` and by the C floor as a process (`clibxml2-floor`), spawned on \
            the file: libxml2 converts the copies to UTF-8 as it parses, and XMLEvents reads them with one parser \
            (only UTF-8 and ASCII are cut into chunks of records). MB/s are of the UTF-8 document's size, wall clock, \
            process start included. ×C floor is xmlevents against the floor on the same file, ×UTF-8 against \
            xmlevents on the UTF-8 document, within each repetition, median; spread is (max − min) / median of \
            ×C floor.
            """
        return "Encodings (xmlevents and the C floor on the same document in UTF-8, ISO-8859-1 and UTF-16):\n"
            + table.render() + "\n" + explanation
    }

    private static func resumptionSection(_ rows: [ResumptionRow]) -> String {
        var table = TextTable(
            headers: [
                "transfer", "size", "resumptions", "elapsed", "MB/s", "×uncut", "sent twice", "lost in flight",
                "twice beyond loss", "each byte once",
            ],
            numeric: Set(1...8)
        )
        for row in rows {
            table.rows.append([
                row.title,
                ByteFormat.size(row.byteCount),
                String(row.resumptions),
                String(format: "%.2f s", row.medianSeconds),
                String(format: "%.1f", row.megabytesPerSecond),
                ratio(row.throughputVersusUncut),
                "\(row.sentTwiceBytes) B",
                "\(row.lostInFlightBytes) B",
                "\(row.sentTwiceBeyondLossBytes) B",
                row.receivedEachByteOnce ? "yes" : "NO",
            ])
        }
        let explanation = """
            The same records document served with ranges and a strong ETag, read with XMLEvents(url:) and the \
            scan workload; cut 10 times is broken off at ten evenly spaced offsets, by FIN and RST in turn, each \
            break resumed with Range and If-Range at once (back-off zero: the mechanism's cost, not the policy's \
            waits). ×uncut is the wall-clock throughput against the uncut transfer within each repetition, \
            median. Sent twice is the server's body bytes over every request minus the document's size; lost in \
            flight, the bytes a reset discarded before they arrived (each cut's offset minus where the next \
            request started), which must be sent again; twice beyond loss is the difference, 0 when every \
            continuation starts at the first byte the client lacks. Each byte once: the client counted the \
            document's size exactly, and the run's event counts were checked like every other's.
            """
        return "Resumption (loopback HTTP, a records document, uncut and cut 10 times, max over repetitions):\n"
            + table.render() + "\n" + explanation
    }

    private static func mainActorSection(_ rows: [MainActorRow]) -> String {
        var table = TextTable(
            headers: [
                "shape", "size", "MB/s", "×nonisolated", "MB/CPU-s", "×nonisolated (CPU)", "main actor busy (max)",
                "main thread (max)", "main thread (median)", "wake-ups (fewest)",
            ],
            numeric: Set(1...9)
        )
        for row in rows {
            table.rows.append([
                row.shape,
                ByteFormat.size(row.byteCount),
                String(format: "%.1f", row.megabytesPerSecond),
                ratio(row.speedVersusNonisolated),
                String(format: "%.1f", row.megabytesPerCPUSecond),
                ratio(row.cpuSpeedVersusNonisolated),
                TimeFormat.milliseconds(row.longestBusySeconds),
                percent(row.largestMainThreadShare) + "%",
                percent(row.medianMainThreadShare) + "%",
                String(row.fewestTickerWakeUps),
            ])
        }
        let explanation = """
            The owned scan's `for try await` loop in a @MainActor function, the main actor on the process's main \
            thread (the benchmark runs the main run loop), against the same loop nonisolated (XMLEvents owned \
            scan) within each repetition. Main actor busy is the longest gap between two wake-ups of a main-actor \
            task that sleeps 1 ms at a time, from the loop's start to its end: the longest the main actor was not \
            free, plus the sleep. Main thread is the main thread's CPU time (CLOCK_THREAD_CPUTIME_ID) over the \
            process's during the loop.
            """
        return "Main actor (XMLEvents owned scan, main actor, against the nonisolated loop):\n" + table.render() + "\n"
            + explanation
    }

    private static func concurrencySection(_ rows: [ConcurrencyRow]) -> String {
        var table = TextTable(
            headers: [
                "parses", "size", "wake-ups", "late (worst)", "late (median)", "cancel (worst)", "cancel (median)",
                "stopped early", "items/parse (fewest)", "cores",
            ],
            numeric: Set(1...9)
        )
        for row in rows {
            table.rows.append([
                row.title,
                ByteFormat.size(row.byteCount),
                "\(row.wakeUps) (≥ \(row.fewestWakeUps) a run)",
                TimeFormat.milliseconds(row.worstLatenessSeconds),
                TimeFormat.milliseconds(row.medianLatenessSeconds),
                TimeFormat.milliseconds(row.worstCancelSeconds),
                TimeFormat.milliseconds(row.medianCancelSeconds),
                "\(row.runsStoppedEarly) of \(row.repetitions)",
                String(row.fewestItemsPerParse),
                row.activeProcessorsLabel,
            ])
        }
        let period = TimeFormat.wholeMilliseconds(XMLEventsConcurrencyContender.period)
        let explanation = """
            Each run: \(XMLEventsConcurrencyContender.parses) parses of the same records file (XMLEvents(path:), \
            nonisolated) in a task group, beside a task that sleeps \(period) at a time; after \
            \(XMLEventsConcurrencyContender.wakeUps) wake-ups (sooner, "stopped early", when a parse is three \
            quarters through the document) the group's cancelAll() ends them, each with \
            CancellationError (a parse that finishes the document fails the run). Late is a wake-up's time minus \
            the time it was due (the first counts from before the parses were added); worst over every run, \
            median of the runs' medians. Cancel is from cancelAll() to the end of the last parse. Cores is \
            ProcessInfo.activeProcessorCount in the child: the issue's figures are for 2.
            """
        return "Concurrency (parses beside a \(period) timer, then cancelled):\n" + table.render() + "\n" + explanation
    }

    private static func targetTable(_ targets: [TargetResult]) -> String {
        var table = TextTable(headers: ["target", "kind", "measured", "verdict"], numeric: [])
        for target in targets {
            table.rows.append([target.target, target.kind.rawValue, target.measured, target.verdict.rawValue])
        }
        return table.render()
    }

    private static func ratio(_ value: Double?) -> String {
        value.map { String(format: "%.2f", $0) } ?? "-"
    }

    /// A spread ((max − min) / median) as a percentage with its sign.
    private static func spread(_ value: Double?) -> String {
        value.map { String(format: "%.0f%%", 100 * $0) } ?? "-"
    }

    private static func percent(_ value: Double) -> String {
        value.isNaN ? "-" : String(format: "%.0f", value * 100)
    }
}
