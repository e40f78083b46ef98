import Foundation
import XMLEventsInput

/// The value of a `206` response's `Content-Range` (RFC 9110 §14.4): `bytes first-last/complete`,
/// the complete length being `*` when the server does not know it.
struct HTTPContentRange: Equatable {
    /// The offset of the part's first byte.
    let first: Int
    /// The offset of the part's last byte.
    let last: Int
    /// The length of the whole representation, or `nil` for `*`.
    let completeLength: Int?

    /// Reads `bytes first-last/complete`, or returns `nil` for anything else (another unit, an
    /// unsatisfied range `*/complete`, a last byte before the first or past the end).
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 6, trimmed.prefix(6).lowercased() == "bytes " else { return nil }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]),
            first <= last
        else { return nil }
        var completeLength: Int?
        if halves[1] != "*" {
            guard let complete = Self.number(halves[1]), last < complete else { return nil }
            completeLength = complete
        }
        self.first = first
        self.last = last
        self.completeLength = completeLength
    }

    /// How many bytes the part spans.
    var byteCount: Int {
        last - first + 1
    }

    /// The complete length, when the part is the whole representation: `bytes 0-(n-1)/n`.
    var wholeLength: Int? {
        guard first == 0, let completeLength, last == completeLength - 1 else { return nil }
        return completeLength
    }

    /// Decimal digits only: no sign, no spaces, no overflow.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Int(digits)
    }
}
