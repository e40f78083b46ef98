#if os(Linux)
    import Foundation
    import Glibc
    import LoopbackHTTP
    import XMLEvents

    /// Runs one attack in the current process and measures it: the child's side of
    /// ``AttackChildProcess``. Events are summarized as they pass, never kept, so the process's
    /// peak memory is the parser's.
    enum AttackProbe {
        static func run(_ attack: AttackCase, mode: AttackMode, tier: AttackTier) async throws -> AttackReport {
            if tier == .commandLine { return try await AttackCommandLine.run(attack, mode: mode) }
            let marker = "TOP-SECRET-\(UUID().uuidString)"
            let secretFile = FileManager.default.temporaryDirectory
                .appendingPathComponent("xmlevents-attack-\(UUID().uuidString)")
            try Data(attack.secretFileContent(marker).utf8).write(to: secretFile)
            defer { try? FileManager.default.removeItem(at: secretFile) }

            let server = try LoopbackServer()
            defer { server.stop() }
            // Every canary path answers with the secret: were one fetched, it would show.
            let canaryResponse = LoopbackResponse(body: .data(Data(attack.secretFileContent(marker).utf8)))
            for path in ["/canary/evil.dtd", "/canary/g.ent", "/canary/p.dtd", "/canary/inc.xml"] {
                server.route(path, canaryResponse)
            }
            let targets = AttackCase.Targets(secretFile: secretFile, canary: { server.url($0) })
            let document = attack.document(targets)
            if attack.source == .http {
                server.route("/doc.xml", LoopbackResponse(body: .data(document.data)))
            }

            var report = AttackReport(caseName: attack.name, mode: mode, tier: tier)
            report.documentByteCount = document.byteCount
            report.baselineResidentBytes = ProcessMemory.residentBytes
            let clock = ContinuousClock()
            let cpuBefore = cpuSeconds()
            let start = clock.now
            var summary = AttackEventSummary(marker: marker)
            var visitor = AttackVisitor(marker: marker)
            func read<Source>(_ events: XMLEvents<Source>) async throws {
                if tier == .visitor {
                    try await events.visit(&visitor)
                } else {
                    for try await event in events { summary.add(event) }
                }
            }
            do {
                switch attack.source {
                case .stream:
                    try await read(
                        XMLEvents(AttackChunks(document: document, chunkSize: 1 << 16), options: mode.options))
                case .http:
                    try await read(XMLEvents(url: server.url("/doc.xml"), options: mode.options))
                }
            } catch let error as XMLParsingError {
                report.outcome = .error
                report.errorCode = error.code.rawValue
                report.errorMessage = error.message
                (report.errorLine, report.errorColumn, report.errorByteOffset) =
                    (error.line, error.column, error.byteOffset)
                report.secretSeen = error.message.contains(marker)
            } catch {
                report.outcome = .foreignError
                report.errorMessage = "\(type(of: error)): \(error)"
            }
            report.wallSeconds = (clock.now - start) / .seconds(1)
            report.cpuSeconds = cpuSeconds() - cpuBefore
            report.peakResidentBytes = ProcessMemory.peakResidentBytes
            if tier == .visitor { visitor.fill(&report) } else { summary.fill(&report) }
            report.canaryRequests = server.requestCounts.filter { $0.key != "/doc.xml" }.values.reduce(0, +)
            return report
        }

        /// CPU time of the whole process so far: unlike wall time, it does not grow when other
        /// processes (the parallel tests, a benchmark) take the cores.
        private static func cpuSeconds() -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
    }
#endif
