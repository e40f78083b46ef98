/// The table of contenders. Adding one (a slow consumer, `decode`) is a new file with its type
/// and one line here.
enum ContenderRoster {
    /// Compared on the same files in every repetition, in this order rotated by one each time;
    /// listed in the table and the chart in this order.
    static let comparison: [any Contender] = {
        var contenders: [any Contender] = [
            CLibXML2FloorContender.standard,
            CLibXML2FloorContender.fourKiBSteps,
            CLibXML2FloorContender.visitorWork,
            FoundationXMLParserContender(),
            XMLEventsVisitorScanContender(),
            XMLEventsScanContender(),
            XMLEventsScanContender(oneParser: true),
            XMLEventsMainActorScanContender(),
            XMLEventsMaterializeContender(),
            XMLEventsDecodeContender(),
            XMLEventsDecodeContender(oneParser: true),
            XMLEventsElementsContender(),
            XMLEventsElementsContender(oneParser: true),
            XMLEventsDecodeMixedContender(),
            XMLEventsDecodeTwoPassesContender(),
            XMLEventsTransformContender(),
            XMLEventsTransformByHandContender(),
            XMLEventsInMemoryStreamContender(),
            XMLEventsAsyncBytesContender(),
        ]
        // The HTTP client exists only where XMLEvents has one (libcurl on Linux, URLSession on
        // Apple platforms).
        #if (os(Linux) && canImport(CCurl)) || canImport(Darwin)
            contenders.append(XMLEventsLoopbackHTTPContender())
        #endif
        contenders += [
            CLibXML2FloorProcessContender(), CLibXML2SummaryProcessContender(), XMLEventsCommandLineContender(),
            XMLEventsCommandLineContender(jobs: 1),
        ]
        return contenders
    }()

    /// A slow and a fast consumer over loopback HTTP, and twenty streams of a compressed bomb
    /// beside the same uncompressed, for the backpressure table; none where XMLEvents has no
    /// HTTP client.
    static let backpressure: [any Contender] = {
        #if (os(Linux) && canImport(CCurl)) || canImport(Darwin)
            [
                XMLEventsBackpressureContender.slow, XMLEventsBackpressureContender.fast,
                XMLEventsCompressedBombContender.identity, XMLEventsCompressedBombContender.gzip,
            ]
        #else
            []
        #endif
    }()

    /// The same document uncut (first: the baseline) and cut ten times over loopback HTTP, for
    /// the resumption table; none where XMLEvents does not resume (it does with libcurl only).
    static let resumption: [any Contender] = {
        #if os(Linux) && canImport(CCurl)
            [XMLEventsResumptionContender.uncut, XMLEventsResumptionContender.cutTenTimes]
        #else
            []
        #endif
    }()

    /// Four parses of each tier beside a 25 ms timer, then cancelled: the concurrency table.
    static let concurrency: [any Contender] = [
        XMLEventsConcurrencyContender.scan, XMLEventsConcurrencyContender.visit, XMLEventsConcurrencyContender.decode,
    ]

    /// `xmlevents` on each compressed copy, through a pipe from its tool, and on the plain file:
    /// the dumps table.
    static let dumps: [any Contender] = XMLEventsDumpContender.all

    /// `xmlevents` and the C floor on the document in UTF-8, ISO-8859-1 and UTF-16: the encodings
    /// table.
    static let encodings: [any Contender] = XMLEventsEncodingContender.all

    /// Run with 1, 2 and 64 streams for the scaling and memory table.
    static let scaling: any Contender = XMLEventsConcurrentScanContender()

    /// The identifier of the C floor, the baseline of the "× C floor" column.
    static let floorID = CLibXML2FloorContender.standard.id

    /// The identifier of Foundation's parser, the baseline of the "× Foundation" column.
    static let foundationID = FoundationXMLParserContender().id

    /// The nonisolated owned scan, and the same on the main actor, compared in the main-actor
    /// table.
    static let scanID = XMLEventsScanContender().id
    static let mainActorScanID = XMLEventsMainActorScanContender().id

    /// The pairs that time one job done two ways, in the comparison: the one-pass decode of two
    /// record types against two passes, and the transform against the hand-written loop; each
    /// with the figure the issue asks of it.
    static let pairs: [(contender: String, baseline: String, atLeast: Double)] = [
        (XMLEventsDecodeMixedContender().id, XMLEventsDecodeTwoPassesContender().id, 1.0),
        (XMLEventsTransformContender().id, XMLEventsTransformByHandContender().id, 0.8),
    ]

    /// Each tier on every core (the default) against the same with one parser, wall clock: what
    /// parsing one document on several cores gains, with the figure issue 34 asks of it.
    static let parallelPairs: [(contender: String, baseline: String, atLeast: Double)] = [
        (XMLEventsScanContender().id, XMLEventsScanContender(oneParser: true).id, 1.3),
        (XMLEventsDecodeContender().id, XMLEventsDecodeContender(oneParser: true).id, 1.0),
        (XMLEventsElementsContender().id, XMLEventsElementsContender(oneParser: true).id, 1.0),
        (XMLEventsCommandLineContender().id, XMLEventsCommandLineContender(jobs: 1).id, 1.0),
    ]

    /// Run alone once, for the memory the process takes before parsing anything.
    static let baseline: any Contender = ProcessBaselineContender()

    /// Run before and after the scaling runs, for the cores the machine gave the process.
    static let coreProbe: any Contender = CoreAvailabilityProbe()

    /// Every contender a child process may be asked to run.
    static var all: [any Contender] {
        comparison + backpressure + resumption + concurrency + dumps + encodings + [scaling, baseline, coreProbe]
    }

    static func contender(id: String) throws(BenchmarkError) -> any Contender {
        guard let found = all.first(where: { $0.id == id }) else { throw BenchmarkError.unknownContender(id) }
        return found
    }
}
