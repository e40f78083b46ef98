import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one run of the built `xmlevents` produced.
struct CLIRun: Sendable {
    var status: Int32
    var stdout: Data
    var stderr: Data

    var output: String { String(decoding: stdout, as: UTF8.self) }
    var errors: String { String(decoding: stderr, as: UTF8.self) }

    /// Standard output's lines, without their line feeds.
    var lines: [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Where two outputs first differ, or `nil` when they are the same: a short message for a
/// failed comparison, where `#expect(a == b)` would compute a diff of megabytes.
func firstDifference(_ lhs: CLIRun, _ rhs: CLIRun) -> String? {
    guard lhs.stdout != rhs.stdout else { return nil }
    let (left, right) = (lhs.lines, rhs.lines)
    for index in 0..<max(left.count, right.count) {
        let (a, b) = (index < left.count ? left[index] : "<none>", index < right.count ? right[index] : "<none>")
        if a != b { return "line \(index + 1) of \(left.count) / \(right.count): \(a.prefix(300)) ≠ \(b.prefix(300))" }
    }
    return "the same lines, different bytes (\(lhs.stdout.count) / \(rhs.stdout.count))"
}

/// Why the executable could not be run.
enum CLIError: Error, CustomStringConvertible {
    case executableNotFound(searched: [String])
    case cannotCreate(path: String)

    var description: String {
        switch self {
        case .executableNotFound(let searched):
            return "the built `xmlevents` was not found; build it first (`swift build --product xmlevents`) "
                + "or set XMLEVENTS_EXECUTABLE. Looked at: " + searched.joined(separator: ", ")
        case .cannotCreate(let path):
            return "cannot create \(path)"
        }
    }
}

/// Runs the built `xmlevents` as a subprocess, as a shell would: arguments, standard input from
/// nowhere, data (through a pipe) or a file, and standard output and error captured.
///
/// Blocking work (writing the input, waiting for the exit) happens on threads of its own, never
/// on the concurrency pool, which the tests running in parallel share.
enum CLI {
    /// Where standard input comes from.
    enum Input: Sendable {
        /// `/dev/null`.
        case none
        /// Written into a pipe by a thread of its own, then closed.
        case data(Data)
        /// Redirected from a file.
        case file(URL)
    }

    /// The executable: `XMLEVENTS_EXECUTABLE` if set, otherwise next to the test bundle, where
    /// SwiftPM puts every product of a build (`.build/debug/`).
    static func executable() throws(CLIError) -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["XMLEVENTS_EXECUTABLE"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        // Linux: arguments[0] is the test bundle, an executable in the products directory.
        // macOS: the bundle is a directory there, and Bundle.main is the runner inside Xcode.
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directories = [runner.deletingLastPathComponent()]
        for bundle in Bundle.allBundles + [Bundle.main] where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        candidates += directories.map { $0.appendingPathComponent("xmlevents") }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw .executableNotFound(searched: candidates.map(\.path))
    }

    /// Runs `xmlevents arguments` to its end.
    ///
    /// - Parameters:
    ///   - environment: Variables added to this process's environment.
    ///   - standardOutput: A file to write standard output to instead of capturing it (such as
    ///     `/dev/full`); the run's `stdout` is then empty.
    ///   - timeout: After this the process is killed, so a hang fails the test instead of the run.
    static func run(
        _ arguments: [String],
        input: Input = .none,
        environment: [String: String] = [:],
        standardOutput: URL? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> CLIRun {
        let executable = try executable()
        return try await onThread {
            try Invocation(executable: executable, arguments: arguments, environment: environment)
                .run(input: input, standardOutput: standardOutput, timeout: timeout)
        }
    }

    /// Runs `xmlevents arguments` with both ends in the test's hands: `body` writes standard input
    /// and reads standard output line by line while the process runs, and may close either early.
    /// Lines the body leaves unread are in the run's `stdout`.
    ///
    /// - Returns: The run, and what `body` returned (checked by the caller: `body` runs on a
    ///   thread of its own, outside the test's task, where expectations cannot be recorded).
    static func interact<Result: Sendable>(
        _ arguments: [String],
        timeout: Duration = .seconds(60),
        _ body: @escaping @Sendable (Interaction) throws -> Result
    ) async throws -> (run: CLIRun, result: Result) {
        let executable = try executable()
        return try await onThread {
            try Invocation(executable: executable, arguments: arguments, environment: [:])
                .interact(timeout: timeout, body)
        }
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

/// The test's end of a running process's standard input and output, used on one thread.
final class Interaction {
    private var input: Int32?
    private var output: Int32?
    private var buffered: [UInt8] = []
    /// Where the unread part of `buffered` starts.
    private var start = 0
    /// Standard error as the process has written it so far.
    private let errorsSoFar: () -> Data

    fileprivate init(input: Int32, output: Int32, errorsSoFar: @escaping () -> Data) {
        self.input = input
        self.output = output
        self.errorsSoFar = errorsSoFar
    }

    /// Waits until the process has written `text` to standard error: the event a test waits for
    /// before it goes on, instead of a pause. `false` when `limit` passes first (the process
    /// ended without it, or hangs).
    func waitForStandardError(containing text: String, within limit: Duration = .seconds(60)) -> Bool {
        let wanted = Data(text.utf8)
        let deadline = ContinuousClock.now.advanced(by: limit)
        while errorsSoFar().firstRange(of: wanted) == nil {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    deinit {
        closeInput()
        closeOutput()
    }

    /// Writes to the process's standard input; `false` if the process no longer reads it.
    @discardableResult
    func write(_ data: Data) -> Bool {
        guard let input else { return false }
        return Invocation.writeFully(input, data)
    }

    func closeInput() {
        if let input { close(input) }
        input = nil
    }

    /// Stops reading standard output, as `head` does once it has its lines.
    func closeOutput() {
        if let output { close(output) }
        output = nil
    }

    /// The next line of standard output without its line feed, or `nil` at its end.
    func readLine() -> String? {
        while true {
            if let newline = buffered[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[start..<newline], as: UTF8.self)
                start = newline + 1
                return line
            }
            guard let output else { return nil }
            // Drops the lines already returned before reading more, so the buffer stays small.
            buffered.removeSubrange(..<start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                guard !buffered.isEmpty else { return nil }
                defer { buffered = [] }
                return String(decoding: buffered, as: UTF8.self)
            }
            buffered += chunk[..<count]
        }
    }
}

/// One process, its files and pipes; used on one thread from start to end.
private struct Invocation {
    let executable: URL
    let arguments: [String]
    let environment: [String: String]

    func run(input: CLI.Input, standardOutput: URL?, timeout: Duration) throws -> CLIRun {
        let files = try CapturedOutput()
        defer { files.remove() }
        let process = makeProcess()
        process.standardOutput = try standardOutput.map { try FileHandle(forWritingTo: $0) } ?? files.stdout
        process.standardError = files.stderr
        var feeder: Pipe?
        switch input {
        case .none:
            process.standardInput = FileHandle.nullDevice
        case .file(let url):
            process.standardInput = try FileHandle(forReadingFrom: url)
        case .data:
            let pipe = Pipe()
            process.standardInput = pipe
            feeder = pipe
        }
        try process.run()
        let watchdog = Watchdog(process: process, timeout: timeout)
        if case .data(let data) = input, let pipe = feeder {
            let descriptor = pipe.fileHandleForWriting.fileDescriptor
            // The process may stop reading early (an error); a failed write just ends the input.
            Self.writeFully(descriptor, data)
            try pipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        watchdog.disarm()
        return CLIRun(status: process.terminationStatus, stdout: try files.readStdout(), stderr: try files.readStderr())
    }

    func interact<Result>(timeout: Duration, _ body: (Interaction) throws -> Result) throws -> (CLIRun, Result) {
        let files = try CapturedOutput()
        defer { files.remove() }
        let process = makeProcess()
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = files.stderr
        try process.run()
        let watchdog = Watchdog(process: process, timeout: timeout)
        // Our copies of the child's ends must go, or the pipes never report their end.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        // Descriptors of our own, closed exactly once by the interaction, whatever the body does.
        let interaction = Interaction(
            input: dup(input.fileHandleForWriting.fileDescriptor),
            output: dup(output.fileHandleForReading.fileDescriptor),
            errorsSoFar: { (try? files.readStderr()) ?? Data() })
        try input.fileHandleForWriting.close()
        try output.fileHandleForReading.close()
        defer { interaction.closeInput() }
        let result = try body(interaction)
        interaction.closeInput()
        // Whatever the body left unread is read to the end, so the process can finish writing.
        var rest: [String] = []
        while let line = interaction.readLine() { rest.append(line) }
        process.waitUntilExit()
        watchdog.disarm()
        let stdout = Data(rest.map { $0 + "\n" }.joined().utf8)
        return (CLIRun(status: process.terminationStatus, stdout: stdout, stderr: try files.readStderr()), result)
    }

    private func makeProcess() -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return process
    }

    /// Writes all of `data`; `false` once the reader has gone (EPIPE: SIGPIPE is ignored here).
    @discardableResult
    static func writeFully(_ descriptor: Int32, _ data: Data) -> Bool {
        _ = ignoreBrokenPipes
        return data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// A child that stops reading its input must not kill the test runner with SIGPIPE.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()
}

/// Standard output and error captured in files: a pipe nobody reads would stall a chatty process.
private struct CapturedOutput {
    let directory: URL
    let stdout: FileHandle
    let stderr: FileHandle

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xmlevents-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        stdout = try Self.create(directory.appendingPathComponent("stdout"))
        stderr = try Self.create(directory.appendingPathComponent("stderr"))
    }

    func readStdout() throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("stdout"))
    }

    func readStderr() throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("stderr"))
    }

    func remove() {
        try? stdout.close()
        try? stderr.close()
        try? FileManager.default.removeItem(at: directory)
    }

    private static func create(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CLIError.cannotCreate(path: url.path)
        }
        return try FileHandle(forWritingTo: url)
    }
}

/// Kills a process that outlives its time, so that a hang becomes a failed test.
private final class Watchdog: @unchecked Sendable {
    // @unchecked: `disarmed` is guarded by `lock`; Process's isRunning and terminate() are thread-safe.
    private let process: Process
    private let lock = NSLock()
    private var disarmed = false

    init(process: Process, timeout: Duration) {
        self.process = process
        let seconds = Double(timeout.components.seconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            if !disarmed, process.isRunning { process.terminate() }
        }
    }

    func disarm() {
        lock.lock()
        defer { lock.unlock() }
        disarmed = true
    }
}
