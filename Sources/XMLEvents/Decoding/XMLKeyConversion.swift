import Foundation

/// The conversions of ``XMLRecordDecoder/KeyDecodingStrategy``, as `JSONDecoder` makes them.
enum XMLKeyConversion {
    /// `registration-date` → `registrationDate` for `separator` `-`: the first word lowercased,
    /// the others capitalized, separators at either end kept, a name with a single word unchanged.
    static func camelCase(_ name: String, separator: Character) -> String {
        guard let first = name.firstIndex(where: { $0 != separator }) else { return name }
        guard let lastNonSeparator = name.lastIndex(where: { $0 != separator }) else { return name }
        let last = name.index(after: lastNonSeparator)
        let words = name[first..<last].split(separator: separator)
        guard words.count > 1 else { return name }
        var result = String(name[..<first])
        result += words[0].lowercased()
        for word in words.dropFirst() { result += word.capitalized }
        result += name[last...]
        return result
    }
}
