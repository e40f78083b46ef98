#if os(Linux)
    import Foundation
    import Testing

    /// Every ```swift block of the README and the DocC articles compiles against the library as
    /// this test run built it, in a nonisolated function, a `@MainActor` function and top-level
    /// code (Scripts/snippets.sh), so that no example can rot.
    @Suite(.serialized, .enabled(if: SnippetCheck.modulesArePresent, "no XMLEvents module beside the test bundle"))
    struct DocumentationSnippetTests {
        @Test func everySnippetOfTheDocumentationCompiles() async throws {
            let run = try await SnippetCheck.run()
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("All "))
            #expect(run.output.contains(" blocks compile in the three contexts"))
        }

        /// The check fails on a block that does not compile, and says where, in the Markdown file:
        /// here the task-group example the Composing article once had, which compiles in a
        /// nonisolated function but not in a `@MainActor` one.
        @Test func aBlockThatDoesNotCompileFailsTheCheckAtItsLine() async throws {
            let markdown = """
                # Example

                ```swift
                let count = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<2 { group.addTask { 1 } }
                    return try await group.reduce(0, +)
                }
                print(count)
                ```

                <!-- snippet: skip not Swift -->
                ```swift
                this is not Swift
                ```

                """
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xmlevents-snippets-\(UUID().uuidString).md")
            try Data(markdown.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let run = try await SnippetCheck.run(documents: [file.path])
            #expect(run.status != 0)
            #expect(run.output.contains("\(file.path):6:"), "\(run.output)")
            #expect(run.output.contains("sending 'group' risks causing data races"))
            #expect(run.output.contains("a block does not compile in a @MainActor async function"))
            #expect(!run.output.contains("a block does not compile in a nonisolated async function"))
            #expect(run.output.contains("skipped \(file.path):12: not Swift"))
        }
    }

    /// Runs Scripts/snippets.sh against the modules of this test run.
    enum SnippetCheck {
        static let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()

        /// The products directory of this test run, which holds the library's module.
        static let binPath = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent()

        static var modulesArePresent: Bool {
            FileManager.default.fileExists(atPath: binPath.appendingPathComponent("Modules/XMLEvents.swiftmodule").path)
        }

        struct Run {
            var status: Int32
            var output: String
        }

        /// Runs the script on `documents` (the package's documentation when empty), with its
        /// generated files in a fresh directory.
        static func run(documents: [String] = []) async throws -> Run {
            let work = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xmlevents-snippets-\(UUID().uuidString)")
            let log = work.appendingPathExtension("log")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            defer {
                try? FileManager.default.removeItem(at: work)
                try? FileManager.default.removeItem(at: log)
            }
            let script = Process()
            script.executableURL = URL(fileURLWithPath: "/bin/bash")
            script.arguments = [packageRoot.appendingPathComponent("Scripts/snippets.sh").path] + documents
            script.environment = ProcessInfo.processInfo.environment.merging([
                "SNIPPETS_BIN_PATH": binPath.path, "SNIPPETS_WORK": work.path,
            ]) { _, new in new }
            let output = try FileHandle(forWritingTo: log)
            defer { try? output.close() }
            script.standardOutput = output
            script.standardError = output
            let status: Int32 = try await withCheckedThrowingContinuation { continuation in
                script.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do {
                    try script.run()
                } catch {
                    script.terminationHandler = nil
                    continuation.resume(throwing: error)
                }
            }
            return Run(status: status, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
    }
#endif
