import Foundation
import Testing
import XMLEvents

/// Regression for the second fuzzing find (a 60-second CI smoke run, AddressSanitizer): an error
/// raised while libxml2 checked a parameter entity's content (here the undeclared `&e;`) used to
/// mark the parser finished just before libxml2 pushed the entity's input, and libxml2 2.9.14
/// then freed that input while it was still on its input stack and read it again (a heap
/// use-after-free in `xmlParseInternalSubset`, a crash in `xmlStopParser`). Inside a DTD the
/// parser is now stopped without being marked finished.
///
/// The read of freed memory shows only under AddressSanitizer (`Scripts/fuzz.sh --run-input
/// Fuzz/Corpus/regression-pe-push-after-error.xml`, or `Scripts/sanitize.sh`); here the outcome
/// must be the typed error, the same however the bytes are split, and parsing must go on working.
@Suite struct HardeningParameterEntityErrorTests {
    static let documents = [
        #"<!DOCTYPE r [<!ENTITY % p '<!E&e;TY q "from-pe">'> %p;]><r>&q;</r>"#,
        #"<!DOCTYPE r [<!ENTITY % p '<!ENTITY q "&e;">'> %p; %p;]><r>&q;</r>"#,
        #"<!DOCTYPE r [<!ENTITY % p '&e;'> %p; <!ENTITY q "x">]><r>&q;</r>"#,
    ]

    @Test(arguments: documents)
    func anErrorInAParameterEntityIsATypedErrorAndChunkInvariant(document: String) async throws {
        let data = Data(document.utf8)
        let reference = await parse(data)
        let error = try #require(reference.error, "\(reference.events)")
        #expect(error.line == 1)
        #expect(error.byteOffset >= 0 && error.byteOffset <= data.count, "\(error)")
        #expect(!reference.events.contains { if case .startElement = $0 { true } else { false } })
        for size in [1, 7, 30] {
            #expect(await parse(chunks: Chunking.fixed(data, size: size)) == reference)
        }
        // The next parse on the same thread meets a sound libxml2.
        #expect(await parse("<ok>fine</ok>").error == nil)
    }
}
