import Foundation

extension XMLRecordDecoder {
    /// How dates are read from text, as in `JSONDecoder`.
    public enum DateDecodingStrategy: Sendable {
        /// `Date`'s own `Decodable` implementation: a number of seconds since 2001-01-01.
        case deferredToDate

        /// A number of seconds since 1970-01-01 (a Unix timestamp), fractions allowed.
        case secondsSince1970

        /// A number of milliseconds since 1970-01-01.
        case millisecondsSince1970

        /// An ISO 8601 date or date-time, read without a formatter: `2024-03-01`,
        /// `2024-03-01T12:30:00Z`, `2024-03-01T12:30:00.250+01:00`. A date alone is midnight
        /// UTC; a time without an offset is UTC.
        case iso8601

        /// Whatever the formatter reads (it is asked for the text without surrounding white
        /// space). Formatters are slow; prefer ``iso8601`` or ``custom(_:)`` for many records.
        case formatted(DateFormatter)

        /// Any reading: the closure gets a decoder for the value and returns the date, or throws
        /// (typically `DecodingError.dataCorrupted`).
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }
}
