import XMLCorpus

/// Which documents are parsed by which contenders, how often, in what order.
struct BenchmarkPlan {
    enum Kind: String, Codable, Sendable {
        /// Every contender on the same file: the comparison table.
        case comparison
        /// The concurrent scan with 1, 2 and 64 streams: the scaling and memory table.
        case scaling
        /// A slow and a fast consumer over loopback HTTP: the backpressure table.
        case backpressure
        /// The same document over loopback HTTP uncut and cut ten times: the resumption table.
        case resumption
        /// Four parses beside a timer, then cancelled: the concurrency table.
        case concurrency
        /// `xmlevents` on compressed copies of a document, through a pipe from each format's tool,
        /// and on the plain file: the dumps table.
        case dumps
        /// `xmlevents` and the C floor on the document and on copies of it in ISO-8859-1 and
        /// UTF-16: the encodings table.
        case encodings
    }

    /// One contender at one concurrency.
    struct Lane: Hashable, Codable, Sendable {
        var contender: String
        var streams: Int
    }

    /// One document and the lanes that take turns on it, repetition after repetition.
    struct Group {
        var kind: Kind
        var document: CorpusDocument
        var usesGenerator: Bool
        var lanes: [Lane]
        var repetitions: Int
    }

    var groups: [Group]

    /// The shape the scaling runs use: records is the common streaming case (many small
    /// elements) and the one the memory targets are stated for.
    static let scalingShape = CorpusShape.records

    static let megabyte = 1_000_000

    /// The document size the targets are stated at and the documentation quotes.
    static let documentedSize = 100 * megabyte

    static func make(_ options: BenchmarkOptions) -> BenchmarkPlan {
        let repetitions = options.repetitions ?? (options.quick ? 1 : 5)
        var groups: [Group] = []
        if options.runsComparison {
            let sizes =
                options.comparisonSizes ?? (options.quick ? [megabyte] : [megabyte, 10 * megabyte, documentedSize])
            let lanes = ContenderRoster.comparison
                .filter { contender in
                    guard let wanted = options.contenderIDs else { return true }
                    return wanted.contains(contender.id) || contender.id == ContenderRoster.floorID
                        || contender.id == ContenderRoster.foundationID
                }
                .map { Lane(contender: $0.id, streams: 1) }
            for size in sizes {
                for shape in options.shapes {
                    groups.append(
                        Group(
                            kind: .comparison,
                            document: CorpusDocument(shape: shape, targetByteCount: size),
                            usesGenerator: false,
                            lanes: lanes,
                            // The targets are judged at 100 MB; the smaller sizes show the trend,
                            // for which three samples give a median in less of a long run.
                            repetitions: size < documentedSize && sizes.contains(documentedSize)
                                ? Swift.min(repetitions, 3) : repetitions
                        ))
                }
            }
        }
        if options.runsScaling {
            for cell in scalingCells(quick: options.quick) {
                groups.append(
                    Group(
                        kind: .scaling,
                        document: CorpusDocument(shape: scalingShape, targetByteCount: cell.size),
                        usesGenerator: cell.usesGenerator,
                        lanes: cell.streams.map { Lane(contender: ContenderRoster.scaling.id, streams: $0) },
                        // The biggest runs dominate the wall time; three samples still give a
                        // median, and the gigabyte runs are there for their peak memory, a
                        // maximum that one run gives.
                        repetitions: cell.parsedBytes >= 1_000 * megabyte
                            ? 1 : cell.parsedBytes >= 100 * megabyte ? Swift.min(repetitions, 3) : repetitions
                    ))
            }
        }
        if options.runsBackpressure && !ContenderRoster.backpressure.isEmpty {
            groups.append(
                Group(
                    kind: .backpressure,
                    document: CorpusDocument(
                        shape: backpressureShape,
                        targetByteCount: options.quick ? 10 * megabyte : 100 * megabyte
                    ),
                    usesGenerator: true,
                    lanes: ContenderRoster.backpressure.map { Lane(contender: $0.id, streams: 1) },
                    // Its readings are maxima over a whole transfer of a hundred or more
                    // pause-and-resume cycles, not times that need a median; another repetition
                    // would repeat seconds of deliberately slow reading for little.
                    repetitions: 1
                ))
        }
        // The tables of one records document read by each of their contenders in turn.
        let records = CorpusDocument(shape: .records, targetByteCount: options.quick ? 10 * megabyte : documentedSize)
        let tables: [(Kind, runs: Bool, [any Contender], repetitions: Int)] = [
            (.resumption, options.runsResumption, ContenderRoster.resumption, Swift.min(repetitions, 3)),
            (.concurrency, options.runsConcurrency, ContenderRoster.concurrency, repetitions),
            // Every repetition: a few seconds each, and the ratios sit near their targets.
            (.dumps, options.runsDumps, ContenderRoster.dumps, repetitions),
            (.encodings, options.runsEncodings, ContenderRoster.encodings, repetitions),
        ]
        for (kind, runs, contenders, repetitions) in tables where runs && !contenders.isEmpty {
            groups.append(
                Group(
                    kind: kind, document: records, usesGenerator: false,
                    lanes: contenders.map { Lane(contender: $0.id, streams: 1) }, repetitions: repetitions))
        }
        return BenchmarkPlan(groups: groups)
    }

    /// The shape the backpressure runs use: many small events, so the slow consumer's pace is
    /// even across the document.
    static let backpressureShape = CorpusShape.records

    private struct ScalingCell {
        var size: Int
        var usesGenerator: Bool
        var streams: [Int]

        /// The bytes of the cell's largest run.
        var parsedBytes: Int { size * (streams.max() ?? 1) }
    }

    /// Every size with 1, 2 and 64 streams, except 64 streams of 100 MB and of 1 GB (6.4 GB and
    /// 64 GB per run: minutes of a shared two-core machine for a number the 1 MB and 10 MB rows
    /// already give). The 1 GB document streams from the generator; so does a 10 MB one, to
    /// compare memory like for like with it.
    private static func scalingCells(quick: Bool) -> [ScalingCell] {
        if quick {
            return [
                ScalingCell(size: megabyte, usesGenerator: false, streams: [1, 2, 64]),
                ScalingCell(size: 10 * megabyte, usesGenerator: true, streams: [1]),
            ]
        }
        return [
            ScalingCell(size: megabyte, usesGenerator: false, streams: [1, 2, 64]),
            ScalingCell(size: 10 * megabyte, usesGenerator: false, streams: [1, 2, 64]),
            ScalingCell(size: 100 * megabyte, usesGenerator: false, streams: [1, 2]),
            ScalingCell(size: 10 * megabyte, usesGenerator: true, streams: [1]),
            ScalingCell(size: 1_000 * megabyte, usesGenerator: true, streams: [1, 2]),
        ]
    }
}
