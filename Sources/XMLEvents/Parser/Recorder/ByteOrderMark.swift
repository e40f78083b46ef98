/// The byte order mark a document starts with, or the one it lacks: what its first bytes fix
/// about its encoding (XML 1.0, Appendix F).
enum ByteOrderMark: CustomStringConvertible {
    case utf8
    case utf16BigEndian
    case utf16LittleEndian
    /// No mark, and the first bytes are in 16-bit (`<?`) or 32-bit (`<`) code units of this byte
    /// order: the encoding declaration must name an encoding of that kind (XML 1.0 4.3.3 allows
    /// no other way to tell UTF-16 without its mark).
    case missing(bitsPerCodeUnit: Int, bigEndian: Bool)
    /// No mark, and bytes in which ASCII characters are single bytes, or unknown ones: any
    /// declaration goes (libxml2 checks it against the bytes).
    case none

    /// Reads the mark from the first bytes of the input (at least four of them unless the input
    /// is shorter).
    init(leadingBytes bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self = .utf8
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            self = .utf16BigEndian
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            self = .utf16LittleEndian
        } else if bytes.count >= 4, bytes[0] == 0x00, bytes[1] == 0x3C, bytes[2] == 0x00, bytes[3] != 0x00 {
            // `<` and another character (`?`, a name's first letter) in 16-bit code units.
            self = .missing(bitsPerCodeUnit: 16, bigEndian: true)
        } else if bytes.count >= 4, bytes[0] == 0x3C, bytes[1] == 0x00, bytes[2] != 0x00, bytes[3] == 0x00 {
            self = .missing(bitsPerCodeUnit: 16, bigEndian: false)
        } else if bytes.starts(with: [0x00, 0x00, 0x00, 0x3C]) {
            self = .missing(bitsPerCodeUnit: 32, bigEndian: true)
        } else if bytes.starts(with: [0x3C, 0x00, 0x00, 0x00]) {
            self = .missing(bitsPerCodeUnit: 32, bigEndian: false)
        } else {
            self = .none
        }
    }

    /// The bytes of one code unit of the encoding the first bytes show: 2 for UTF-16, 4 for
    /// 32-bit code units, 1 for the rest. A declaration cannot change it for the first two
    /// (see ``contradiction(withDeclared:)``).
    var codeUnitByteCount: Int {
        switch self {
        case .utf16BigEndian, .utf16LittleEndian: return 2
        case .missing(let bits, _): return bits / 8
        case .utf8, .none: return 1
        }
    }

    /// Why the document is refused before libxml2 reads it: 16-bit code units without a mark
    /// whose first character after `<` is not `?` leave no room for an encoding declaration, and
    /// libxml2, reading such bytes as UTF-8, would stop at the first zero byte with a message
    /// that does not say why ("Char 0x0 out of allowed range", or the end of the input).
    func refusalBeforeParsing(leadingBytes bytes: UnsafeRawBufferPointer) -> String? {
        guard case .missing(16, let bigEndian) = self, bytes.count >= 4 else { return nil }
        let question = bigEndian ? bytes[2] == 0x00 && bytes[3] == 0x3F : bytes[2] == 0x3F && bytes[3] == 0x00
        return question ? nil : contradiction(withDeclared: nil)
    }

    /// Why the encoding declaration (`nil` when there is none) contradicts the first bytes, or
    /// `nil` when it does not.
    func contradiction(withDeclared declared: String?) -> String? {
        let name = declared.map { $0.uppercased().filter { $0 != "-" && $0 != "_" } }
        switch self {
        case .none:
            return nil
        case .utf8:
            guard let declared, let name, name != "UTF8" else { return nil }
            return "the document starts with a \(self) byte order mark but declares encoding '\(declared)'"
        case .utf16BigEndian, .utf16LittleEndian:
            guard let declared, let name, !Self.names(name, bitsPerCodeUnit: 16, bigEndian: isBigEndian) else {
                return nil
            }
            return "the document starts with a \(self) byte order mark but declares encoding '\(declared)'"
        case .missing(let bits, let bigEndian):
            let units = "\(bits)-bit \(bigEndian ? "big" : "little")-endian code units"
            guard let declared, let name else {
                guard bits == 16 else {
                    return "the document has no byte order mark and declares no encoding, but its first bytes are "
                        + "\(units), not UTF-8"
                }
                return "the document looks like UTF-16 (\(bigEndian ? "big" : "little")-endian) without its byte "
                    + "order mark: its first bytes are \(units), and a document with neither a byte order mark "
                    + "nor an encoding declaration must be UTF-8"
            }
            guard !Self.names(name, bitsPerCodeUnit: bits, bigEndian: bigEndian) else { return nil }
            return "the document has no byte order mark and its first bytes are \(units), but it declares "
                + "encoding '\(declared)'"
        }
    }

    /// Whether a normalized encoding name (upper case, no `-` or `_`) is one of `bits`-bit code
    /// units, in `bigEndian` order when it names one.
    private static func names(_ name: String, bitsPerCodeUnit bits: Int, bigEndian: Bool) -> Bool {
        let families = bits == 16 ? ["UTF16", "UCS2", "ISO10646UCS2"] : ["UTF32", "UCS4", "ISO10646UCS4"]
        guard let family = families.first(where: { name.hasPrefix($0) }) else { return false }
        switch name.dropFirst(family.count) {
        case "": return true
        case "BE": return bigEndian
        case "LE": return !bigEndian
        default: return false
        }
    }

    private var isBigEndian: Bool {
        switch self {
        case .utf16BigEndian: return true
        case .missing(_, let bigEndian): return bigEndian
        case .utf8, .utf16LittleEndian, .none: return false
        }
    }

    /// Where the document is after its first `count` characters, all ASCII (as everything up to
    /// the end of an XML declaration is), for the forms libxml2 decodes from the first byte on:
    /// its own count of bytes goes wrong when a declaration then swaps the decoder. `nil` for the
    /// single-byte forms, where its count holds.
    func byteOffset(afterASCIICharacters count: Int) -> Int? {
        switch self {
        case .utf16BigEndian, .utf16LittleEndian: return 2 + 2 * count
        case .missing(let bits, _): return bits / 8 * count
        case .utf8, .none: return nil
        }
    }

    var description: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16BigEndian: return "UTF-16 (big-endian)"
        case .utf16LittleEndian: return "UTF-16 (little-endian)"
        case .missing, .none: return "no"
        }
    }
}
