import Foundation

/// Reads the Foundation types XML writes as text (dates, URLs, Base64 data, decimals), from
/// text alone, so that a keyed container reads them without making a decoder for the value.
///
/// Not generic: the checks run for every nested value, and a generic type would cost a
/// metadata look-up each time in the unspecialized code that calls it.
enum XMLTextValue {
    /// Why a text is not a value of the type asked for.
    struct Unreadable: Error {
        var message: String
    }

    /// Whether dates are read from text alone under `strategy`: not under
    /// ``XMLRecordDecoder/DateDecodingStrategy/deferredToDate`` and
    /// ``XMLRecordDecoder/DateDecodingStrategy/custom(_:)``, which want a decoder instead.
    static func readsDates(_ strategy: XMLRecordDecoder.DateDecodingStrategy) -> Bool {
        switch strategy {
        case .deferredToDate, .custom: return false
        case .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted: return true
        }
    }

    /// Whether values of `type` are read from text alone, given whether dates are
    /// (``readsDates(_:)``).
    @inline(__always)
    static func isText(_ type: Any.Type, readsDates: Bool) -> Bool {
        if type == Date.self { return readsDates }
        return type == URL.self || type == Data.self || type == Decimal.self
    }

    /// Reads `text` as a value of `type`, one of the types ``isText(_:readsDates:)`` accepts.
    ///
    /// - Throws: ``Unreadable`` when the text is not such a value.
    static func read<T>(
        _ type: T.Type,
        from text: String,
        strategy: XMLRecordDecoder.DateDecodingStrategy
    ) throws(Unreadable) -> T {
        // Each value is made as the concrete type `type` was just compared equal to, so the bit
        // casts below change nothing but the static type; a dynamic cast would cost a runtime
        // call for every value.
        if type == Date.self {
            return unsafeBitCast(try date(from: text, strategy: strategy), to: T.self)
        } else if type == URL.self {
            guard let url = URL(string: String(XMLLexical.trimmed(text))) else {
                throw Unreadable(message: "invalid URL \(text.debugDescription)")
            }
            return unsafeBitCast(url, to: T.self)
        } else if type == Data.self {
            guard
                let data = Data(base64Encoded: String(XMLLexical.trimmed(text)), options: .ignoreUnknownCharacters)
            else {
                throw Unreadable(message: "invalid Base64 data")
            }
            return unsafeBitCast(data, to: T.self)
        } else if type == Decimal.self {
            guard let decimal = XMLLexical.decimal(text) else {
                throw Unreadable(message: "expected a decimal number, found \(text.debugDescription)")
            }
            return unsafeBitCast(decimal, to: T.self)
        }
        throw Unreadable(message: "\(type) is not read from text")
    }

    private static func date(
        from text: String,
        strategy: XMLRecordDecoder.DateDecodingStrategy
    ) throws(Unreadable) -> Date {
        let date: Date?
        let problem: String
        switch strategy {
        case .deferredToDate, .custom, .secondsSince1970:
            date = XMLLexical.double(text).map { Date(timeIntervalSince1970: $0) }
            problem = "expected a number of seconds since 1970, found \(text.debugDescription)"
        case .millisecondsSince1970:
            date = XMLLexical.double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
            problem = "expected a number of milliseconds since 1970, found \(text.debugDescription)"
        case .iso8601:
            date = ISO8601DateParser.date(from: XMLLexical.trimmed(text))
            problem = "expected an ISO 8601 date, found \(text.debugDescription)"
        case .formatted(let formatter):
            date = formatter.date(from: String(XMLLexical.trimmed(text)))
            problem = "the date \(text.debugDescription) does not match the format \(formatter.dateFormat ?? "")"
        }
        guard let date else { throw Unreadable(message: problem) }
        return date
    }
}
