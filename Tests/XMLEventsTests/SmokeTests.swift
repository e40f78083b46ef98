import Foundation
import Testing

@testable import XMLEvents

@Test func conformanceScratch() async throws {
    guard let suite = try ConformanceSuite.load() else { return }
    var counts: [String: (pass: Int, fail: Int)] = [:]
    var failures: [String] = []
    for testCase in suite.cases where testCase.isStandalone {
        let data = try Data(contentsOf: suite.url(of: testCase))
        let outcome = await parse(data)
        let expectsError = testCase.type == "not-wf"
        let ok = (outcome.error != nil) == expectsError || testCase.type == "error"
        let key =
            "\(testCase.type) v\(testCase.version ?? "?") ed\(testCase.edition ?? "-") ns\(testCase.namespace ?? "?")"
        counts[key, default: (0, 0)].pass += ok ? 1 : 0
        counts[key, default: (0, 0)].fail += ok ? 0 : 1
        if !ok { failures.append("\(key) \(testCase.id) \(testCase.uri) \(outcome.error?.description ?? "accepted")") }
    }
    for (k, v) in counts.sorted(by: { $0.key < $1.key }) { print(k, v) }
    for f in failures { print(f) }
}
