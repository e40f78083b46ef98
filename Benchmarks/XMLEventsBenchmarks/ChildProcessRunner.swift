import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one measurement in a fresh copy of this executable.
///
/// Each run gets a process of its own so that its peak RSS is its own: a peak is a high-water
/// mark, which one process can only raise. The child reads its own (VmHWM, in its report):
/// the kernel's `ru_maxrss` for an exec'd child is no good, because exec records the
/// high-water mark of the address space it replaces, which after a spawn is the parent's, and
/// `RUSAGE_CHILDREN` is moreover the largest of all children reaped so far.
struct ChildProcessRunner: Sendable {
    /// What the parent learns from one child.
    struct Outcome: Sendable {
        var report: ChildReport
        /// The child's peak RSS, as it read it just before reporting.
        var peakResidentBytes: Int
    }

    let executablePath: String

    /// Runs children of the executable of this process.
    init() throws(BenchmarkError) {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw BenchmarkError.io("cannot find this executable through /proc/self/exe")
        }
        executablePath = path
    }

    /// Runs `request` in a child and returns its report; throws if the child fails in any way.
    func run(_ request: ChildRequest) throws -> Outcome {
        let json = try request.encoded()
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchmarkError.io("pipe failed: errno \(errno)") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        let pid: pid_t
        do {
            pid = try spawn(arguments: [executablePath, "--child", json], standardOutput: writeEnd, closing: readEnd)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        let output = readAll(readEnd)
        close(readEnd)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchmarkError.io("waitpid failed: errno \(errno)") }
        }
        // The wait status layout of Linux: the low 7 bits are the terminating signal, 0 for a
        // normal exit, whose status is in the next byte.
        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        guard signal == 0, exitCode == 0 else {
            let detail = signal != 0 ? "killed by signal \(signal)" : "exit status \(exitCode)"
            throw BenchmarkError.childFailed(request: json, detail: detail)
        }
        let report: ChildReport
        do {
            report = try JSONDecoder().decode(ChildReport.self, from: output)
        } catch {
            throw BenchmarkError.childFailed(request: json, detail: "unreadable report: \(error)")
        }
        guard let peak = report.selfPeakResidentBytes else {
            throw BenchmarkError.childFailed(request: json, detail: "no peak RSS in the report (is /proc mounted?)")
        }
        return Outcome(report: report, peakResidentBytes: peak)
    }

    private func spawn(arguments: [String], standardOutput: Int32, closing other: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_addclose(&actions, other)

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executablePath, &actions, nil, argv, envp)
        guard result == 0 else { throw BenchmarkError.io("posix_spawn failed: error \(result)") }
        return pid
    }

    private func readAll(_ descriptor: Int32) -> Data {
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
