#if os(Linux)
    import Foundation

    /// Runs one test of this very test binary (`/proc/self/exe`) in a process of its own and hands
    /// back the report it wrote.
    ///
    /// Tests that bound resident memory need this: the resident set is the whole process's, and
    /// Swift Testing runs other suites beside them. The child is asked by `--filter` to run only
    /// the named entry test, which reads its request from the environment and writes its report to
    /// the file named by ``reportVariable``. It works under plain `swift test` with no other build
    /// product.
    enum ChildTestProcess {
        static let reportVariable = "XMLEVENTS_CHILD_REPORT"

        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        /// Runs the test matched by `filter` with `environment` added, waits for it at most
        /// `timeout`, and returns the report's bytes. The default, ten minutes, is far beyond what
        /// the longest child takes (under half a minute alone, a few times that beside the other
        /// suites): only a hang reaches it.
        static func run(filter: String, environment added: [String: String], timeout: Duration = .seconds(600))
            async throws -> Data
        {
            let directory = FileManager.default.temporaryDirectory
            let reportFile = directory.appendingPathComponent("xmlevents-child-report-\(UUID().uuidString)")
            let output = directory.appendingPathComponent("xmlevents-child-output-\(UUID().uuidString)")
            defer {
                try? FileManager.default.removeItem(at: reportFile)
                try? FileManager.default.removeItem(at: output)
            }
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)

            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = ["--testing-library", "swift-testing", "--filter", filter]
            child.environment = ProcessInfo.processInfo.environment.merging(
                added.merging([reportVariable: reportFile.path]) { new, _ in new }
            ) { _, new in new }
            let log = try FileHandle(forWritingTo: output)
            defer { try? log.close() }
            child.standardOutput = log
            child.standardError = log
            try child.run()

            // Polls for the child's exit; the timeout only turns a hang into a failure.
            let deadline = ContinuousClock.now + timeout
            while child.isRunning, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(10))
            }
            if child.isRunning {
                child.terminate()
                child.waitUntilExit()
                throw Failure(description: "the child ran past \(timeout) and was stopped")
            }
            guard let data = try? Data(contentsOf: reportFile), !data.isEmpty else {
                let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                let status = child.terminationStatus
                let ending =
                    child.terminationReason == .uncaughtSignal ? "stopped by signal \(status)" : "status \(status)"
                throw Failure(description: "the child wrote no report (\(ending)):\n\(text.suffix(4_000))")
            }
            return data
        }

        /// Where the child writes its report, when this process is a child.
        static var reportPath: String? { ProcessInfo.processInfo.environment[reportVariable] }
    }
#endif
