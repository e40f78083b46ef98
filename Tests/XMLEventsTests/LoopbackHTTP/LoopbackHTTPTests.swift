import Foundation
import LoopbackHTTP
import Testing

/// The tests of the `LoopbackHTTP` test server, against real sockets on 127.0.0.1.
///
/// Serialized, because some of them count the descriptors and threads of the whole process,
/// which other tests of this suite running alongside would disturb.
@Suite(.serialized)
enum LoopbackHTTPTests {
    /// Runs `body` with a fresh server, and stops the server however `body` ends.
    static func withServer<Result>(
        _ configuration: LoopbackServer.Configuration = .init(),
        _ body: (LoopbackServer) throws -> Result
    ) throws -> Result {
        let server = try LoopbackServer(configuration: configuration)
        defer { server.stop() }
        return try body(server)
    }

    /// `count` bytes whose period is a prime larger than any chunk the tests use, so that a
    /// misplaced, lost or duplicated chunk shows.
    static func distinctiveBytes(_ count: Int) -> Data {
        var bytes = Data(capacity: count)
        while bytes.count < count {
            bytes.append(contentsOf: distinctiveBlock.prefix(count - bytes.count))
        }
        return bytes
    }

    /// An array, not `Data`: LeakSanitizer cannot follow the reference a `Data` held by a global
    /// keeps (its storage pointer carries an enum tag), and would report the block as leaked.
    private static let distinctiveBlock: [UInt8] = {
        var block = [UInt8](repeating: 0, count: 65_521)
        block.withUnsafeMutableBytes { raw in
            var state: UInt32 = 2_463_534_242
            for index in raw.indices {
                // xorshift32: cheap, even unoptimized, and without short cycles.
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                raw[index] = UInt8(truncatingIfNeeded: state)
            }
        }
        return block
    }()

    /// `data` cut into pieces of the given sizes, cycling through them.
    static func pieces(of data: Data, sizes: [Int]) -> [Data] {
        var pieces: [Data] = []
        var offset = data.startIndex
        var index = 0
        while offset < data.endIndex {
            let end = min(offset + sizes[index % sizes.count], data.endIndex)
            pieces.append(data[offset..<end])
            offset = end
            index += 1
        }
        return pieces
    }
}
