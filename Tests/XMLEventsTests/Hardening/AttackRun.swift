/// One attack, read one way with one set of options: a case of the corpus test.
struct AttackRun: Sendable, CustomStringConvertible {
    let attack: AttackCase
    let mode: AttackMode
    let tier: AttackTier

    var description: String { "\(attack.name) [\(mode.rawValue), \(tier.rawValue)]" }

    /// Every attack in every mode through the library's two tiers, and through the command line
    /// those that are read from a stream and must end in an error (the command line has no
    /// events to check a result by, and fetches through the same library).
    static let all: [AttackRun] = AttackCatalog.all.flatMap { attack in
        AttackMode.allCases.flatMap { mode in
            AttackTier.allCases.compactMap { tier in
                if tier == .commandLine {
                    guard attack.source == .stream, case .error = attack.expectation(mode) else { return nil }
                }
                return AttackRun(attack: attack, mode: mode, tier: tier)
            }
        }
    }
}
