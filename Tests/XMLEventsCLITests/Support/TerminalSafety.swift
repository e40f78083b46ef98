import Foundation

/// What a terminal or a log viewer would act on in the raw bytes a run printed, stated apart
/// from the tool's own escaping so that a test fails when the tool lets one through.
enum TerminalSafety {
    /// The characters of `bytes` that could act on a terminal or reorder or split a line: C0
    /// controls but tab and line feed (which end the lines of the output), DEL, C1 controls, the
    /// line and paragraph separators and the bidirectional controls, as `U+XXXX`; bytes that are
    /// not UTF-8 at all as `invalid UTF-8`.
    static func unsafeCharacters(in bytes: Data) -> [String] {
        guard let text = String(data: bytes, encoding: .utf8) else { return ["invalid UTF-8"] }
        let bidirectional: Set<UInt32> = [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ]
        return text.unicodeScalars.filter { scalar in
            let value = scalar.value
            if value == 0x09 || value == 0x0A { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                || bidirectional.contains(value)
        }
        .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }
}
