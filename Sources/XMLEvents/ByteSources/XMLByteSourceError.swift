#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A byte source could not be read.
public enum XMLByteSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened; `errno` is the system's reason.
    case openFailed(path: String, errno: Int32)
    /// Reading the file failed after it was opened.
    case readFailed(path: String, errno: Int32)
    /// Reading an already open descriptor (standard input, a pipe) failed; `errno` is the
    /// system's reason.
    case descriptorReadFailed(descriptor: Int32, errno: Int32)

    /// A system error number, thrown by the low-level reader and given a path above it.
    struct ErrorNumber: Error {
        var value: Int32
    }

    /// The failure with the system's explanation, for example
    /// `cannot open feed.xml: No such file or directory`.
    public var description: String {
        switch self {
        case .openFailed(let path, let code):
            return "cannot open \(path): \(String(cString: strerror(code)))"
        case .readFailed(let path, let code):
            return "cannot read \(path): \(String(cString: strerror(code)))"
        case .descriptorReadFailed(let descriptor, let code):
            let name = descriptor == 0 ? "standard input" : "file descriptor \(descriptor)"
            return "cannot read \(name): \(String(cString: strerror(code)))"
        }
    }
}
