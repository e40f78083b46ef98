#if (os(Linux) && canImport(CCurl)) || canImport(Darwin)
    import Foundation
    import LoopbackHTTP
    import XMLCorpus
    import XMLEvents

    /// XMLEvents reading a generated document from a loopback server (`XMLEvents(url:)`, libcurl
    /// with backpressure) at a given consumer pace, watching how much the client buffers and how
    /// far the server gets ahead of the consumer: the backpressure measurement, not a throughput
    /// one.
    ///
    /// The server streams the document from the generator, so the child's memory holds no copy of
    /// it: its peak RSS over the baseline is buffers and threads, whatever the document's size.
    struct XMLEventsBackpressureContender: Contender {
        let id: String
        let title: String
        let pace: ConsumerPace

        init(id: String, name: String, pace: ConsumerPace) {
            self.id = id
            self.title = "\(name) (\(pace))"
            self.pace = pace
        }

        /// 1 ms every 2,000 events (about 20 KB of records) comes to about 15 MB/s, each pause
        /// lasting a little longer than asked and parsing taking its share: several times slower
        /// than the parser, far slower than the loopback network, so the transfer spends most of
        /// the run paused, with a pause-and-resume cycle every 768 KiB (high to low watermark).
        /// 100 MB then take a few seconds: over a hundred cycles, and short enough for a shared
        /// machine. Pausing in 1 ms steps rather than per event keeps the timer's overhead and
        /// granularity from setting the pace.
        static let slow = XMLEventsBackpressureContender(
            id: "xmlevents-http-slow",
            name: "slow",
            pace: .pausing(every: 2_000, for: .milliseconds(1))
        )

        /// For contrast: whether the buffer still fills when only the parser holds the client back.
        static let fast = XMLEventsBackpressureContender(id: "xmlevents-http-fast", name: "fast", pace: .flatOut)

        /// One libcurl write, `CURLOPT_BUFFERSIZE` as the library sets it: what the transfer may
        /// accept on top of the high watermark.
        static let libcurlWriteBytes = 16_384

        /// Small socket buffers on both ends (Linux doubles each), so that the kernel's share of
        /// the server's lead stays small next to the client's buffer; with the kernel's
        /// auto-tuned defaults it alone could hold several MiB.
        private static let serverSendBufferBytes = 16_384
        private static let clientReceiveBufferBytes = 65_536

        func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
            guard input.source == .generator else {
                throw BenchmarkError.unsupportedSource(contender: id, source: input.source.label)
            }
            let document = input.document
            // Starting the server is setup; the timed region is the transfer and the parse.
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route(
                "/document.xml",
                LoopbackResponse(
                    body: .stream(document.chunks(ofSize: 65_536), contentLength: document.byteCount),
                    sendBufferSize: Self.serverSendBufferBytes
                ))
            let configuration = XMLHTTPConfiguration(socketReceiveBufferSize: Self.clientReceiveBufferBytes)
            let events = XMLEvents(url: server.url("/document.xml"), configuration: configuration)
            let stopwatch = Stopwatch()
            var tracker = ServerLeadTracker(server: server)
            let counts = try await consume(events, itemName: input.itemName, tracking: &tracker)
            let elapsed = stopwatch.read()
            let progress = events.source.progress
            let high = configuration.watermarks.upperBound
            let reading = BackpressureReading(
                clientPeakBufferedBytes: progress.peakBufferedByteCount,
                clientBufferBoundBytes: high + Self.libcurlWriteBytes,
                highWatermarkBytes: high,
                serverLeadMaximumBytes: tracker.maximumBytes,
                receivedBytes: progress.receivedByteCount
            )
            return WorkloadMeasurement(
                seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts, metrics: reading.metrics)
        }

        /// The scan workload's counts (so the ledger checks this run like any other), at this
        /// contender's pace, reading the server's lead at every start tag.
        private func consume(
            _ events: XMLEvents<XMLByteSource>,
            itemName: String,
            tracking tracker: inout ServerLeadTracker
        ) async throws -> WorkloadCounts {
            var elements = 0
            var attributes = 0
            var items = 0
            var textBytes = 0
            var sincePause = 0
            var iterator = events.makeAsyncIterator()
            while let event = try await iterator.next() {
                switch event {
                case .startElement(let name, let attributeList, _):
                    elements += 1
                    attributes += attributeList.count
                    if name.localName == itemName { items += 1 }
                    if let location = iterator.location { tracker.consumerReached(byteOffset: location.byteOffset) }
                case .text(let text), .cdata(let text):
                    textBytes += text.utf8.count
                default:
                    break
                }
                if case .pausing(let every, let pause) = pace {
                    sincePause += 1
                    if sincePause >= every {
                        sincePause = 0
                        try await Task.sleep(for: pause)
                    }
                }
            }
            return WorkloadCounts(elements: elements, attributes: attributes, items: items, textBytes: textBytes)
        }
    }
#endif
