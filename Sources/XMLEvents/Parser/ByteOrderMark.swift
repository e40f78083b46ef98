/// The byte order mark a document may start with, which fixes its encoding.
enum ByteOrderMark: CustomStringConvertible {
    case utf8
    case utf16BigEndian
    case utf16LittleEndian
    case none

    /// Reads the mark from the first bytes of the input (`.none` when there is none).
    init(leadingBytes bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self = .utf8
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            self = .utf16BigEndian
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            self = .utf16LittleEndian
        } else {
            self = .none
        }
    }

    /// Whether an encoding declaration is compatible with the mark (any declaration is, without
    /// a mark).
    func agrees(withDeclared declared: String) -> Bool {
        let name = declared.uppercased().filter { $0 != "-" && $0 != "_" }
        switch self {
        case .none:
            return true
        case .utf8:
            return name == "UTF8"
        case .utf16BigEndian, .utf16LittleEndian:
            return name.hasPrefix("UTF16") || name == "ISO10646UCS2" || name == "UCS2"
        }
    }

    var description: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16BigEndian: return "UTF-16 (big-endian)"
        case .utf16LittleEndian: return "UTF-16 (little-endian)"
        case .none: return "no"
        }
    }
}
