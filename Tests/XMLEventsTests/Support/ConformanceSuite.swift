import Foundation
import Testing

/// The part of the W3C XML Conformance Test Suite that the tests read, carried in the repository
/// under `Tests/Conformance` (see its `NOTICE.md`).
///
/// The tests that read it fail without it, saying where it was looked for and what to do
/// (``Missing``): a test that cannot look at the suite has not shown what it claims.
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
        /// Where it was looked for.
        var folder: URL

        var description: String {
            "The W3C XML Conformance Test Suite is not at \(folder.path) "
                + "(no \(ConformanceSuite.catalogName)), where the conformance tests read it: "
                + "Tests/Conformance in the package's directory. It comes with the repository: restore it "
                + "from a clean checkout (git checkout -- Tests/Conformance) and run the tests again."
        }
    }

    let root: URL
    let cases: [Case]

    /// `Tests/Conformance` in the package.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance")

    static let catalogName = "xmlconf-tests.jsonl"

    /// The suite in `folder`; throws ``Missing`` when it is absent, which fails the test that
    /// asked.
    static func load(from folder: URL = folder) throws -> ConformanceSuite {
        let catalog = folder.appendingPathComponent(catalogName)
        guard FileManager.default.fileExists(atPath: catalog.path) else { throw Missing(folder: folder) }
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
