import Foundation
import Testing
import XMLEvents

/// `XMLDiagnosticText`: which characters are escaped, how, and how passwords are taken out of URLs.
@Suite struct DiagnosticTextTests {
    /// Every code point of the Basic Multilingual Plane and some above: the escaped ones are
    /// exactly the C0 controls but tab, DEL, the C1 controls, the line and paragraph separators
    /// and the bidirectional controls, each written as `\u{HEX}`; every other one is kept.
    @Test func escapesExactlyTheControlAndBidirectionalCharacters() {
        var wrong: [String] = []
        let planes = Array(0...0xD7FF) + Array(0xE000...0xFFFF) + [0x1_0000, 0x1_F600, 0xE_0001, 0x10_FFFF]
        for value in planes {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            let expected =
                TerminalSafety.isUnsafe(scalar) ? "a\\u{\(String(value, radix: 16, uppercase: true))}b" : text
            let escaped = XMLDiagnosticText.escaping(text)
            if escaped != expected {
                wrong.append("U+\(String(value, radix: 16, uppercase: true)): \(escaped.debugDescription)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) code points: \(wrong.prefix(20))")
    }

    /// What a hostile error page or document holds, escaped visibly and readable around it.
    @Test func escapesTerminalAttacksVisibly() {
        let attack =
            "ok\u{1B}]52;c;ZXZpbA==\u{07} \u{1B}[2J \u{9B}31m red \u{202E}txt.exe\u{2066}x\u{2069}\r\nnext\u{0}"
        let escaped = XMLDiagnosticText.escaping(attack)
        #expect(
            escaped
                == #"ok\u{1B}]52;c;ZXZpbA==\u{7} \u{1B}[2J \u{9B}31m red \u{202E}txt.exe\u{2066}x\u{2069}\u{D}\u{A}next\u{0}"#
        )
        #expect(!escaped.unicodeScalars.contains(where: TerminalSafety.isUnsafe))
        // Escaped text is left as it is: escaping twice (a message that goes through two layers)
        // does not double the backslashes.
        #expect(XMLDiagnosticText.escaping(escaped) == escaped)
    }

    @Test func keepsTabsLettersAndBackslashes() {
        let text = "col\tcafé ☃ 😀 עברית \\u{1B} C:\\path"
        #expect(XMLDiagnosticText.escaping(text) == text)
        #expect(XMLDiagnosticText.escaping(text[...]) == text)
    }

    @Test(arguments: [
        ("http://alice:s3cr3tPW@example.org/feed.xml", "http://alice:***@example.org/feed.xml"),
        ("https://alice:s3cr3tPW@127.0.0.1:8443", "https://alice:***@127.0.0.1:8443"),
        ("http://alice:@host/", "http://alice:***@host/"),
        ("http://alice:pa:ss@host/", "http://alice:***@host/"),
        // The user information ends at the last `@` of the authority.
        ("http://alice:p@ss@host/x", "http://alice:***@host/x"),
        ("http://alice:s3cr3tPW@[::1]:8080/x?q=1#f", "http://alice:***@[::1]:8080/x?q=1#f"),
        // A URL as typed on a command line, not a valid one.
        ("http://alice:s3cr3tPW@", "http://alice:***@"),
        // No password: nothing changes.
        ("http://alice@host/", "http://alice@host/"),
        ("http://host:8080/a@b", "http://host:8080/a@b"),
        ("http://host/?user=a:b@c", "http://host/?user=a:b@c"),
        ("feed.xml", "feed.xml"),
        ("mailto:alice@example.org", "mailto:alice@example.org"),
    ])
    func redactsThePasswordOnly(_ given: String, _ shown: String) {
        #expect(XMLDiagnosticText.redacting(urlString: given) == shown)
    }

    @Test func redactsAURL() throws {
        let url = try #require(URL(string: "http://alice:s3cr3tPW@127.0.0.1:8080/feed.xml?page=2"))
        #expect(XMLDiagnosticText.redacting(url) == "http://alice:***@127.0.0.1:8080/feed.xml?page=2")
        let plain = try #require(URL(string: "https://example.org/feed.xml"))
        #expect(XMLDiagnosticText.redacting(plain) == plain.absoluteString)
    }
}

/// What a terminal or a log viewer would act on, stated here apart from the library's own list,
/// so that a test fails when the library's list loses a character.
enum TerminalSafety {
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x09 { return false }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        let lineSeparators: Set<UInt32> = [0x2028, 0x2029]
        let bidirectional: Set<UInt32> = [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ]
        return lineSeparators.contains(value) || bidirectional.contains(value)
    }

    /// The characters of `text` a terminal would act on, as `U+XXXX`.
    static func unsafeCharacters(in text: String) -> [String] {
        text.unicodeScalars.filter(isUnsafe).map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }
}
