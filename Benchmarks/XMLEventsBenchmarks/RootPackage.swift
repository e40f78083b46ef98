import Foundation

/// The library's package, the parent of this benchmark package: the benchmark builds its
/// `xmlevents` command-line tool, to time it as a process, and rewrites its documentation.
enum RootPackage {
    /// The environment variable through which the children learn where the parent built the
    /// command-line tool.
    static let commandLineToolVariable = "XMLEVENTS_BENCHMARKS_CLI"

    /// The package's folder, the parent of the benchmark package's, whose sources this file is
    /// among (Benchmarks/XMLEventsBenchmarks/): found wherever the command is run from.
    static func folder(sourceFile: String = #filePath) throws(BenchmarkError) -> URL {
        var folder = URL(fileURLWithPath: sourceFile)
        for _ in 0..<3 { folder.deleteLastPathComponent() }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
            throw BenchmarkError.io(
                "no Package.swift in \(folder.path), where the XMLEvents package was when this benchmark was built")
        }
        return folder
    }

    /// Builds the package's `xmlevents` in this build's configuration and returns the path of
    /// the executable; throws, with what `swift build` printed, if it cannot be built.
    static func buildCommandLineTool() throws(BenchmarkError) -> String {
        let arguments = ["build", "--package-path", try folder().path, "--product", "xmlevents", "-c", configuration]
        let command = (["swift"] + arguments).joined(separator: " ")
        // The build's errors go to standard error, which passes through.
        let build = try ToolProcess.run("/usr/bin/env", arguments: ["swift"] + arguments)
        if let failure = build.failure {
            let output = String(decoding: build.output, as: UTF8.self)
            throw BenchmarkError.io(
                "cannot build the command-line tool the benchmark times (\(command): \(failure))"
                    + (output.isEmpty ? "" : ":\n\(output)"))
        }
        let binPath = try ToolProcess.run("/usr/bin/env", arguments: ["swift"] + arguments + ["--show-bin-path"])
        let folder = String(decoding: binPath.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let tool = URL(fileURLWithPath: folder).appendingPathComponent("xmlevents").path
        guard binPath.failure == nil, FileManager.default.isExecutableFile(atPath: tool) else {
            throw BenchmarkError.io("\(command) succeeded, but there is no executable xmlevents in '\(folder)'")
        }
        return tool
    }

    /// The command-line tool the parent built, in a child (see ``ChildProcessRunner``).
    static func builtCommandLineTool() throws(BenchmarkError) -> String {
        guard let path = ProcessInfo.processInfo.environment[commandLineToolVariable] else {
            throw BenchmarkError.io(
                "no \(commandLineToolVariable) in the environment: a child run needs the path of the xmlevents "
                    + "the parent built")
        }
        return path
    }

    /// The configuration this benchmark was built in, which the tool is built in too.
    private static var configuration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }
}
