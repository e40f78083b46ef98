// Extracts every ```swift block of the given Markdown files and wraps each in the three
// contexts Scripts/snippets.sh type-checks it in: the body of a nonisolated async function, the
// body of a @MainActor async function, and top-level code (main.swift).
//
//   snippet-check OUTPUT-DIRECTORY FILE.md...
//
// Writes nonisolated.swift, main-actor.swift and main.swift into OUTPUT-DIRECTORY, and lists
// the blocks on standard output, one line each: `checked FILE:LINE`, `skipped FILE:LINE: why`,
// or `manifest FILE:LINE PATH` for a block marked `<!-- snippet: package-manifest -->`, a whole
// Package.swift written to PATH, which the script type-checks against PackageDescription.
//
// A block is compiled as it is written, with the declarations of Scripts/SnippetCheck/Prelude
// (the URLs, records and helpers the examples assume). Its `import` lines, and `#if canImport`
// blocks holding only imports, are moved to the top of the files. `#sourceLocation` makes the
// compiler report errors at the Markdown file and line. A block right after the line
// `<!-- snippet: skip REASON -->` is not compiled (a fragment of a manifest, say); the reason
// is listed.

import Foundation

struct Snippet {
    enum Kind {
        case code
        case manifest
    }

    var kind = Kind.code
    var file: String
    /// The line of the block's first line of code, 1-based.
    var line: Int
    var body: [String]
    var imports: [String]
}

/// The ```swift blocks of one file, with the reason for each one skipped.
func snippets(in file: String, displayName: String) throws -> (checked: [Snippet], skipped: [(Int, String)]) {
    let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
    var checked: [Snippet] = []
    var skipped: [(Int, String)] = []
    var index = 0
    while index < lines.count {
        let fence = lines[index]
        let trimmed = fence.trimmingCharacters(in: .whitespaces)
        guard trimmed == "```swift" else {
            index += 1
            continue
        }
        let indentation = fence.prefix { $0 == " " }.count
        let previous = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
            .trimmingCharacters(in: .whitespaces)
        var body: [String] = []
        index += 1
        let firstLine = index + 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
            body.append(String(lines[index].dropFirst(min(indentation, lines[index].prefix { $0 == " " }.count))))
            index += 1
        }
        index += 1
        if let previous, previous.hasPrefix("<!-- snippet: skip") {
            let reason = previous.dropFirst("<!-- snippet: skip".count).dropLast(previous.hasSuffix("-->") ? 3 : 0)
            skipped.append((firstLine - 1, reason.trimmingCharacters(in: .whitespaces)))
            continue
        }
        if previous == "<!-- snippet: package-manifest -->" {
            checked.append(Snippet(kind: .manifest, file: displayName, line: firstLine, body: body, imports: []))
            continue
        }
        let (code, imports) = hoistingImports(body)
        checked.append(Snippet(file: displayName, line: firstLine, body: code, imports: imports))
    }
    return (checked, skipped)
}

/// The block without its imports (blank lines keep the line numbers), and the imports.
func hoistingImports(_ body: [String]) -> (code: [String], imports: [String]) {
    var code: [String] = []
    var imports: [String] = []
    var index = 0
    func isImport(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("import ") || trimmed.hasPrefix("@preconcurrency import ")
    }
    while index < body.count {
        let line = body[index]
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if isImport(line) {
            imports.append(trimmed.components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces))
            code.append("")
            index += 1
            continue
        }
        if trimmed.hasPrefix("#if canImport("),
            let end = body[index...].firstIndex(where: {
                $0.trimmingCharacters(in: .whitespaces) == "#endif"
            })
        {
            let inner = body[(index + 1)..<end]
            if inner.allSatisfy({ isImport($0) || $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                let block = ([trimmed] + inner.map { $0.trimmingCharacters(in: .whitespaces) } + ["#endif"])
                    .map { $0.components(separatedBy: " //")[0] }
                imports.append(block.joined(separator: "\n"))
                code += Array(repeating: "", count: end - index + 1)
                index = end + 1
                continue
            }
        }
        code.append(line)
        index += 1
    }
    return (code, imports)
}

/// The block's lines, reported by the compiler at their place in the Markdown file.
func located(_ snippet: Snippet, indent: String) -> String {
    let file = snippet.file.replacingOccurrences(of: "\"", with: "\\\"")
    return "#sourceLocation(file: \"\(file)\", line: \(snippet.line))\n"
        + snippet.body.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        + "\n#sourceLocation()\n"
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: snippet-check OUTPUT-DIRECTORY FILE.md...\n".utf8))
    exit(2)
}
let root = FileManager.default.currentDirectoryPath + "/"
var all: [Snippet] = []
var manifests: [Snippet] = []
var listing: [String] = []
for file in arguments.dropFirst() {
    let displayName = file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
    let (checked, skipped) = try snippets(in: file, displayName: displayName)
    all += checked.filter { $0.kind == .code }
    listing += checked.filter { $0.kind == .code }.map { "checked \($0.file):\($0.line)" }
    for manifest in checked where manifest.kind == .manifest {
        let directory = output + "/manifest-\(manifests.count + 1)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try located(manifest, indent: "").write(toFile: directory + "/Package.swift", atomically: true, encoding: .utf8)
        manifests.append(manifest)
        listing.append("manifest \(manifest.file):\(manifest.line) \(directory)/Package.swift")
    }
    listing += skipped.map { "skipped \(displayName):\($0.0): \($0.1)" }
}

var imports = ["import Foundation", "import XMLEvents"]
for snippet in all {
    for block in snippet.imports where !imports.contains(block) { imports.append(block) }
}
let header =
    "// Generated by Scripts/snippets.sh from the documentation; do not edit.\n"
    + imports.joined(separator: "\n") + "\n"

var nonisolated = header
var mainActor = header
var topLevel = header
for (number, snippet) in all.enumerated() {
    let name = "snippet\(number + 1)"
    nonisolated +=
        "\n// \(snippet.file):\(snippet.line)\nfunc \(name)() async throws {\n"
        + located(snippet, indent: "    ") + "}\n"
    mainActor +=
        "\n// \(snippet.file):\(snippet.line)\n@MainActor func \(name)() async throws {\n"
        + located(snippet, indent: "    ") + "}\n"
    topLevel += "\n// \(snippet.file):\(snippet.line)\ndo {\n" + located(snippet, indent: "    ") + "}\n"
}
try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
try nonisolated.write(toFile: output + "/nonisolated.swift", atomically: true, encoding: .utf8)
try mainActor.write(toFile: output + "/main-actor.swift", atomically: true, encoding: .utf8)
try topLevel.write(toFile: output + "/main.swift", atomically: true, encoding: .utf8)
print(listing.joined(separator: "\n"))
