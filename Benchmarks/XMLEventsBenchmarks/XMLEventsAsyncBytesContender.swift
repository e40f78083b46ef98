import Foundation
import XMLEvents

/// XMLEvents over an `AsyncSequence` of single bytes, with the scan workload: the same 64 KiB
/// slices of the document in memory as `xmlevents-async-stream`, handed out one `UInt8` at a time
/// by a sequence that keeps its current slice at hand and suspends only to fetch the next — the
/// design of `URLSession.AsyncBytes` and `FileHandle.AsyncBytes` (Apple platforms), which Linux
/// lacks. Against `xmlevents-async-stream`, it measures what gathering bytes into chunks costs.
struct XMLEventsAsyncBytesContender: Contender {
    let id = "xmlevents-async-bytes"
    let title = "XMLEvents AsyncSequence<UInt8>"
    let summary =
        "The owned scan over an `AsyncSequence` of `UInt8` (64 KiB slices in memory, handed out a byte at a time), "
        + "gathered into chunks by `XMLEvents(_:)`."

    private static let sliceSize = 64 * 1024

    func measure(_ input: WorkloadInput) async throws -> WorkloadMeasurement {
        let path = try input.requireFile(for: id)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let stopwatch = Stopwatch()
        let slices = AsyncThrowingStream<Data, Error> { continuation in
            var offset = data.startIndex
            while offset < data.endIndex {
                let end = Swift.min(offset + XMLEventsAsyncBytesContender.sliceSize, data.endIndex)
                continuation.yield(data[offset..<end])
                offset = end
            }
            continuation.finish()
        }
        let counts = try await ScanWorkload.run(XMLEvents(BufferedAsyncBytes(slices)), itemName: input.itemName)
        let elapsed = stopwatch.read()
        return WorkloadMeasurement(seconds: elapsed.seconds, cpuSeconds: elapsed.cpuSeconds, counts: counts)
    }
}

/// The bytes of a sequence of `Data` slices, one at a time, from the current slice without
/// suspending, as `URLSession.AsyncBytes` hands out the bytes of its buffer.
struct BufferedAsyncBytes<Slices: AsyncSequence>: AsyncSequence where Slices.Element == Data {
    typealias Element = UInt8
    let slices: Slices

    init(_ slices: Slices) { self.slices = slices }

    func makeAsyncIterator() -> Iterator { Iterator(slices: slices.makeAsyncIterator()) }

    struct Iterator: AsyncIteratorProtocol {
        var slices: Slices.AsyncIterator
        /// The current slice, copied once into an array, as `URLSession.AsyncBytes` fills its
        /// buffer: an array's subscript costs less than `Data`'s.
        var slice: [UInt8] = []
        var index = 0

        mutating func next() async throws -> UInt8? {
            try await next(isolation: nil)
        }

        /// A byte of the current slice without suspending; the next slice, on the caller's actor,
        /// when it is used up.
        @inline(__always)
        mutating func next(isolation actor: isolated (any Actor)?) async throws -> UInt8? {
            if index < slice.count {
                defer { index &+= 1 }
                return slice[index]
            }
            return try await refill(isolation: actor)
        }

        private mutating func refill(isolation actor: isolated (any Actor)?) async throws -> UInt8? {
            while let next = try await slices.next(isolation: actor) {
                guard !next.isEmpty else { continue }
                slice = [UInt8](next)
                index = 1
                return slice[0]
            }
            return nil
        }
    }
}
