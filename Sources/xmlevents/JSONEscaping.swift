/// JSON text appended straight to an output buffer, without building `String`s per event.
///
/// Strings are escaped as RFC 8259 requires and no further: `"` and `\` get a backslash, and
/// control characters (U+0000 to U+001F, and DEL) are written as `\u00XX` — one rule for all of
/// them, so that tab, line feed and carriage return look like the rest. Everything else,
/// non-ASCII included, stays UTF-8 as it is.
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
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else {
                    continue
                }
                append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                append(UInt8(ascii: "\\"))
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    append(byte)
                } else {
                    appendLiteral("u00")
                    append(Self.hexDigits[Int(byte >> 4)])
                    append(Self.hexDigits[Int(byte & 0x0F)])
                }
                runStart = index + 1
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
