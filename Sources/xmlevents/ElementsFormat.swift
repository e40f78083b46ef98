import XMLEvents

/// `--format elements`: one JSON object per selected element, one line each, written as the
/// element completes, so that `jq 'select(.value > 999.5) | {id, name, value}'` reads records
/// without keeping state between lines.
///
/// The mapping, for an element and, recursively, for each child that is not a plain value:
///
/// - `"#name"`: the selected element's name as the document writes it (`record`, `atom:entry`);
///   only on the line's own object, since a child's name is its key.
/// - Attributes: one key each, the name as written (`id`, `xml:lang`). When a child element has
///   the same name, the attribute's key is `@name` and the child keeps `name`.
/// - Child elements: one key per name as written, in the order the names first occur. A child
///   with neither attributes, child elements nor skipped entities is its text (`"name": "Record
///   7"`, `""` when empty); any other child is an object of its own, by the same rules. A name that occurs more
///   than once is an array of its values, in document order (`"file": ["a", "b"]`); once, a
///   value. (`[.file] | flatten` in jq is an array either way.)
/// - `"#text"`: the element's own character data, its text runs and CDATA sections joined,
///   when the element is an object: for `<price currency="EUR">12.50</price>`,
///   `{"currency": "EUR", "#text": 12.50}`. Text made only of white space is left out when the
///   element has child elements (it is indentation). In mixed content, the text runs are joined
///   and their position among the children is lost.
/// - Values are JSON strings, except text that is a decimal number of at most 15 digits (an
///   optional `-`, no leading zero, an optional fraction): it is a JSON number, written as the
///   document writes it (`999.75`, `7`, `-0.5`), which a double holds exactly to those digits.
///   `007`, `1e5`, ` 42` and `12345678901234567` stay strings.
/// - `"#skippedEntities"`: the names of the entity references in the element's own content that
///   the parser did not replace (see `XMLEvent.skippedEntity`), in document order, an array
///   when there are several: `#text` lacks what they stand for.
/// - Comments, processing instructions, namespace declarations and namespace URIs are left out;
///   `--format jsonl` has them.
///
/// `#` and `@` cannot begin an XML name, so the keys never clash.
final class ElementsFormat: EventSink {
    private let output: BufferedOutput

    init(output: BufferedOutput) {
        self.output = output
    }

    /// Only selected elements reach this format: the options give it a selection always.
    func write(_ event: XMLEvent) {}

    func write(_ subtree: XMLSubtree) {
        Self.append(subtree, to: &output.bytes)
        output.flushIfFull()
    }

    func drain() {}

    /// A parse error is reported on standard error and by the exit status; the lines before it
    /// are the elements that were complete.
    func finish(failure: XMLParsingError?) {}

    /// A value in an object: text, or an element written as an object.
    private enum Value {
        case text(String)
        case object(XMLSubtree)
    }

    /// A key and its values, an array when there are several.
    private struct Member {
        var key: String
        var values: [Value]
        var isArray: Bool { values.count > 1 }
    }

    /// An object being written: its members, and the next value to write.
    private struct Frame {
        var members: [Member]
        var member = 0
        var value = 0
    }

    /// Appends the line of one selected element, its newline included. Walks with a stack of
    /// its own, not by recursion, so that a deeply nested element cannot exhaust the stack.
    static func append(_ subtree: XMLSubtree, to line: inout [UInt8]) {
        var stack = [Frame(members: members(of: subtree, named: true))]
        line.append(UInt8(ascii: "{"))
        while let top = stack.indices.last {
            let frame = stack[top]
            guard frame.member < frame.members.count else {
                line.append(UInt8(ascii: "}"))
                stack.removeLast()
                continue
            }
            let member = frame.members[frame.member]
            guard frame.value < member.values.count else {
                if member.isArray { line.append(UInt8(ascii: "]")) }
                stack[top].member += 1
                stack[top].value = 0
                continue
            }
            if frame.value == 0 {
                if frame.member > 0 { line.append(UInt8(ascii: ",")) }
                line.appendJSON(member.key)
                line.append(UInt8(ascii: ":"))
                if member.isArray { line.append(UInt8(ascii: "[")) }
            } else {
                line.append(UInt8(ascii: ","))
            }
            stack[top].value += 1
            switch member.values[frame.value] {
            case .text(let text):
                appendValue(text, to: &line)
            case .object(let element):
                line.append(UInt8(ascii: "{"))
                stack.append(Frame(members: members(of: element, named: false)))
            }
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// The members of an element's object, in the order they are written.
    private static func members(of element: XMLSubtree, named: Bool) -> [Member] {
        var groups: [Member] = []
        var groupIndex: [String: Int] = [:]
        var text = ""
        var skipped: [Value] = []
        for child in element.children {
            switch child {
            case .element(let child):
                let key = child.name.qualifiedName
                if let index = groupIndex[key] {
                    groups[index].values.append(value(of: child))
                } else {
                    groupIndex[key] = groups.count
                    groups.append(Member(key: key, values: [value(of: child)]))
                }
            case .text(let run), .cdata(let run):
                text += run
            case .skippedEntity(let name):
                skipped.append(.text(name))
            case .comment, .processingInstruction:
                break
            }
        }
        var members: [Member] = []
        members.reserveCapacity(groups.count + element.attributes.count + 2)
        if named { members.append(Member(key: "#name", values: [.text(element.name.qualifiedName)])) }
        for attribute in element.attributes {
            let name = attribute.name.qualifiedName
            members.append(Member(key: groupIndex[name] == nil ? name : "@" + name, values: [.text(attribute.value)]))
        }
        if !text.isEmpty, groups.isEmpty || !isWhitespace(text) {
            members.append(Member(key: "#text", values: [.text(text)]))
        }
        if !skipped.isEmpty { members.append(Member(key: "#skippedEntities", values: skipped)) }
        return members + groups
    }

    /// A child without attributes, child elements or skipped entities is its text; any other is
    /// an object.
    private static func value(of element: XMLSubtree) -> Value {
        let isPlain = element.children.allSatisfy { child in
            switch child {
            case .element, .skippedEntity: false
            case .text, .cdata, .comment, .processingInstruction: true
            }
        }
        if element.attributes.isEmpty, isPlain {
            return .text(element.text)
        }
        return .object(element)
    }

    private static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// Appends `text` as a JSON number when it is a short decimal, as a string otherwise.
    static func appendValue(_ text: String, to line: inout [UInt8]) {
        if isShortDecimal(text) {
            line.append(contentsOf: text.utf8)
        } else {
            line.appendJSON(text)
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 15 digits: a number JSON can carry and a
    /// double reads back to the same digits.
    static func isShortDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let integer = bytes.prefix(while: isDigit)
        guard let first = integer.first, first != UInt8(ascii: "0") || integer.count == 1 else { return false }
        var digits = integer.count
        var rest = bytes.dropFirst(integer.count)
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            digits += fraction.count
            rest = rest.dropFirst(fraction.count)
        }
        return rest.isEmpty && digits <= 15
    }
}
