import Foundation

/// Readings of this process's memory from /proc, for tests that bound growth.
enum ProcessMemory {
    /// The resident set size now, in bytes.
    static var residentBytes: Int { statusField("VmRSS") }

    /// The largest resident set size so far, in bytes.
    static var peakResidentBytes: Int { statusField("VmHWM") }

    /// Makes the kernel forget the peak so far: ``peakResidentBytes`` starts again from the
    /// resident set size now (`/proc/self/clear_refs`, Linux 4.0).
    static func resetPeak() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    private static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").dropFirst().first { Int($0) != nil }
            return (digits.flatMap { Int($0) } ?? 0) * 1024
        }
        return 0
    }
}
