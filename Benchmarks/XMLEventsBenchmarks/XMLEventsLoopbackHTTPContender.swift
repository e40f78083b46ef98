#if (os(Linux) && canImport(CCurl)) || canImport(Darwin)
    import Foundation
    import LoopbackHTTP
    import XMLEvents

    /// XMLEvents reading the document over HTTP/1.1 from a loopback server in the same process
    /// (`XMLEvents(url:)`, libcurl with backpressure), with the scan workload: the cost of the
    /// network path over reading the file.
    ///
    /// The server sends the file's bytes from memory with a `Content-Length`, so the timed region
    /// holds the request, the transfer, the parse and nothing of the disk.
    struct XMLEventsLoopbackHTTPContender: Contender {
        let id = "xmlevents-http"
        let title = "XMLEvents loopback HTTP"
        let summary = "The owned scan over `XMLEvents(url:)` from an HTTP server on 127.0.0.1 in the same process."

        func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
            let path = try input.requireFile(for: id)
            // Starting the server and loading the body are setup, outside the timed region.
            let body = try Data(contentsOf: URL(fileURLWithPath: path))
            let server = try LoopbackServer()
            defer { server.stop() }
            server.route("/document.xml", LoopbackResponse(body: .data(body)))
            let url = server.url("/document.xml")
            let stopwatch = Stopwatch()
            let counts = try await ScanWorkload.run(XMLEvents(url: url), itemName: input.itemName)
            let elapsed = stopwatch.read()
            return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
        }
    }
#endif
