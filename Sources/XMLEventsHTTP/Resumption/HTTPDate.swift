import XMLEventsInput

/// An HTTP-date in the format servers must send (RFC 9110 §5.6.7, IMF-fixdate:
/// `Sun, 06 Nov 1994 08:49:37 GMT`), as seconds since 1970: enough to tell whether a
/// `Last-Modified` is a strong validator. The obsolete formats are not read; a date in one of
/// them is treated as absent, which only ever makes resumption less likely.
struct HTTPDate: Comparable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    let secondsSince1970: Int

    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    private static let weekdays: Set<Substring> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    init(secondsSince1970: Int) {
        self.secondsSince1970 = secondsSince1970
    }

    /// Reads an IMF-fixdate, or returns `nil`.
    init?(_ text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 6, parts[0].count == 4, parts[0].last == ",",
            Self.weekdays.contains(parts[0].dropLast()),
            parts[5] == "GMT", parts[1].count == 2, let day = Self.number(parts[1]),
            let monthIndex = Self.months.firstIndex(where: { $0 == parts[2] }),
            parts[3].count == 4, let year = Self.number(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Self.number(clock[0]),
            let minute = Self.number(clock[1]), let second = Self.number(clock[2]),
            (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = Self.daysSince1970(year: year, month: monthIndex + 1, day: day)
        secondsSince1970 = ((days * 24 + hour) * 60 + minute) * 60 + second
    }

    static func < (lhs: HTTPDate, rhs: HTTPDate) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// Decimal digits only, as the format has them: no sign, no spaces.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil: years start in March, so the leap day comes last.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
