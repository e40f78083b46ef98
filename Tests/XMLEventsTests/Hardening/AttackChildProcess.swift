#if os(Linux)
    import Foundation

    /// Runs one attack in a fresh copy of this test binary (see ``ChildTestProcess``), so that its
    /// peak memory is its own and not that of the tests running beside it in this process.
    ///
    /// The child runs only ``HardeningAttackProbeEntry``, which reads the case from the
    /// environment, measures it and writes an ``AttackReport``.
    enum AttackChildProcess {
        static let caseVariable = "XMLEVENTS_ATTACK_CASE"
        static let modeVariable = "XMLEVENTS_ATTACK_MODE"
        static let tierVariable = "XMLEVENTS_ATTACK_TIER"

        static func run(_ attack: AttackCase, mode: AttackMode, tier: AttackTier) async throws -> AttackReport {
            let data = try await ChildTestProcess.run(
                filter: "HardeningAttackProbeEntry",
                environment: [caseVariable: attack.name, modeVariable: mode.rawValue, tierVariable: tier.rawValue]
            )
            return try JSONDecoder().decode(AttackReport.self, from: data)
        }
    }
#endif
