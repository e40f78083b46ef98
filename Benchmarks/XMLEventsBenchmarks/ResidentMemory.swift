import Foundation

/// This process's memory, read from /proc.
enum ResidentMemory {
    /// The largest resident set size so far (VmHWM), in bytes, or `nil` where /proc is missing.
    static var peakBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kibibytes = line.split(separator: " ").dropFirst().lazy.compactMap { Int($0) }.first
            return kibibytes.map { $0 * 1024 }
        }
        return nil
    }
}
