import Foundation
import Testing

/// The set-up commands of the README and the Getting Started article install every Debian
/// package that Package.swift builds against (and that `.ci/run` installs), and work where there
/// is no `sudo`: as root in a container such as the official Swift images, as well as for a user.
@Suite struct SetupCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let documents = ["README.md", "Sources/XMLEvents/XMLEvents.docc/GettingStarted.md"]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The Debian packages of the `.apt([...])` providers in Package.swift.
    static func manifestPackages() throws -> Set<String> {
        let manifest = try text("Package.swift")
        var packages: Set<String> = []
        for provider in manifest.matches(of: /\.apt\(\[([^\]]*)\]\)/) {
            for name in provider.1.matches(of: /"([^"]+)"/) { packages.insert(String(name.1)) }
        }
        return packages
    }

    /// The `apt-get install` lines of a Markdown file.
    static func installLines(in document: String) throws -> [String] {
        try text(document).components(separatedBy: "\n").filter { $0.contains("apt-get install") }
    }

    /// The package names an install line names (the words after `install` that are not options,
    /// up to the end of that command).
    static func packages(in line: String) -> Set<String> {
        guard let install = line.range(of: "apt-get install") else { return [] }
        let command = line[install.upperBound...].prefix { $0 != "&" && $0 != ";" && $0 != "|" }
        return Set(command.split(separator: " ").map(String.init).filter { !$0.hasPrefix("-") })
    }

    @Test(arguments: documents)
    func theSetUpCommandsInstallEveryPackageTheBuildNeeds(document: String) throws {
        let needed = try Self.manifestPackages().union(["pkg-config"])
        #expect(needed.contains("libzstd-dev") && needed.contains("libxml2-dev"), "\(needed)")
        let lines = try Self.installLines(in: document)
        #expect(!lines.isEmpty)
        for line in lines {
            let missing = needed.subtracting(Self.packages(in: line))
            #expect(missing.isEmpty, "\(document): \(line) does not install \(missing.sorted())")
        }
    }

    @Test func ciInstallsEveryPackageTheBuildNeeds() throws {
        let run = try Self.text(".ci/run")
        let list = try #require(run.firstMatch(of: /packages=\(([^)]*)\)/)).1
        let packages = Set(list.split(separator: " ").map(String.init))
        let missing = try Self.manifestPackages().union(["pkg-config"]).subtracting(packages)
        #expect(missing.isEmpty, ".ci/run does not install \(missing.sorted())")
    }

    /// `sudo` is not written as a command of its own: a root container without it would stop at
    /// "sudo: command not found". `$(command -v sudo)` is `sudo` where it exists and nothing
    /// where it does not. Each line also updates the package lists first, which a fresh image
    /// has none of.
    @Test(arguments: documents)
    func theSetUpCommandsWorkWithoutSudo(document: String) throws {
        for line in try Self.installLines(in: document) {
            let commands = line.components(separatedBy: "&&").map { $0.trimmingCharacters(in: .whitespaces) }
            for command in commands where command.contains("apt-get") {
                #expect(!command.hasPrefix("sudo "), "\(document): \(command)")
                #expect(command.hasPrefix("$(command -v sudo) apt-get "), "\(document): \(command)")
            }
            #expect(commands.first?.hasSuffix("apt-get update") == true, "\(document): \(line)")
        }
    }

    /// What the lines rely on: `$(command -v sudo)` expands to nothing where there is no `sudo`,
    /// so the command that follows runs as the caller, in sh as in bash.
    @Test(arguments: ["/bin/sh", "/bin/bash"])
    func commandVSudoExpandsToNothingWithoutSudo(shell: String) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", "$(command -v sudo) echo ran"]
        // A PATH with no sudo on it, as in a container that has none.
        process.environment = ["PATH": "/nonexistent-xmlevents"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self) == "ran\n")
    }
}
