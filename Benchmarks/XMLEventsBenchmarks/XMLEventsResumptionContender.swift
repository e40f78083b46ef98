#if os(Linux) && canImport(CCurl)
    import Foundation
    import LoopbackHTTP
    import XMLEvents

    /// XMLEvents reading the document over loopback HTTP from a server that supports ranges and
    /// breaks the body off `cutCount` times (FIN and RST in turn, at evenly spaced offsets), so
    /// that the transfer resumes each time; with no cut, the same server and document as the
    /// baseline. The resumption measurement: what resuming costs in time, and how many bytes the
    /// server sends twice.
    ///
    /// The back-off is zero, so that the time measured is the mechanism's (a new connection, a
    /// request with `Range` and `If-Range`, the checks of its head) rather than the policy's
    /// deliberate waits, which a user chooses.
    struct XMLEventsResumptionContender: Contender {
        let id: String
        let title: String
        let summary: String
        let cutCount: Int

        static let uncut = XMLEventsResumptionContender(
            id: "xmlevents-http-uncut", title: "uncut",
            summary: "The owned scan over `XMLEvents(url:)` from a server that offers ranges, never cut.",
            cutCount: 0)

        static let cutTenTimes = XMLEventsResumptionContender(
            id: "xmlevents-http-cut10", title: "cut 10 times",
            summary: "The same, the body broken off ten times (FIN and RST in turn) and resumed each time.",
            cutCount: 10)

        /// The cuts of a document of `byteCount` bytes: at `k`/(`cutCount` + 1) of it, a few
        /// bytes further each time so that no cut falls on a round boundary.
        func cuts(byteCount: Int) -> [LoopbackRangedDocument.Cut] {
            guard cutCount > 0 else { return [] }
            return (1...cutCount).map { index in
                let offset = byteCount * index / (cutCount + 1) + index * 7
                return index % 2 == 1 ? .close(at: offset) : .reset(at: offset)
            }
        }

        func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
            let path = try input.requireFile(for: id)
            // Starting the server and loading the body are setup, outside the timed region.
            let body = try Data(contentsOf: URL(fileURLWithPath: path))
            let server = try LoopbackServer()
            defer { server.stop() }
            let document = LoopbackRangedDocument(
                .init(bytes: body, entityTag: "\"benchmark\""), cuts: cuts(byteCount: body.count))
            server.route("/document.xml", document)
            var configuration = XMLHTTPConfiguration()
            configuration.maximumResumptionAttempts = 3
            configuration.resumptionBackoff = Duration.zero...Duration.zero
            let events = XMLEvents(url: server.url("/document.xml"), configuration: configuration)
            let stopwatch = Stopwatch()
            let counts = try await ScanWorkload.run(events, itemName: input.itemName)
            let elapsed = stopwatch.read()
            let progress = events.source.progress
            let reading = ResumptionReading(
                resumptions: progress.resumptionCount,
                documentBytes: body.count,
                receivedBytes: progress.receivedByteCount,
                serverBodyBytes: server.bodyBytesWritten,
                lostInFlightBytes: Self.lostInFlight(document.requests)
            )
            return WorkloadMeasurement(
                seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts, metrics: reading.metrics)
        }

        /// The bytes each cut sent that never arrived (a reset discards what was in flight): the
        /// cut's offset minus where the next request started.
        private static func lostInFlight(_ requests: [LoopbackRangedDocument.Request]) -> Int {
            zip(requests, requests.dropFirst()).reduce(0) { total, pair in
                guard let cut = pair.0.cut, let next = pair.1.firstByte else { return total }
                return total + Swift.max(0, cut.offset - next)
            }
        }
    }
#endif
