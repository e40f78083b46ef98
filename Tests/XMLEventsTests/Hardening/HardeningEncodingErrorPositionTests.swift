import Foundation
import Testing
import XMLEvents

/// Regression for the first fuzzing find (with libxml2 built with AddressSanitizer): an encoding
/// error that libxml2's decoder raises while it refills the input buffer used to make the error
/// callback read the parse position through the input's pointers, which at that moment still
/// pointed into the buffer libxml2 had just reallocated (a heap use-after-free in
/// `xmlByteConsumed`). The position is now read once `xmlParseChunk` has returned.
///
/// The read of freed memory itself shows only with an instrumented libxml2
/// (`FUZZ_LIBXML2=instrumented Scripts/fuzz.sh`); here the outcome must be a typed error with a
/// position inside the document, the same however the bytes are split.
@Suite struct HardeningEncodingErrorPositionTests {
    /// UTF-16LE with a high surrogate followed by a letter: 1,500 to 2,040 characters before it
    /// put the error in the refill that also grows the buffer.
    static func document(charactersBefore count: Int) -> Data {
        var data = Data([0xFF, 0xFE])
        func append(_ text: String) {
            data.append(contentsOf: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        }
        append("<a>" + String(repeating: "x", count: count))
        data.append(contentsOf: [0x00, 0xD8, 0x41, 0x00])
        append("</a>")
        return data
    }

    @Test(arguments: [10, 1_500, 2_000, 2_040, 3_000])
    func aDecodingErrorDuringARefillHasAStablePosition(charactersBefore count: Int) async throws {
        let data = Self.document(charactersBefore: count)
        let reference = await parse(data)
        let error = try #require(reference.error)
        #expect(error.line == 1)
        #expect(error.byteOffset >= 0 && error.byteOffset <= data.count, "\(error)")
        for chunks in [Chunking.fixed(data, size: 1_000), Chunking.random(data, seed: UInt64(count), cuts: 9)] {
            #expect(await parse(chunks: chunks) == reference)
        }
    }
}
