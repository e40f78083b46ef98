import Foundation

/// Reads the lexical forms of XML Schema's simple types, without Foundation formatters on the
/// common paths (integers, floating point, booleans).
enum XMLLexical {
    /// `text` without leading and trailing XML white space (space, tab, line feed, carriage
    /// return), which XML Schema collapses for every type but strings.
    @inline(__always)
    static func trimmed(_ text: String) -> Substring {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            guard isSpace(utf8[before]) else { break }
            end = before
        }
        return text[start..<end]
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// An integer in decimal, with an optional sign; `nil` when it is not one or does not fit.
    static func integer<T: FixedWidthInteger>(_ text: String, as type: T.Type = T.self) -> T? {
        var text = trimmed(text)
        return text.withUTF8 { bytes -> T? in
            var index = 0
            var negative = false
            if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                index = 1
            }
            guard index < bytes.count else { return nil }
            var value: T = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) =
                    negative
                    ? shifted.subtractingReportingOverflow(T(digit))
                    : shifted.addingReportingOverflow(T(digit))
                guard !overflow1, !overflow2 else { return nil }
                value = next
                index += 1
            }
            return value
        }
    }

    /// A floating-point number: decimal or scientific notation, `INF`, `-INF`, `NaN` (XML Schema's
    /// forms), and what Swift's own parser accepts besides.
    static func double(_ text: String) -> Double? {
        let text = trimmed(text)
        guard !text.isEmpty else { return nil }
        return Double(text)
    }

    /// A single-precision number, read as ``double(_:)`` reads.
    static func float(_ text: String) -> Float? {
        let text = trimmed(text)
        guard !text.isEmpty else { return nil }
        return Float(text)
    }

    /// `true`, `false`, `1` or `0`: XML Schema's booleans.
    static func bool(_ text: String) -> Bool? {
        switch trimmed(text) {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }

    /// A decimal number (`-12.50`, `1e3`), exactly, without the rounding of a `Double`.
    static func decimal(_ text: String) -> Decimal? {
        let text = trimmed(text)
        // Foundation reads the longest prefix that is a number and ignores the rest; insist on
        // the whole text.
        var sawDigit = false
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        func skipDigits() {
            while index < utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) {
                sawDigit = true
                index = utf8.index(after: index)
            }
        }
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
            index = utf8.index(after: index)
        }
        skipDigits()
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: ".") {
            index = utf8.index(after: index)
            skipDigits()
        }
        guard sawDigit else { return nil }
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "e") || utf8[index] == UInt8(ascii: "E") {
            index = utf8.index(after: index)
            if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
                index = utf8.index(after: index)
            }
            sawDigit = false
            skipDigits()
            guard sawDigit else { return nil }
        }
        guard index == utf8.endIndex else { return nil }
        return Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Whitespace-separated items, as XML Schema's list types write them in one attribute.
    static func tokens(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
    }
}
