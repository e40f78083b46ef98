import Foundation
import Testing
import XMLEvents

/// The visitor tier sees exactly the document the owned events describe: the same events, the
/// same start element locations and the same error (code, position, message), on every
/// standalone document of the W3C suite, well-formed or not.
@Suite struct VisitorConformanceTests {
    /// The parse options the documents are read with: both limit sets, CDATA merged and
    /// reported, whitespace-only text kept and dropped.
    static let configurations: [(String, XMLParsingOptions)] = [XMLParsingOptions.default, .huge].flatMap { base in
        [(false, false), (true, false), (false, true), (true, true)].map { reportsCDATA, dropsWhitespace in
            var options = base
            options.reportsCDATA = reportsCDATA
            options.dropsWhitespaceOnlyText = dropsWhitespace
            let label =
                "\(base.limits == .huge ? "huge" : "default"), CDATA \(reportsCDATA ? "reported" : "merged"), "
                + "whitespace-only text \(dropsWhitespace ? "dropped" : "kept")"
            return (label, options)
        }
    }

    @Test(arguments: configurations)
    func standaloneDocumentsGiveTheOwnedEvents(label: String, options: XMLParsingOptions) async throws {
        let documents = try ConformanceSuite.standaloneDocuments()
        var failed = 0
        var mismatches: [String] = []
        for document in documents {
            let owned = await Tiers.owned(chunks: [document.data], options: options)
            let visited = await Tiers.visited(chunks: [document.data], options: options)
            if owned.error != nil { failed += 1 }
            if let difference = visited.difference(from: owned) {
                mismatches.append("\(document.id): \(difference)")
            }
        }
        #expect(
            mismatches.isEmpty,
            "\(label): \(mismatches.count) documents differ:\n\(mismatches.prefix(10).joined(separator: "\n"))")
        // Both kinds of document were compared, errors included.
        #expect(documents.count > 2_000)
        #expect(failed > 1_000 && failed < documents.count - 500, "\(failed) of \(documents.count) failed")
    }
}
