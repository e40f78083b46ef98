/// The runs reduced to table rows: medians, spreads, paired ratios and peaks.
struct ResultSummary: Codable, Sendable {
    var comparison: [ComparisonRow]
    var scaling: [ScalingRow]
    var backpressure: [BackpressureRow]
    var resumption: [ResumptionRow]
    var mainActor: [MainActorRow]
    var concurrency: [ConcurrencyRow]
    var dumps: [DumpRow]
    var encodings: [EncodingRow]

    init(records: [RunRecord]) {
        comparison = ResultSummary.comparisonRows(records.filter { $0.kind == .comparison })
        scaling = ResultSummary.scalingRows(records.filter { $0.kind == .scaling })
        backpressure = ResultSummary.backpressureRows(records.filter { $0.kind == .backpressure })
        resumption = ResultSummary.resumptionRows(records.filter { $0.kind == .resumption })
        mainActor = ResultSummary.mainActorRows(records.filter { $0.kind == .comparison })
        concurrency = ResultSummary.concurrencyRows(records.filter { $0.kind == .concurrency })
        dumps = ResultSummary.dumpRows(records.filter { $0.kind == .dumps })
        encodings = ResultSummary.encodingRows(records.filter { $0.kind == .encodings })
    }

    private static func encodingRows(_ records: [RunRecord]) -> [EncodingRow] {
        var rows: [EncodingRow] = []
        for byteCount in Set(records.map(\.byteCount)) {
            let megabytes = Double(byteCount) / 1e6
            func runs(_ encoding: XMLEventsEncodingContender.Encoding?, _ parser: XMLEventsEncodingContender.Parser)
                -> [RunRecord]
            {
                let id = XMLEventsEncodingContender(encoding: encoding, parser: parser).id
                return records.filter { $0.byteCount == byteCount && $0.contender == id }
            }
            let plain = runs(nil, .xmlevents)
            for encoding in [nil] + XMLEventsEncodingContender.encodings {
                let parsed = runs(encoding, .xmlevents)
                let floor = runs(encoding, .floor)
                guard !parsed.isEmpty, !floor.isEmpty else { continue }
                rows.append(
                    EncodingRow(
                        encoding: encoding?.name ?? "UTF-8",
                        byteCount: byteCount,
                        fileBytes: parsed.compactMap { $0.metrics?[EncodingRow.fileBytesKey] }.first.map(Int.init)
                            ?? byteCount,
                        repetitions: parsed.count,
                        megabytesPerSecond: megabytes / SampleStatistics.median(parsed.map(\.seconds)),
                        floorMegabytesPerSecond: megabytes / SampleStatistics.median(floor.map(\.seconds)),
                        versusFloor: ratio(floor, parsed, \.seconds),
                        versusFloorSpread: ratioSpread(floor, parsed, \.seconds),
                        versusUTF8: encoding == nil ? nil : ratio(plain, parsed, \.seconds)
                    ))
            }
        }
        let order = ["UTF-8"] + XMLEventsEncodingContender.encodings.map(\.name)
        return rows.sorted {
            ($0.byteCount, order.firstIndex(of: $0.encoding) ?? 99) < (
                $1.byteCount, order.firstIndex(of: $1.encoding) ?? 99
            )
        }
    }

    private static func dumpRows(_ records: [RunRecord]) -> [DumpRow] {
        var rows: [DumpRow] = []
        for (byteCount, runs) in Dictionary(grouping: records, by: \.byteCount) {
            let megabytes = Double(byteCount) / 1e6
            let plain = runs.filter { $0.contender == XMLEventsDumpContender.plainID }
            for format in XMLEventsDumpContender.formats {
                let file = runs.filter { $0.contender == XMLEventsDumpContender(format: format, way: .file).id }
                let pipe = runs.filter { $0.contender == XMLEventsDumpContender(format: format, way: .pipe).id }
                let alone = runs.filter { $0.contender == XMLEventsDumpContender(format: format, way: .alone).id }
                let parallel = runs.filter {
                    $0.contender == XMLEventsDumpContender(format: format, way: .parallelAlone).id
                }
                guard !file.isEmpty, !pipe.isEmpty else { continue }
                rows.append(
                    DumpRow(
                        format: format.name,
                        byteCount: byteCount,
                        compressedBytes: file.compactMap { $0.metrics?[DumpRow.compressedBytesKey] }.first.map(Int.init)
                            ?? 0,
                        repetitions: file.count,
                        fileMegabytesPerSecond: megabytes / SampleStatistics.median(file.map(\.seconds)),
                        pipeMegabytesPerSecond: megabytes / SampleStatistics.median(pipe.map(\.seconds)),
                        plainMegabytesPerSecond: plain.isEmpty
                            ? nil : megabytes / SampleStatistics.median(plain.map(\.seconds)),
                        throughputVersusPipe: ratio(pipe, file, \.seconds),
                        throughputVersusPlain: ratio(plain, file, \.seconds),
                        aloneMegabytesPerSecond: alone.isEmpty
                            ? nil : megabytes / SampleStatistics.median(alone.map(\.seconds)),
                        throughputVersusAlone: ratio(alone, file, \.seconds),
                        throughputVersusAloneSpread: ratioSpread(alone, file, \.seconds),
                        parallelAloneMegabytesPerSecond: parallel.isEmpty
                            ? nil : megabytes / SampleStatistics.median(parallel.map(\.seconds)),
                        parallelAloneVersusAlone: ratio(alone, parallel, \.seconds)
                    ))
            }
        }
        let order = XMLEventsDumpContender.formats.map(\.name)
        return rows.sorted {
            ($0.byteCount, order.firstIndex(of: $0.format) ?? 99) < (
                $1.byteCount, order.firstIndex(of: $1.format) ?? 99
            )
        }
    }

    private struct DocumentKey: Hashable {
        var shape: String
        var byteCount: Int
        var source: String
    }

    private static func comparisonRows(_ records: [RunRecord]) -> [ComparisonRow] {
        var rows: [ComparisonRow] = []
        let byDocument = Dictionary(grouping: records) {
            DocumentKey(shape: $0.shape, byteCount: $0.byteCount, source: $0.source)
        }
        for (document, runs) in byDocument {
            let floor = runs.filter { $0.contender == ContenderRoster.floorID }
            let foundation = runs.filter { $0.contender == ContenderRoster.foundationID }
            // The document's start elements, from any contender that counts them (a decoder
            // sees records only); every count is checked equal, so any one will do.
            let elements = Double(runs.lazy.compactMap(\.counts.elements).first ?? 0)
            for contender in ContenderRoster.comparison {
                let mine = runs.filter { $0.contender == contender.id }
                guard !mine.isEmpty else { continue }
                let seconds = SampleStatistics.median(mine.map(\.seconds))
                rows.append(
                    ComparisonRow(
                        contender: contender.id,
                        title: contender.title,
                        shape: document.shape,
                        byteCount: document.byteCount,
                        repetitions: mine.count,
                        medianSeconds: seconds,
                        megabytesPerSecond: Double(document.byteCount) / 1e6 / seconds,
                        megabytesPerCPUSecond: Double(document.byteCount) / 1e6
                            / SampleStatistics.median(mine.map(\.cpuSeconds)),
                        elementsPerSecond: elements / seconds,
                        spread: SampleStatistics.relativeSpread(mine.map(\.seconds)),
                        speedVersusFloor: ratio(floor, mine, \.seconds),
                        speedVersusFoundation: ratio(foundation, mine, \.seconds),
                        cpuSpeedVersusFloor: ratio(floor, mine, \.cpuSeconds),
                        cpuSpeedVersusFoundation: ratio(foundation, mine, \.cpuSeconds),
                        cpuSpeedVersusFloorSpread: ratioSpread(floor, mine, \.cpuSeconds),
                        cpuSpeedVersusFoundationSpread: ratioSpread(foundation, mine, \.cpuSeconds),
                        cpuUtilization: SampleStatistics.median(mine.map { $0.cpuSeconds / $0.seconds }),
                        peakResidentBytes: mine.map(\.peakResidentBytes).max() ?? 0
                    ))
            }
        }
        return rows.sorted { lhs, rhs in
            (lhs.byteCount, shapeOrder(lhs.shape), contenderOrder(lhs.contender))
                < (rhs.byteCount, shapeOrder(rhs.shape), contenderOrder(rhs.contender))
        }
    }

    private static func scalingRows(_ records: [RunRecord]) -> [ScalingRow] {
        var rows: [ScalingRow] = []
        let byDocument = Dictionary(grouping: records) {
            DocumentKey(shape: $0.shape, byteCount: $0.byteCount, source: $0.source)
        }
        for (document, runs) in byDocument {
            let single = runs.filter { $0.streams == 1 }
            for streams in Set(runs.map(\.streams)).sorted() {
                let mine = runs.filter { $0.streams == streams }
                let seconds = SampleStatistics.median(mine.map(\.seconds))
                // N streams in time t against one stream in time t1: N·t1/t is the gain in
                // aggregate throughput.
                let speedup = SampleStatistics.pairedRatio(
                    numerator: perRepetition(single) { Double(streams) * $0.seconds },
                    denominator: perRepetition(mine, \.seconds)
                )
                let efficiency = SampleStatistics.pairedRatio(
                    numerator: perRepetition(single) { Double(streams) * $0.cpuSeconds },
                    denominator: perRepetition(mine, \.cpuSeconds)
                )
                rows.append(
                    ScalingRow(
                        source: document.source,
                        shape: document.shape,
                        byteCount: document.byteCount,
                        streams: streams,
                        repetitions: mine.count,
                        medianSeconds: seconds,
                        aggregateMegabytesPerSecond: Double(document.byteCount * streams) / 1e6 / seconds,
                        spread: SampleStatistics.relativeSpread(mine.map(\.seconds)),
                        speedupVersusOneStream: speedup,
                        megabytesPerCPUSecond: Double(document.byteCount * streams) / 1e6
                            / SampleStatistics.median(mine.map(\.cpuSeconds)),
                        cpuEfficiencyVersusOneStream: efficiency,
                        cpuUtilization: SampleStatistics.median(mine.map { $0.cpuSeconds / $0.seconds }),
                        peakResidentBytes: mine.map(\.peakResidentBytes).max() ?? 0
                    ))
            }
        }
        return rows.sorted { lhs, rhs in
            (lhs.source, lhs.byteCount, lhs.streams) < (rhs.source, rhs.byteCount, rhs.streams)
        }
    }

    private static func backpressureRows(_ records: [RunRecord]) -> [BackpressureRow] {
        var rows: [BackpressureRow] = []
        let byDocument = Dictionary(grouping: records) {
            DocumentKey(shape: $0.shape, byteCount: $0.byteCount, source: $0.source)
        }
        for (document, runs) in byDocument {
            for contender in ContenderRoster.backpressure {
                let mine = runs.filter { $0.contender == contender.id }
                let readings = mine.compactMap { BackpressureReading(metrics: $0.metrics) }
                guard let first = readings.first else { continue }
                let seconds = SampleStatistics.median(mine.map(\.seconds))
                rows.append(
                    BackpressureRow(
                        contender: contender.id,
                        title: contender.title,
                        shape: document.shape,
                        byteCount: document.byteCount,
                        repetitions: mine.count,
                        clientPeakBufferedBytes: readings.map(\.clientPeakBufferedBytes).max() ?? 0,
                        clientBufferBoundBytes: first.clientBufferBoundBytes,
                        highWatermarkBytes: first.highWatermarkBytes,
                        serverLeadMaximumBytes: readings.map(\.serverLeadMaximumBytes).max() ?? 0,
                        medianSeconds: seconds,
                        megabytesPerSecond: Double(document.byteCount) / 1e6 / seconds,
                        peakResidentBytes: mine.map(\.peakResidentBytes).max() ?? 0
                    ))
            }
        }
        return rows.sorted { lhs, rhs in
            (lhs.byteCount, backpressureOrder(lhs.contender)) < (rhs.byteCount, backpressureOrder(rhs.contender))
        }
    }

    private static func resumptionRows(_ records: [RunRecord]) -> [ResumptionRow] {
        var rows: [ResumptionRow] = []
        for (byteCount, runs) in Dictionary(grouping: records, by: \.byteCount) {
            // The roster's first is the uncut transfer, the baseline.
            let uncut = runs.filter { $0.contender == ContenderRoster.resumption.first?.id }
            for contender in ContenderRoster.resumption {
                let mine = runs.filter { $0.contender == contender.id }
                let readings = mine.compactMap { ResumptionReading(metrics: $0.metrics) }
                guard !readings.isEmpty else { continue }
                let seconds = SampleStatistics.median(mine.map(\.seconds))
                rows.append(
                    ResumptionRow(
                        contender: contender.id,
                        title: contender.title,
                        byteCount: byteCount,
                        repetitions: mine.count,
                        medianSeconds: seconds,
                        megabytesPerSecond: Double(byteCount) / 1e6 / seconds,
                        throughputVersusUncut: ratio(uncut, mine, \.seconds),
                        resumptions: readings.map(\.resumptions).max() ?? 0,
                        sentTwiceBytes: readings.map(\.sentTwiceBytes).max() ?? 0,
                        lostInFlightBytes: readings.map(\.lostInFlightBytes).max() ?? 0,
                        sentTwiceBeyondLossBytes: readings.map { $0.sentTwiceBytes - $0.lostInFlightBytes }.max() ?? 0,
                        receivedEachByteOnce: readings.allSatisfy { $0.receivedBytes == $0.documentBytes }
                    ))
            }
        }
        return rows.sorted { lhs, rhs in
            (lhs.byteCount, resumptionOrder(lhs.contender)) < (rhs.byteCount, resumptionOrder(rhs.contender))
        }
    }

    private static func mainActorRows(_ records: [RunRecord]) -> [MainActorRow] {
        var rows: [MainActorRow] = []
        let byDocument = Dictionary(grouping: records) {
            DocumentKey(shape: $0.shape, byteCount: $0.byteCount, source: $0.source)
        }
        for (document, runs) in byDocument {
            let mine = runs.filter { $0.contender == ContenderRoster.mainActorScanID }
            let readings = mine.compactMap { MainActorScanReading(metrics: $0.metrics) }
            guard !readings.isEmpty else { continue }
            let nonisolated = runs.filter { $0.contender == ContenderRoster.scanID }
            let shares = readings.map(\.mainThreadShare)
            rows.append(
                MainActorRow(
                    shape: document.shape,
                    byteCount: document.byteCount,
                    repetitions: mine.count,
                    megabytesPerSecond: Double(document.byteCount) / 1e6
                        / SampleStatistics.median(mine.map(\.seconds)),
                    megabytesPerCPUSecond: Double(document.byteCount) / 1e6
                        / SampleStatistics.median(mine.map(\.cpuSeconds)),
                    speedVersusNonisolated: ratio(nonisolated, mine, \.seconds),
                    cpuSpeedVersusNonisolated: ratio(nonisolated, mine, \.cpuSeconds),
                    longestBusySeconds: readings.map(\.longestBusySeconds).max() ?? 0,
                    largestMainThreadShare: shares.max() ?? 0,
                    medianMainThreadShare: SampleStatistics.median(shares),
                    fewestTickerWakeUps: readings.map(\.tickerWakeUps).min() ?? 0
                ))
        }
        return rows.sorted { lhs, rhs in
            (lhs.byteCount, shapeOrder(lhs.shape)) < (rhs.byteCount, shapeOrder(rhs.shape))
        }
    }

    private static func concurrencyRows(_ records: [RunRecord]) -> [ConcurrencyRow] {
        var rows: [ConcurrencyRow] = []
        for (byteCount, runs) in Dictionary(grouping: records, by: \.byteCount) {
            for contender in ContenderRoster.concurrency {
                let readings = runs.filter { $0.contender == contender.id }
                    .compactMap { ConcurrencyReading(metrics: $0.metrics) }
                guard let first = readings.first else { continue }
                let processors = readings.map(\.activeProcessors)
                rows.append(
                    ConcurrencyRow(
                        contender: contender.id,
                        title: contender.title,
                        byteCount: byteCount,
                        repetitions: readings.count,
                        parses: first.parses,
                        periodSeconds: first.periodSeconds,
                        wakeUps: readings.map(\.wakeUps).reduce(0, +),
                        fewestWakeUps: readings.map(\.wakeUps).min() ?? 0,
                        worstLatenessSeconds: readings.map(\.worstLatenessSeconds).max() ?? 0,
                        medianLatenessSeconds: SampleStatistics.median(readings.map(\.medianLatenessSeconds)),
                        worstCancelSeconds: readings.map(\.cancelSeconds).max() ?? 0,
                        medianCancelSeconds: SampleStatistics.median(readings.map(\.cancelSeconds)),
                        runsStoppedEarly: readings.filter(\.stoppedEarly).count,
                        fewestItemsPerParse: readings.map(\.fewestItems).min() ?? 0,
                        fewestActiveProcessors: processors.min() ?? 0,
                        mostActiveProcessors: processors.max() ?? 0
                    ))
            }
        }
        return rows.sorted { lhs, rhs in
            (lhs.byteCount, concurrencyOrder(lhs.contender)) < (rhs.byteCount, concurrencyOrder(rhs.contender))
        }
    }

    /// How much faster `runs` went than `baseline`, per repetition, on the given time.
    private static func ratio(_ baseline: [RunRecord], _ runs: [RunRecord], _ time: (RunRecord) -> Double) -> Double? {
        SampleStatistics.pairedRatio(numerator: perRepetition(baseline, time), denominator: perRepetition(runs, time))
    }

    /// How much the per-repetition ratio of `ratio(_:_:_:)` moved: (max − min) / median.
    static func ratioSpread(_ baseline: [RunRecord], _ runs: [RunRecord], _ time: (RunRecord) -> Double) -> Double? {
        let ratios = SampleStatistics.pairedRatios(
            numerator: perRepetition(baseline, time), denominator: perRepetition(runs, time))
        return ratios.count > 1 ? SampleStatistics.relativeSpread(ratios) : nil
    }

    static func perRepetition(_ runs: [RunRecord], _ value: (RunRecord) -> Double) -> [Int: Double] {
        Dictionary(runs.map { ($0.repetition, value($0)) }, uniquingKeysWith: { first, _ in first })
    }

    static func shapeOrder(_ shape: String) -> Int {
        ["records", "text", "ns"].firstIndex(of: shape) ?? 99
    }

    static func contenderOrder(_ id: String) -> Int {
        ContenderRoster.comparison.firstIndex { $0.id == id } ?? 99
    }

    static func backpressureOrder(_ id: String) -> Int {
        ContenderRoster.backpressure.firstIndex { $0.id == id } ?? 99
    }

    static func resumptionOrder(_ id: String) -> Int {
        ContenderRoster.resumption.firstIndex { $0.id == id } ?? 99
    }

    static func concurrencyOrder(_ id: String) -> Int {
        ContenderRoster.concurrency.firstIndex { $0.id == id } ?? 99
    }
}
