#if os(Linux)
    import Foundation
    import Testing

    /// The child's entry point for ``AttackChildProcess``: does nothing (and passes) unless the
    /// environment names a case, which it then runs and reports on.
    @Suite struct HardeningAttackProbeEntry {
        @Test func runRequestedProbe() async throws {
            let environment = ProcessInfo.processInfo.environment
            guard let name = environment[AttackChildProcess.caseVariable],
                let modeName = environment[AttackChildProcess.modeVariable],
                let tierName = environment[AttackChildProcess.tierVariable],
                let reportPath = ChildTestProcess.reportPath
            else { return }
            let attack = try #require(AttackCatalog.named(name), "no attack named \(name)")
            let mode = try #require(AttackMode(rawValue: modeName))
            let tier = try #require(AttackTier(rawValue: tierName))
            let report = try await AttackProbe.run(attack, mode: mode, tier: tier)
            try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: reportPath))
        }
    }
#endif
