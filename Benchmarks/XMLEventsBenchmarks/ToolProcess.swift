import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of an executable to its end, its standard output captured and its standard error
/// passed through: the benchmark's children, and the tools the process contenders time.
enum ToolProcess {
    /// How the run went, as the parent saw it.
    struct Outcome {
        var output: Data
        /// `nil` for an exit with status 0, else what went wrong ("exit status 1", "killed by
        /// signal 9").
        var failure: String?
        /// Wall time from just before the spawn to just after the wait: process start and exit
        /// included.
        var seconds: Double
        /// The process's user and system time, from `wait4`.
        var cpuSeconds: Double
        /// `ru_maxrss` from `wait4`: at least the spawning process's resident size at the spawn
        /// (exec keeps the high-water mark of the address space it replaces).
        var peakResidentBytes: Int
    }

    /// The path of this process's executable.
    static func currentExecutablePath() throws(BenchmarkError) -> String {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw BenchmarkError.io("cannot find this executable through /proc/self/exe")
        }
        return path
    }

    /// The executable `name` in the folder this one is in, where SwiftPM builds the package's
    /// executables; throws, saying how to build it, if it is not there.
    static func sibling(named name: String) throws(BenchmarkError) -> String {
        let folder = URL(fileURLWithPath: try currentExecutablePath()).deletingLastPathComponent()
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError.io(
                "no executable '\(name)' beside this one, in \(folder.path): build it with the benchmark "
                    + "(swift build -c release --package-path Benchmarks --product xmlevents-benchmarks builds it "
                    + "as a dependency)")
        }
        return path
    }

    /// Runs the executable `name` beside this one (see ``sibling(named:)``) to its end; throws a
    /// parse failure of `contender` if it fails.
    static func runSibling(
        _ name: String,
        arguments: [String],
        for contender: String
    ) throws(BenchmarkError) -> Outcome {
        let tool = try sibling(named: name)
        let outcome = try run(tool, arguments: arguments)
        if let failure = outcome.failure {
            throw BenchmarkError.parseFailed(contender: contender, detail: "\(tool) \(arguments) \(failure)")
        }
        return outcome
    }

    /// Runs `executable` with `arguments` (without the program name) to its end, in this process's
    /// environment with `environment` added.
    static func run(
        _ executable: String,
        arguments: [String],
        environment: [String: String] = [:]
    ) throws(BenchmarkError) -> Outcome {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchmarkError.io("pipe failed: errno \(errno)") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        let stopwatch = Stopwatch()
        let pid: pid_t
        do {
            pid = try spawn(
                executable, arguments: arguments, environment: environment, standardOutput: writeEnd, closing: readEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        let output = readAll(readEnd)
        close(readEnd)

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError.io("wait4 failed: errno \(errno)") }
        }
        let seconds = stopwatch.read().seconds
        // The wait status layout of Linux: the low 7 bits are the terminating signal, 0 for a
        // normal exit, whose status is in the next byte.
        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        let failure: String? =
            signal != 0 ? "killed by signal \(signal)" : exitCode != 0 ? "exit status \(exitCode)" : nil
        return Outcome(
            output: output,
            failure: failure,
            seconds: seconds,
            cpuSeconds: usage.ru_utime.seconds + usage.ru_stime.seconds,
            // Kibibytes on Linux.
            peakResidentBytes: usage.ru_maxrss * 1024
        )
    }

    private static func spawn(
        _ executable: String,
        arguments: [String],
        environment added: [String: String],
        standardOutput: Int32,
        closing other: Int32
    ) throws(BenchmarkError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_addclose(&actions, other)

        let environment = ProcessInfo.processInfo.environment.merging(added) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw BenchmarkError.io("posix_spawn of \(executable) failed: error \(result)") }
        return pid
    }

    private static func readAll(_ descriptor: Int32) -> Data {
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let received = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if received > 0 {
                output.append(contentsOf: buffer[0..<received])
            } else if received == 0 || errno != EINTR {
                return output
            }
        }
    }
}
