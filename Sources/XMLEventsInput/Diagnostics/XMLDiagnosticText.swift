import Foundation

/// Text from outside the program (a document, a server's answer, a file name, a URL) made safe
/// to print on a terminal or to write into a log.
///
/// XML allows C1 controls and bidirectional overrides in content, servers put anything in an
/// error page, and file names may hold an escape character. Printed raw, such text can move the
/// cursor, recolour or clear the screen, set the window title or write the clipboard (OSC 52), or
/// reorder what follows it on the line so that a log reads differently from what it holds. Every
/// description and message of the package's errors, and every line the `xmlevents` tool prints
/// about its input, goes through ``escaping(_:)``; URLs are shown through ``redacting(_:)``, so
/// that a password in one is never printed.
///
/// `package`, not `public`: the library's errors and the `xmlevents` tool use it; the Security
/// article tells users which characters are escaped.
package enum XMLDiagnosticText {
    /// `text` with every character that could act on a terminal or a log viewer written as its
    /// code point in Swift's notation, `\u{1B}`.
    ///
    /// Escaped: the C0 controls (U+0000 to U+001F) except the tab, among them line feed and
    /// carriage return, so that one message stays one line; DEL (U+007F); the C1 controls
    /// (U+0080 to U+009F, among them the one-byte CSI U+009B and NEL); the line and paragraph
    /// separators U+2028 and U+2029; and the bidirectional controls: the embeddings and
    /// overrides U+202A to U+202E, the isolates U+2066 to U+2069, and the marks U+200E, U+200F
    /// and U+061C. Everything else, non-ASCII letters included, is kept as it is, and a backslash
    /// stays a backslash: the result is for reading, not for turning back into the original.
    /// Escaping escaped text changes nothing.
    ///
    /// - Parameter text: Text that may come from anywhere.
    /// - Returns: The text with those characters escaped; `text` itself when it has none.
    package static func escaping(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return String(text) }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscaping(scalar) {
                escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// The URL as text, with its password, if it has one, replaced by `***`:
    /// `https://alice:***@example.org/feed.xml`.
    ///
    /// As Go's `url.URL.Redacted` does, only the password goes; the user name stays, and so do
    /// the query and the fragment (a token carried there is not recognized). The result is not
    /// escaped: pass it through ``escaping(_:)`` too when the URL itself came from outside.
    ///
    /// - Parameter url: Any URL.
    /// - Returns: `url.absoluteString`, its password replaced.
    package static func redacting(_ url: URL) -> String {
        redacting(urlString: url.absoluteString)
    }

    /// A URL as written (valid or not, such as a command-line argument) with the password in its
    /// authority, if it has one, replaced by `***`: `http://alice:***@host/`.
    ///
    /// The authority is what follows the first `://` up to the next `/`, `?` or `#`; its user
    /// information ends at the last `@` in it, and the password is what follows the first `:`
    /// there, even when it is empty (`alice:@host` becomes `alice:***@host`). Text without
    /// such an authority is returned unchanged.
    ///
    /// - Parameter urlString: A URL, or text that may be one.
    /// - Returns: The text, its password replaced.
    package static func redacting(urlString: String) -> String {
        let scalars = urlString.unicodeScalars
        guard let separator = urlString.range(of: "://") else { return urlString }
        let authorityStart = separator.upperBound
        let authorityEnd =
            scalars[authorityStart...].firstIndex { "/?#".unicodeScalars.contains($0) } ?? scalars.endIndex
        let authority = scalars[authorityStart..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"),
            let colon = authority[..<at].firstIndex(of: ":")
        else { return urlString }
        return String(Substring(scalars[...colon])) + "***" + String(Substring(scalars[at...]))
    }

    /// Whether `scalar` is one of the characters ``escaping(_:)`` writes as a code point.
    static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
