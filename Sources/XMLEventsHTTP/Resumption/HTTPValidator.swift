import Foundation
import XMLEventsInput

/// What identifies one version of a document for `If-Range` (RFC 9110 §13.1.5) or `If-Match`: a
/// strong entity tag, or failing any entity tag a `Last-Modified` date that is strong.
enum HTTPValidator: Hashable {
    /// A strong `ETag`, quotes included, as the server sent it.
    case entityTag(String)
    /// A `Last-Modified` at least a second older than the response's `Date`, as sent.
    case lastModified(String)

    /// What the first response's head offers for `If-Range`.
    enum Offer: Equatable {
        case strong(HTTPValidator)
        /// A weak entity tag (which `If-Range` may not carry, and which rules out the date), a
        /// `Last-Modified` that could hide two versions within one second, or nothing.
        case none
    }

    /// The validator among `fields`, if it is strong.
    static func offer(in fields: [(name: String, value: String)]) -> Offer {
        if let tag = value(of: "ETag", in: fields) {
            guard let strong = strongEntityTag(tag) else { return .none }
            return .strong(.entityTag(strong))
        }
        guard let modified = value(of: "Last-Modified", in: fields), let modifiedDate = HTTPDate(modified),
            let date = value(of: "Date", in: fields).flatMap(HTTPDate.init),
            date.secondsSince1970 - modifiedDate.secondsSince1970 >= 1
        else { return .none }
        return .strong(.lastModified(modified))
    }

    /// The value for `If-Range`.
    var ifRangeValue: String {
        switch self {
        case .entityTag(let tag): tag
        case .lastModified(let date): date
        }
    }

    /// The precondition that asks for this same version again without a range: `If-Match` with
    /// the entity tag, or `If-Unmodified-Since` with the date (RFC 9110 §13.1.1, §13.1.4). A
    /// server that has another version by then answers `412 Precondition Failed`.
    var preconditionField: (name: String, value: String) {
        switch self {
        case .entityTag(let tag): ("If-Match", tag)
        case .lastModified(let date): ("If-Unmodified-Since", date)
        }
    }

    /// Whether `fields`, of a later response, name this same version: the same strong entity tag
    /// (strong comparison), or the same `Last-Modified` date.
    func matches(_ fields: [(name: String, value: String)]) -> Bool {
        switch self {
        case .entityTag(let tag):
            return Self.value(of: "ETag", in: fields).flatMap(Self.strongEntityTag) == tag
        case .lastModified(let date):
            guard let mine = HTTPDate(date), let theirs = Self.value(of: "Last-Modified", in: fields) else {
                return false
            }
            return HTTPDate(theirs) == mine
        }
    }

    /// `tag` if it is a well-formed strong entity tag: `"…"` of visible characters without quotes.
    private static func strongEntityTag(_ tag: String) -> String? {
        let bytes = Array(tag.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else {
            return nil
        }
        let opaque = bytes.dropFirst().dropLast()
        // etagc: %x21 / %x23-7E / obs-text.
        guard opaque.allSatisfy({ $0 == 0x21 || (0x23...0x7E).contains($0) || $0 >= 0x80 }) else { return nil }
        return tag
    }

    private static func value(of name: String, in fields: [(name: String, value: String)]) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
