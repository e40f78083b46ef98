/// The characters XML 1.0 can carry (production [2], `Char`), and where a carriage return
/// survives parsing: what the writer checks text against, so that what it writes parses back to
/// the same characters.
enum XMLCharacterSyntax {
    /// The first character of `text` that cannot be written: a C0 control other than tab, line
    /// feed and carriage return, U+FFFE or U+FFFF, which XML has no place for; and a carriage
    /// return unless `allowsCarriageReturn` (where a character reference can stand for it:
    /// parsers read a raw one as a line feed). `nil` when every character can be written.
    ///
    /// Swift strings hold no surrogates, so these are all the characters `Char` excludes.
    static func firstUnrepresentable(in text: String, allowsCarriageReturn: Bool) -> Unicode.Scalar? {
        var text = text
        let offset = text.withUTF8 { bytes -> Int? in
            // Only bytes below 0x20 and the lead byte 0xEF (of U+FFFE and U+FFFF) can start one.
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 {
                    if byte == 0x09 || byte == 0x0A || (byte == 0x0D && allowsCarriageReturn) {
                        index += 1
                        continue
                    }
                    return index
                }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                    return index
                }
                index += 1
            }
            return nil
        }
        guard let offset else { return nil }
        let utf8 = text.utf8
        return text.unicodeScalars[utf8.index(utf8.startIndex, offsetBy: offset)]
    }
}
