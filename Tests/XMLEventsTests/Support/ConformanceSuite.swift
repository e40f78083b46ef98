import Foundation

/// The W3C XML Conformance Test Suite in the shared folder, when it is there.
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

    let root: URL
    let cases: [Case]

    /// The suite at `../shared/conformance` from the package root, or `nil` when absent.
    static func load() throws -> ConformanceSuite? {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        let catalog = folder.appendingPathComponent("xmlconf-tests.jsonl")
        guard FileManager.default.fileExists(atPath: catalog.path) else { return nil }
        let decoder = JSONDecoder()
        let lines = try String(contentsOf: catalog, encoding: .utf8).split(separator: "\n")
        let cases = try lines.map { try decoder.decode(Case.self, from: Data($0.utf8)) }
        return ConformanceSuite(root: folder.appendingPathComponent("xmlconf"), cases: cases)
    }

    func url(of testCase: Case) -> URL {
        root.appendingPathComponent(testCase.uri)
    }

    /// The bytes of every document that needs no external entity, well-formed or not, with its
    /// case's id; empty when the suite is not there.
    static func standaloneDocuments() throws -> [(id: String, data: Data)] {
        guard let suite = try load() else { return [] }
        return try suite.cases.filter(\.isStandalone).map { ($0.id, try Data(contentsOf: suite.url(of: $0))) }
    }
}
