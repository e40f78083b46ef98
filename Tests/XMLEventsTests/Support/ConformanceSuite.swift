import Foundation
import Testing

/// The W3C XML Conformance Test Suite in the shared folder.
///
/// Every test that reads it carries ``presence``: without the suite it is reported as skipped,
/// with the reason, never passed. `.ci/run` checks that the suite is there and sets
/// ``requiredVariable``, under which a missing suite fails those tests instead.
struct ConformanceSuite {
    struct Case: Decodable {
        var id: String
        var type: String
        var entities: String
        var version: String?
        var edition: String?
        var namespace: String?
        var uri: String
        /// The expected output in canonical XML, for some valid cases.
        var output: String?

        /// Needs no external entity or DTD to be processed.
        var isStandalone: Bool { entities == "none" }
    }

    /// The suite is not where the tests look for it.
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "The W3C XML Conformance Test Suite is not at \(ConformanceSuite.folder.path) "
                + "(no \(ConformanceSuite.catalog.lastPathComponent))"
        }
    }

    let root: URL
    let cases: [Case]

    /// `../shared/conformance` from the package root.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/conformance")

    static let catalog = folder.appendingPathComponent("xmlconf-tests.jsonl")

    /// Set (to anything) where the suite must be there: the tests then run and fail without it.
    static let requiredVariable = "XMLEVENTS_REQUIRE_CONFORMANCE"

    static var isPresent: Bool { FileManager.default.fileExists(atPath: catalog.path) }

    /// The trait of every test that reads the suite: skipped, and said so, when it is absent and
    /// not required.
    static let presence = ConditionTrait.enabled(
        if: isPresent || ProcessInfo.processInfo.environment[requiredVariable] != nil,
        "the W3C XML Conformance Test Suite is not at ../shared/conformance")

    /// The suite; throws ``Missing`` when it is absent.
    static func load() throws -> ConformanceSuite {
        guard isPresent else { throw Missing() }
        let decoder = JSONDecoder()
        let lines = try String(contentsOf: catalog, encoding: .utf8).split(separator: "\n")
        let cases = try lines.map { try decoder.decode(Case.self, from: Data($0.utf8)) }
        return ConformanceSuite(root: folder.appendingPathComponent("xmlconf"), cases: cases)
    }

    func url(of testCase: Case) -> URL {
        root.appendingPathComponent(testCase.uri)
    }

    /// The bytes of every document that needs no external entity, well-formed or not, with its
    /// case's id; throws ``Missing`` when the suite is absent.
    static func standaloneDocuments() throws -> [(id: String, data: Data)] {
        let suite = try load()
        return try suite.cases.filter(\.isStandalone).map { ($0.id, try Data(contentsOf: suite.url(of: $0))) }
    }
}
