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

    /// Without the suite, the tests that read it fail (they do not skip, nor pass), saying where
    /// they looked and what to do.
    @Test func aMissingSuiteFailsAndSaysWhereAndWhatToDo() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-suite-\(UUID().uuidString)")
        let missing = #expect(throws: ConformanceSuite.Missing.self) { try ConformanceSuite.load(from: elsewhere) }
        let description = try #require(missing).description
        #expect(description.hasPrefix("The W3C XML Conformance Test Suite is not at \(elsewhere.path) "))
        #expect(description.contains("Put it there"))
    }
}
