#if os(Linux)
    import Foundation
    import Testing

    /// The attack corpus: every document of ``AttackCatalog``, with the default options and with
    /// `.huge`, through `for try await`, the visitor tier and the command line (see ``AttackRun``),
    /// each in a process of its own. Each must end in a typed error or a correct result, within
    /// the time and memory budgets, without a request to the canary server and without a byte of
    /// the secret file in any event.
    ///
    /// Run one at a time (`.serialized`) so that the children do not compete with each other; the
    /// time budget is checked on CPU time, which other processes' load does not inflate. Under a
    /// sanitizer the budgets are not checked (its shadow memory and slowdown are not the
    /// parser's), everything else is.
    @Suite(.serialized) struct HardeningAttackCorpusTests {
        @Test(arguments: AttackRun.all)
        func attack(_ run: AttackRun) async throws {
            let (attack, mode) = (run.attack, run.mode)
            let report = try await AttackChildProcess.run(attack, mode: mode, tier: run.tier)
            var failures: [String] = []
            if let failure = attack.expectation(mode).failure(of: report) { failures.append(failure) }
            if report.canaryRequests != 0 { failures.append("\(report.canaryRequests) request(s) to the canary") }
            if report.secretSeen { failures.append("the secret file's content reached an event") }
            if !SanitizerDetection.isActive {
                if attack.timeExemption[mode] == nil, report.cpuSeconds >= AttackCase.timeBudgetSeconds {
                    failures.append("took \(report.cpuSeconds) s of CPU")
                }
                let baseline = try await AttackBaseline.shared.peakResidentBytes(mode: mode, tier: run.tier)
                if attack.memoryExemption[mode] == nil,
                    report.peakResidentBytes - baseline >= AttackCase.memoryBudgetBytes
                {
                    failures.append(
                        "peak resident memory \(report.peakResidentBytes >> 20) MiB, "
                            + "\((report.peakResidentBytes - baseline) >> 20) MiB above the \(baseline >> 20) MiB of <r/>"
                    )
                }
            }
            #expect(failures.isEmpty, "\(run): \(failures.joined(separator: "; "))")
            AttackTable.append(report, exemptions: [attack.timeExemption[mode], attack.memoryExemption[mode]])
        }
    }

    /// The peak resident memory of the attack's child process reading `<r/>`, per mode and tier,
    /// measured once: what the process costs before any attack.
    actor AttackBaseline {
        static let shared = AttackBaseline()
        private var peaks: [String: Int] = [:]

        func peakResidentBytes(mode: AttackMode, tier: AttackTier) async throws -> Int {
            let key = "\(mode)-\(tier)"
            if let peak = peaks[key] { return peak }
            let peak = try await AttackChildProcess.run(AttackCatalog.baseline, mode: mode, tier: tier)
                .peakResidentBytes
            peaks[key] = peak
            return peak
        }
    }
#endif
