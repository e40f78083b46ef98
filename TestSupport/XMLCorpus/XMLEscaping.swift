/// Escapes text for element content and attribute values, for tables built from plain strings.
enum XMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as the predefined entities.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
