import Foundation

/// Reads ISO 8601 dates and times as XML documents write them (`xs:date`, `xs:dateTime`),
/// without a formatter: `2024-03-01`, `2024-03-01T12:30:00Z`, `2024-03-01T12:30:00.25+01:00`.
///
/// Accepted: a four-digit year, month and day; optionally `T` (or `t`, or a space), hours and
/// minutes, optional seconds with an optional fraction; optionally `Z` or an offset `±hh:mm` /
/// `±hhmm` / `±hh`. A date or date-time without an offset is taken as UTC, and a date alone as
/// midnight UTC.
enum ISO8601DateParser {
    static func date(from text: Substring) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            var reader = Reader(bytes: bytes)
            return reader.read()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func read() -> Date? {
            guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2),
                (1...12).contains(month), day >= 1, day <= Reader.daysIn(month: month, year: year)
            else { return nil }
            var seconds = Double(Reader.daysSinceEpoch(year: year, month: month, day: day)) * 86_400
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t")
                    || bytes[index] == UInt8(ascii: " ")
            {
                index += 1
                guard let hour = digits(2), take(":"), let minute = digits(2), hour < 24, minute < 60 else {
                    return nil
                }
                var second = 0.0
                if take(":") {
                    guard let whole = digits(2), whole < 60 else { return nil }
                    second = Double(whole)
                    if take(".") || take(",") {
                        var scale = 0.1
                        let start = index
                        while index < bytes.count, let digit = digit(at: index) {
                            second += Double(digit) * scale
                            scale /= 10
                            index += 1
                        }
                        guard index > start else { return nil }
                    }
                }
                seconds += Double(hour * 3600 + minute * 60) + second
            }
            if index < bytes.count {
                if take("Z") || take("z") {
                } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    let sign = bytes[index] == UInt8(ascii: "-") ? -1.0 : 1.0
                    index += 1
                    guard let hours = digits(2), hours <= 14 else { return nil }
                    var minutes = 0
                    if index < bytes.count {
                        _ = take(":")
                        guard let value = digits(2), value < 60 else { return nil }
                        minutes = value
                    }
                    seconds -= sign * Double(hours * 3600 + minutes * 60)
                } else {
                    return nil
                }
            }
            guard index == bytes.count else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }

        private func digit(at position: Int) -> Int? {
            let value = bytes[position] &- UInt8(ascii: "0")
            return value < 10 ? Int(value) : nil
        }

        private mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for position in index..<(index + count) {
                guard let digit = digit(at: position) else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }

        private mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        static func daysIn(month: Int, year: Int) -> Int {
            switch month {
            case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }

        /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
        /// `days_from_civil`).
        static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }
    }
}
