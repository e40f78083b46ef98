#if os(Linux)
    import Foundation
    import Testing

    @testable import XMLEvents

    /// The cycles `Scripts/leaks.sh` runs 10,000 of under valgrind; `swift test` runs a few of
    /// each kind, which proves the driver works and that every libxml2 context is freed.
    @Suite struct HardeningLeakCycleTests {
        static let cyclesVariable = "XMLEVENTS_LEAK_CYCLES"

        @Test func everyCycleFreesItsParser() async throws {
            let count = ProcessInfo.processInfo.environment[Self.cyclesVariable].flatMap { Int($0) } ?? 48
            let cycles = try LeakCycles()
            defer { cycles.close() }
            var tally: [LeakCycleKind: Int] = [:]
            let alive = try await LiveParserCount.alive { tally = try await cycles.run(count) }
            #expect(alive == 0)
            #expect(tally.values.reduce(0, +) == count)
            let summary = LeakCycleKind.allCases.map { "\($0) \(tally[$0] ?? 0)" }.joined(separator: ", ")
            print(
                "leak cycles: \(count) (\(summary)); live libxml2 contexts after: \(alive)"
            )
        }
    }
#endif
