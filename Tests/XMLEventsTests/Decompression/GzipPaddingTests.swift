#if os(Linux)
    import Foundation
    import Testing

    @testable import XMLEvents

    /// Zero bytes after a gzip file's last member are padding, ignored as `gzip -d` ignores them;
    /// any other bytes there are an error after the whole document's events, never dropped
    /// silently.
    @Suite struct GzipPaddingTests {
        typealias Tool = DumpFixtures.Tool

        static let plain = DumpFixtures.records(200_000)

        /// One member or several, then 1, 512 or 4,096 zero bytes, from memory, from a file and
        /// from a sequence of chunks that delivers the zeros apart, a few at a time: the
        /// document's events and no error, as `gzip -dc` gives the document.
        @Test(arguments: [1, 512, 4_096])
        func zeroPaddingAfterTheLastMemberIsIgnored(_ count: Int) async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            for parts in [1, 3] {
                let members = try Tool.gzip.compressInParts(Self.plain, parts: parts)
                let padded = members + Data(count: count)
                #expect(try DumpFixtures.run(["gzip", "-dc"], input: padded) == Self.plain)
                let fromFile = try await DumpFixtures.withFile(padded, suffix: ".gz") { path in
                    await DumpFixtures.collect(XMLEvents(path: path))
                }
                let zerosApart = AsyncStream<Data> { continuation in
                    continuation.yield(members)
                    for start in stride(from: 0, to: count, by: 100) {
                        continuation.yield(Data(count: min(100, count - start)))
                    }
                    continuation.finish()
                }
                let outcomes = [
                    ("data", await DumpFixtures.collect(XMLEvents(data: padded))),
                    ("file", fromFile),
                    ("sequence", await DumpFixtures.collect(XMLEvents(zerosApart))),
                ]
                for (source, (events, error)) in outcomes {
                    #expect(error == nil, "\(parts) members, \(count) zeros, \(source): \(String(describing: error))")
                    #expect(events == reference, "\(parts) members, \(count) zeros, \(source)")
                }
            }
        }

        /// Bytes after the last member that are not zeros (text, or zeros then text, or zeros then
        /// another member, which `gzip -d` drops with a warning): every event of the document but
        /// its end, then ``XMLDecompressionError`` with ``XMLDecompressionError/Code/corruptData``
        /// at those bytes.
        @Test func otherBytesAfterTheLastMemberAreCorruptData() async throws {
            let reference = try await DumpFixtures.events(of: Self.plain)
            let member = try Tool.gzip.compress(Self.plain)
            let trailers: [(Data, offsets: ClosedRange<Int>, message: String)] = [
                (Data("garbage\n".utf8), member.count...(member.count + 2), "incorrect header check"),
                (Data(count: 16) + Data("x".utf8), (member.count + 16)...(member.count + 16), "zero bytes"),
                (Data(count: 16) + member, (member.count + 16)...(member.count + 16), "zero bytes"),
            ]
            for (trailer, offsets, message) in trailers {
                let (events, error) = await DumpFixtures.collect(XMLEvents(data: member + trailer))
                let failure = try #require(error as? XMLDecompressionError, "\(String(describing: error))")
                #expect(failure.code == .corruptData)
                #expect(failure.format == .gzip)
                #expect(offsets.contains(failure.compressedOffset), "\(failure)")
                #expect(failure.decompressedOffset == Self.plain.count)
                #expect(failure.message.contains(message), "\(failure.message)")
                // All but the end of the document, which only an input that ends well has.
                #expect(events == Array(reference.dropLast()), "\(events.count) of \(reference.count) events")
            }
        }
    }
#endif
