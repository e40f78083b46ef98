import Foundation
import XMLEvents

/// XMLEvents over an `AsyncThrowingStream<Data, Error>` of 64 KiB slices of the document held in
/// memory, with the scan workload: what an application that already has the bytes, or gets them
/// from a callback-based API, pays for the stream hop instead of the file source.
struct XMLEventsInMemoryStreamContender: Contender {
    let id = "xmlevents-async-stream"
    let title = "XMLEvents AsyncThrowingStream"
    let summary =
        "The owned scan over an `AsyncThrowingStream<Data, Error>` of 64 KiB slices of the document in memory."

    private static let chunkSize = 64 * 1024

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        // Reading the file is setup, not parsing: outside the timed region.
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let stopwatch = Stopwatch()
        // The stream is filled up front (slices share the data's storage), so the timed region
        // holds exactly one producer-side cost per chunk and no scheduling of a producer task.
        let chunks = AsyncThrowingStream<Data, Error> { continuation in
            var offset = data.startIndex
            while offset < data.endIndex {
                let end = Swift.min(offset + XMLEventsInMemoryStreamContender.chunkSize, data.endIndex)
                continuation.yield(data[offset..<end])
                offset = end
            }
            continuation.finish()
        }
        let counts = try await ScanWorkload.run(XMLEvents(chunks), itemName: input.itemName)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
    }
}
