/// The bytes on a tape are valid UTF-8, so strings are made from them without validating them
/// again: validation is most of the cost of a text's string once it holds non-ASCII characters.
///
/// libxml2 decodes and checks every multi-byte sequence of text, attribute values, names,
/// comments and processing instructions (`xmlCurrentChar` rejects stray bytes, overlong forms,
/// surrogates and values past U+10FFFF; `xmlCopyChar` encodes character references), and calls
/// no callback after such a fatal error. Its push parser checks a CDATA section with a test of
/// its own that lets overlong forms through, so the recorder checks CDATA with
/// ``firstMalformedSequence(in:)``. The tape keeps each run whole, limits fail a run instead of
/// cutting it, and values set through the API come from strings.
enum ParsedUTF8 {
    /// Where the first sequence that is not well-formed UTF-8 starts, or `nil` when all are.
    ///
    /// Rejects what `String(validating:)` rejects: stray continuation bytes, overlong forms,
    /// surrogates, values past U+10FFFF, and sequences cut short by the end of `bytes`.
    static func firstMalformedSequence(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The length a lead byte announces, and the range its second byte must fall in to
            // be neither overlong, a surrogate, nor past U+10FFFF (Unicode's table 3-7).
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
            for next in index + 2..<index + length where bytes[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}

extension String {
    /// A copy of bytes from a tape (see ``ParsedUTF8``), not validated again; debug builds
    /// check them all the same.
    @inlinable
    init(parsedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        assert(String(validating: bytes, as: UTF8.self) != nil, "a tape holds bytes that are not UTF-8")
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self = String(copying: UTF8Span(unchecked: bytes.span))
        } else {
            self = String(decoding: bytes, as: UTF8.self)
        }
    }
}
