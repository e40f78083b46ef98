#if (os(Linux) && canImport(CCurl)) || canImport(Darwin)
    import Foundation
    import LoopbackHTTP
    import XMLCorpus
    import XMLEvents

    /// Twenty concurrent `XMLEvents(url:)` streams, each a body followed by 64 MiB of spaces,
    /// sent as they are or compressed (a "zip bomb": the spaces shrink about 200 times with gzip),
    /// with the scan workload: the memory the HTTP path takes for a compressed body, against the
    /// same body uncompressed. Decoding happens as each parser reads, so the two peaks should be
    /// within a few MiB. The first stream's body is the document, whose counts the runner checks;
    /// the others' is `<r/>`, which keeps the run short: the spaces are what the row is about.
    ///
    /// The server codes each stream on the fly (zlib's state, about 300 KiB a stream, is in the
    /// same process and in the compressed run's peak); the peak is taken from the start of the
    /// transfers, after the server is up. Its readings go to the backpressure table: the most
    /// encoded bytes one stream buffered, and how far the server got ahead of the consumers, per
    /// stream, in bytes as sent.
    struct XMLEventsCompressedBombContender: Contender {
        let id: String
        let title: String
        let encoding: LoopbackResponse.ContentEncoding

        static let streamCount = 20
        static let spaceCount = 64 << 20

        static let identity = XMLEventsCompressedBombContender(
            id: "xmlevents-http-bomb-identity", title: "20 streams + 64 MiB of spaces", encoding: .identity)
        static let gzip = XMLEventsCompressedBombContender(
            id: "xmlevents-http-bomb-gzip", title: "20 streams + 64 MiB of spaces, gzip", encoding: .gzip)

        func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
            guard input.source == .generator else {
                throw BenchmarkError.unsupportedSource(contender: id, source: input.source.label)
            }
            let server = try LoopbackServer()
            defer { server.stop() }
            let document = input.document
            server.route(
                "/document.xml",
                LoopbackResponse(
                    body: Self.body(document.chunks(ofSize: 65_536), byteCount: document.byteCount),
                    contentEncoding: encoding, sendBufferSize: 16_384))
            let root = Data("<r/>".utf8)
            server.route(
                "/bomb.xml",
                LoopbackResponse(
                    body: Self.body([root], byteCount: root.count), contentEncoding: encoding, sendBufferSize: 16_384))
            let configuration = XMLHTTPConfiguration(socketReceiveBufferSize: 65_536)
            let streams = (0..<Self.streamCount).map { index in
                XMLEvents(url: server.url(index == 0 ? "/document.xml" : "/bomb.xml"), configuration: configuration)
            }
            // The peak from here on is the transfers' (Linux 4.0: writing 5 resets VmHWM; elsewhere
            // the write fails and the peak is the process's).
            try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
            let stopwatch = Stopwatch()
            let lead = Task { await Self.trackLead(of: server, streams: streams) }
            let perStream = try await withThrowingTaskGroup(of: (Int, WorkloadCounts).self) { group in
                for (index, events) in streams.enumerated() {
                    group.addTask { (index, try await ScanWorkload.run(events, itemName: input.itemName)) }
                }
                var all: [(Int, WorkloadCounts)] = []
                for try await counts in group { all.append(counts) }
                return all.sorted { $0.0 < $1.0 }.map(\.1)
            }
            let elapsed = stopwatch.read()
            lead.cancel()
            let serverLead = await lead.value
            let bomb = WorkloadCounts(elements: 1, attributes: 0, items: 0, textBytes: 0)
            guard let first = perStream.first, perStream.dropFirst().allSatisfy({ $0 == bomb }) else {
                throw BenchmarkError.streamsDisagree(contender: id, counts: perStream)
            }
            let high = configuration.watermarks.upperBound
            let reading = BackpressureReading(
                clientPeakBufferedBytes: streams.map(\.source.progress.peakBufferedByteCount).max() ?? 0,
                clientBufferBoundBytes: high + XMLEventsBackpressureContender.libcurlWriteBytes,
                highWatermarkBytes: high,
                serverLeadMaximumBytes: serverLead,
                receivedBytes: streams.map(\.source.progress.receivedByteCount).reduce(0, +)
            )
            return WorkloadMeasurement(
                seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: first, metrics: reading.metrics)
        }

        /// `prefix` (`byteCount` bytes), then the spaces, which XML allows after the root.
        private static func body<Prefix: Sequence & Sendable>(_ prefix: Prefix, byteCount: Int) -> LoopbackResponse.Body
        where Prefix.Element == Data {
            let spaces = Data(repeating: 0x20, count: 65_536)
            return .stream(contentLength: byteCount + spaceCount) {
                var chunks = prefix.makeIterator()
                var left = spaceCount
                return AnyIterator<Data> {
                    if let chunk = chunks.next() { return chunk }
                    guard left > 0 else { return nil }
                    left -= spaces.count
                    return spaces
                }
            }
        }

        /// The most bytes (as sent) the server wrote beyond what the consumers took, per stream,
        /// read every 10 ms until cancelled.
        private static func trackLead(of server: LoopbackServer, streams: [XMLEvents<XMLByteSource>]) async -> Int {
            var maximum = 0
            while !Task.isCancelled {
                let taken = streams.reduce(0) { total, events in
                    let progress = events.source.progress
                    return total + progress.receivedByteCount - progress.bufferedByteCount
                }
                maximum = Swift.max(maximum, (server.bodyBytesWritten - taken) / streams.count)
                try? await Task.sleep(for: .milliseconds(10))
            }
            return maximum
        }
    }
#endif
