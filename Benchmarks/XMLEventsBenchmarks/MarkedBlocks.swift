import Foundation

/// The generated parts of a documentation file: the text between `<!-- NAME:begin -->` and
/// `<!-- NAME:end -->`, which `--update-docs` rewrites, and nothing around it.
///
/// A block whose begin marker ends its line holds whole lines (a paragraph, a table); one that
/// does not is inline, within a line (a table cell, a figure in a sentence).
enum MarkedBlocks {
    static func begin(_ name: String) -> String { "<!-- \(name):begin -->" }
    static func end(_ name: String) -> String { "<!-- \(name):end -->" }

    /// The names among `names` that `text` lacks a begin or end marker for, or has more than one.
    static func missing(_ names: [String], in text: String) -> [String] {
        names.filter { name in
            text.components(separatedBy: begin(name)).count != 2 || text.components(separatedBy: end(name)).count != 2
        }
    }

    /// `text` with the content of each block of `blocks` (by name) replaced.
    static func replacing(_ blocks: [String: String], in text: String, file: String) throws(BenchmarkError) -> String {
        var result = text
        for (name, content) in blocks.sorted(by: { $0.key < $1.key }) {
            guard missing([name], in: result).isEmpty,
                let opening = result.range(of: begin(name)),
                let closing = result.range(of: end(name), range: opening.upperBound..<result.endIndex)
            else {
                throw BenchmarkError.io("\(file): no single \(begin(name)) … \(end(name)) pair to rewrite")
            }
            let multiline = result[opening.upperBound...].hasPrefix("\n")
            result.replaceSubrange(
                opening.upperBound..<closing.lowerBound, with: multiline ? "\n" + content + "\n" : content)
        }
        return result
    }
}
