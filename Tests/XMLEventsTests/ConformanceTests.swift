import Foundation
import Testing
import XMLEvents

/// Guarantee 6: the W3C XML Conformance Test Suite. A non-validating, namespace-aware parser
/// must reject every standalone not-well-formed document and accept every standalone valid and
/// invalid one. Where libxml2 2.9.14 (or XML 1.0 5th edition, or namespace awareness) decides
/// otherwise, the case is listed in ``ConformanceKnownDeviations`` with its reason, and this test
/// fails if the list and reality drift apart in either direction.
@Suite struct ConformanceTests {
    @Test func standaloneDocuments() async throws {
        let suite = try ConformanceSuite.load()
        var tally: [String: (passed: Int, total: Int)] = [:]
        var deviations: [String: String] = [:]
        for testCase in suite.cases where testCase.isStandalone && testCase.type != "error" {
            let outcome = await parse(try Data(contentsOf: suite.url(of: testCase)))
            let passed = (testCase.type == "not-wf") == (outcome.error != nil)
            let category = testCase.type
            tally[category, default: (0, 0)].total += 1
            if passed {
                tally[category, default: (0, 0)].passed += 1
            } else {
                deviations[testCase.id] = outcome.error?.description ?? "accepted"
            }
        }
        for (category, counts) in tally.sorted(by: { $0.key < $1.key }) {
            print("W3C conformance, standalone \(category): \(counts.passed) of \(counts.total) as expected")
        }
        let known = ConformanceKnownDeviations.all
        var byReason: [String: Int] = [:]
        for id in deviations.keys { if let reason = known[id] { byReason[reason, default: 0] += 1 } }
        for (reason, count) in byReason.sorted(by: { $0.key < $1.key }) {
            print("  \(count) known deviations: \(reason)")
        }
        let unexplained = Set(deviations.keys).subtracting(known.keys)
        #expect(unexplained.isEmpty, "unexplained: \(unexplained.sorted().map { "\($0): \(deviations[$0] ?? "")" })")
        let stale = Set(known.keys).subtracting(deviations.keys)
        #expect(stale.isEmpty, "listed as deviations but now as expected: \(stale.sorted())")
        #expect((tally["not-wf"]?.total ?? 0) == 1_406)
    }

    /// The carried suite is the W3C's files unmodified: every file under `xmlconf/` is listed in
    /// `SHA256SUMS` with the digest of the W3C archive's copy, and matches it (a line-end
    /// conversion or an edit fails here, not as a puzzling conformance result).
    @Test func theCarriedSuiteIsUnmodified() throws {
        let folder = ConformanceSuite.folder
        let listed = try String(contentsOf: folder.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
            .split(separator: "\n").map { String($0.dropFirst(66)) }
        let root = folder.appendingPathComponent("xmlconf")
        let enumerator = try #require(
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        var present: Set<String> = []
        for case let url as URL in enumerator
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            present.insert("xmlconf/" + url.path.dropFirst(root.path.count + 1))
        }
        let notListed = present.subtracting(listed).sorted()
        let absent = Set(listed).subtracting(present).sorted()
        #expect(notListed.isEmpty, "files not in SHA256SUMS: \(notListed.prefix(5))")
        #expect(absent.isEmpty, "files in SHA256SUMS but absent: \(absent.prefix(5))")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(Linux)
            check.arguments = ["sha256sum", "--check", "--quiet", "SHA256SUMS"]
        #else
            check.arguments = ["shasum", "--algorithm", "256", "--check", "--quiet", "SHA256SUMS"]
        #endif
        check.currentDirectoryURL = folder
        let output = Pipe()
        check.standardOutput = output
        check.standardError = output
        try check.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "files that differ from the W3C archive's:\n\(report)")
    }

    /// Without the suite, the tests that read it fail (they do not skip, nor pass), saying where
    /// they looked and what to do.
    @Test func aMissingSuiteFailsAndSaysWhereAndWhatToDo() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-suite-\(UUID().uuidString)")
        let missing = #expect(throws: ConformanceSuite.Missing.self) { try ConformanceSuite.load(from: elsewhere) }
        let description = try #require(missing).description
        #expect(description.hasPrefix("The W3C XML Conformance Test Suite is not at \(elsewhere.path) "))
        #expect(description.contains("git checkout -- Tests/Conformance"))
    }
}
