/// JSON text appended straight to an output buffer, without building `String`s per event.
///
/// Strings are escaped as RFC 8259 requires, plus what tools that read lines take for a line
/// break: `"` and `\` get a backslash, and control characters (U+0000 to U+001F, DEL, and the C1
/// controls U+0080 to U+009F, among them NEL) and the line and paragraph separators U+2028 and
/// U+2029 are written as `\uXXXX` — one rule for all of them, so that tab, line feed and carriage
/// return look like the rest. Without it one event could reach a reader that splits on Unicode
/// line breaks (Python's `splitlines`, JavaScript) as two lines. Everything else, non-ASCII
/// included, stays UTF-8 as it is.
extension [UInt8] {
    /// Appends markup known at compile time, such as `{"event":"text","text":`.
    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `value` as a JSON string, or `null` for `nil`.
    mutating func appendJSON(_ value: String?) {
        guard let value else { return appendLiteral("null") }
        appendJSON(value)
    }

    /// Appends `value` as a JSON string.
    mutating func appendJSON(_ value: String) {
        append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Copies the runs between escapes in one go; most text has no escape at all.
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let escaped: (length: Int, codePoint: UInt32)
                if byte < 0x20 || byte == 0x7F {
                    escaped = (1, UInt32(byte))
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    escaped = (1, UInt32(byte))
                } else if byte == 0xC2, index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) {
                    escaped = (2, UInt32(utf8[index + 1]))
                } else if byte == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80,
                    utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
                {
                    escaped = (3, 0x2000 | UInt32(utf8[index + 2] - 0x80))
                } else {
                    index += 1
                    continue
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                append(UInt8(ascii: "\\"))
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    append(byte)
                } else {
                    append(UInt8(ascii: "u"))
                    for shift in stride(from: 12, through: 0, by: -4) {
                        append(Self.hexDigits[Int((escaped.codePoint >> UInt32(shift)) & 0x0F)])
                    }
                }
                index += escaped.length
                runStart = index
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(UInt8(ascii: "\""))
    }

    /// Appends `value` as `true`, `false` or `null`.
    mutating func appendJSON(_ value: Bool?) {
        switch value {
        case .some(true): appendLiteral("true")
        case .some(false): appendLiteral("false")
        case .none: appendLiteral("null")
        }
    }

    /// Appends a whole number.
    mutating func appendJSON(_ value: Int) {
        append(contentsOf: String(value).utf8)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
