import Foundation
import Testing

@testable import XMLEvents

/// The attribute cap applied while libxml2 still holds a long start tag, before its quadratic
/// duplicate check runs (about 2.5 s of CPU for 100,000 attributes in a debug build before;
/// nothing measurable after).
@Suite struct HardeningEarlyAttributeCapTests {
    static func scan(_ tag: String, pieces: Int = 1) -> StartTagAttributeScan {
        var scan = StartTagAttributeScan()
        let bytes = Array(tag.utf8)
        // The scan resumes on a growing buffer, as libxml2's does when more of the tag arrives.
        for piece in 1...pieces {
            let visible = bytes.count * piece / pieces
            bytes.withUnsafeBytes { scan.scan(UnsafeRawBufferPointer(rebasing: $0.prefix(visible)), tagStart: 7) }
        }
        return scan
    }

    @Test func countsQuotedAttributesOnly() {
        #expect(Self.scan("<e a='1' b=\"2\" c = '>' d\n=\t'x'").attributes == 4)
        #expect(Self.scan("<e a='1' b=\"2\" c = '>' d\n=\t'x'", pieces: 7).attributes == 4)
        #expect(Self.scan("<p:e xmlns:p='urn:p' p:a='&amp;'/> f='not in the tag'").attributes == 2)
    }

    @Test func stopsWhereLibXML2WouldReportAnError() {
        #expect(Self.scan("<e a=1 b='2'").attributes == 0)
        #expect(Self.scan("<e a b='2'").attributes == 0)
        #expect(Self.scan("<e a='<' b='2'").attributes == 0)
        #expect(Self.scan("</e a='1'").attributes == 0)
        #expect(Self.scan("<!-- a='1' -->").attributes == 0)
    }

    static func tag(attributes count: Int) -> Data {
        var text = "<e"
        for index in 0..<count { text += " a\(index)='v'" }
        return Data((text + "/>").utf8)
    }

    @Test func aLongTagOverTheCapIsRefusedAtItsStart() async {
        let outcome = await parse(Self.tag(attributes: 100_000))
        let error = outcome.error
        #expect(error?.code == .attributeLimitExceeded)
        // At the tag's first byte: libxml2 had not parsed it.
        #expect(error?.byteOffset == 0, "\(String(describing: error))")
        #expect(error?.message == "an element has more than 1024 attributes; the limit is 1024")
    }

    @Test func theEarlyRefusalDoesNotDependOnChunkBoundaries() async {
        let data = Self.tag(attributes: 20_000)
        let reference = await parse(data)
        #expect(reference.error?.code == .attributeLimitExceeded)
        for seed in 1...3 as ClosedRange<UInt64> {
            #expect(await parse(chunks: Chunking.random(data, seed: seed, cuts: 50)) == reference)
        }
        #expect(await parse(chunks: Chunking.fixed(data, size: 1_000)) == reference)
    }

    @Test func aLongTagWithinARaisedCapIsParsed() async {
        var options = XMLParsingOptions()
        options.limits.maxAttributesPerElement = 12_000
        let outcome = await parse(Self.tag(attributes: 12_000), options: options)
        #expect(outcome.error == nil)
        guard case .startElement(_, let attributes, _) = outcome.events.dropFirst().first else {
            Issue.record("no start element")
            return
        }
        #expect(attributes.count == 12_000)
    }

    @Test func aShortTagOverTheCapIsStillRefusedByTheCallback() async {
        let outcome = await parse(Self.tag(attributes: 1_100))
        #expect(outcome.error?.code == .attributeLimitExceeded)
        #expect(outcome.error?.message == "an element has 1100 attributes; the limit is 1024")
    }
}
