/// The XML 1.0 (fifth edition) name grammar, which libxml2 applies to what it parses: what the
/// writer checks names against, so that what it writes parses again.
enum XMLNameSyntax {
    /// Whether `text` is an `NCName`: a `Name` without a colon, as local names and prefixes are.
    static func isNCName(_ text: String) -> Bool {
        // Names of real documents are ASCII nearly always: decide them byte by byte.
        var contiguous = text
        if let result = contiguous.withUTF8(isASCIINCName) { return result }
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first), first != ":" else { return false }
        while let scalar = scalars.next() {
            guard isNameCharacter(scalar), scalar != ":" else { return false }
        }
        return true
    }

    /// Whether `text` is a `Name`, colons allowed anywhere: an entity's name, say.
    static func isName(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first) else { return false }
        while let scalar = scalars.next() {
            guard isNameCharacter(scalar) else { return false }
        }
        return true
    }

    /// Whether `text` is a qualified name: an `NCName`, or two joined by one colon.
    static func isQName(_ text: String) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { isNCName(String($0)) }
    }

    /// Decides an ASCII name, or returns `nil` when a byte is not ASCII.
    private static func isASCIINCName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = bytes.first else { return false }
        if first >= 0x80 { return nil }
        guard isASCIILetter(first) || first == UInt8(ascii: "_") else { return false }
        for byte in bytes.dropFirst() {
            if byte >= 0x80 { return nil }
            guard
                isASCIILetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            else { return false }
        }
        return true
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// `NameStartChar` of XML 1.0, fifth edition.
    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// `NameChar` of XML 1.0, fifth edition.
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStart(scalar)
        }
    }
}
