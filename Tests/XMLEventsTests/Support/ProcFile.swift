import Foundation

/// Reads a file of `/proc` whole.
///
/// Such a file reports a size of 0 and is made a page per read, so `String(contentsOfFile:)`
/// returns its first page only: the first few dozen sockets of `/proc/net/tcp`, which made a
/// check for a socket further down pass without looking at it.
enum ProcFile {
    static func text(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
