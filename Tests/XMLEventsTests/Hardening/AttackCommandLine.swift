#if os(Linux)
    import Foundation
    import Glibc

    /// Runs one attack through the built `xmlevents` (`--format summary`, the visitor tier) on a
    /// file of the document, and measures that process: its CPU time and peak resident set come
    /// from `wait4`.
    ///
    /// Linux starts a spawned process's peak at its parent's (`posix_spawn` shares the parent's
    /// memory until `exec`, whose peak the kernel carries over), so this runs in the attack's
    /// child process, whose resident set is the test binary's alone: the peak reported is the
    /// command line's own when larger, and otherwise the child's (the baseline), which bounds it.
    ///
    /// The executable is `XMLEVENTS_EXECUTABLE` or the one SwiftPM builds next to this test
    /// binary (the command-line tests depend on it, so `swift build --build-tests` makes it).
    enum AttackCommandLine {
        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        static func run(_ attack: AttackCase, mode: AttackMode) async throws -> AttackReport {
            let executable = try executable()
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("xmlevents-attack-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let marker = "TOP-SECRET-\(UUID().uuidString)"
            let secretFile = directory.appendingPathComponent("secret")
            try Data(attack.secretFileContent(marker).utf8).write(to: secretFile)
            // No server: the command line reads the stream cases, which fetch nothing.
            let nowhere = directory.appendingPathComponent("no-canary")
            let document = attack.document(
                AttackCase.Targets(secretFile: secretFile, canary: { nowhere.appendingPathComponent($0) }))
            let input = directory.appendingPathComponent("document.xml")
            try write(document, to: input)

            var arguments = ["--format", "summary", "--no-progress"]
            if mode == .huge { arguments.append("--huge") }
            arguments.append(input.path)
            let output = directory.appendingPathComponent("output")
            var report = AttackReport(caseName: attack.name, mode: mode, tier: .commandLine)
            report.baselineResidentBytes = ProcessMemory.peakResidentBytes
            let exit = try await spawnAndWait(executable, arguments, output: output.path)

            report.documentByteCount = document.byteCount
            report.cpuSeconds = exit.cpuSeconds
            report.wallSeconds = exit.wallSeconds
            report.peakResidentBytes = exit.peakResidentBytes
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            report.secretSeen = text.contains(marker)
            switch exit.status {
            case 0:
                report.outcome = .finished
            case 1:
                // `PATH:LINE:COLUMN: error: MESSAGE`, the diagnostic of a malformed document.
                report.outcome = .error
                let prefix = input.path + ":"
                guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else {
                    report.outcome = .foreignError
                    report.errorMessage = "no diagnostic: \(text.prefix(500))"
                    break
                }
                let fields = line.dropFirst(prefix.count).split(separator: ":", maxSplits: 3)
                report.errorLine = fields.count > 0 ? Int(fields[0]) : nil
                report.errorColumn = fields.count > 1 ? Int(fields[1]) : nil
                report.errorMessage = fields.count > 3 ? String(fields[3].dropFirst()) : String(line)
            default:
                report.outcome = .foreignError
                report.errorMessage = "exit status \(exit.status): \(text.prefix(500))"
            }
            return report
        }

        /// The built `xmlevents`.
        private static func executable() throws -> String {
            if let path = ProcessInfo.processInfo.environment["XMLEVENTS_EXECUTABLE"] { return path }
            let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("xmlevents").path
            guard FileManager.default.isExecutableFile(atPath: beside) else {
                throw Failure(
                    description: "the built `xmlevents` is not at \(beside): build it (`swift build --build-tests`) "
                        + "or set XMLEVENTS_EXECUTABLE")
            }
            return beside
        }

        private static func write(_ document: AttackDocument, to url: URL) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw Failure(description: "cannot create \(url.path)")
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            var producer = AttackChunks.Producer(document: document, chunkSize: 1 << 20)
            while let chunk = producer.next() { try handle.write(contentsOf: chunk) }
        }

        struct Exit: Sendable {
            var status: Int32
            var cpuSeconds: Double
            var wallSeconds: Double
            var peakResidentBytes: Int
        }

        /// Starts the executable with standard output and error into `output`, waits for it on a
        /// thread of its own (at most two minutes, then kills it), and reads its resources.
        private static func spawnAndWait(_ executable: String, _ arguments: [String], output: String) async throws
            -> Exit
        {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(
                        with: Result { try spawnAndWaitBlocking(executable, arguments, output: output) })
                }
            }
        }

        private static func spawnAndWaitBlocking(_ executable: String, _ arguments: [String], output: String) throws
            -> Exit
        {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var pid: pid_t = 0
            let start = ContinuousClock.now
            let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
            guard spawned == 0 else {
                throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))")
            }
            var status: Int32 = 0
            var usage = rusage()
            let deadline = start + .seconds(120)
            while true {
                let waited = wait4(pid, &status, WNOHANG, &usage)
                if waited == pid { break }
                if waited < 0, errno != EINTR {
                    throw Failure(description: "wait4: \(String(cString: strerror(errno)))")
                }
                if ContinuousClock.now > deadline {
                    kill(pid, SIGKILL)
                    _ = wait4(pid, &status, 0, &usage)
                    throw Failure(description: "\(executable) ran past two minutes and was killed")
                }
                usleep(2_000)
            }
            func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
            // Exited normally when the low 7 bits (the signal) are 0; the status is the next byte.
            let signal = status & 0x7F
            return Exit(
                status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
                cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                wallSeconds: (ContinuousClock.now - start) / .seconds(1),
                peakResidentBytes: usage.ru_maxrss * 1024)
        }
    }
#endif
