import Foundation

/// How the summary, the demo and the progress line show numbers: the same spelling everywhere,
/// independent of the locale, so that output is stable for tests and scripts.
enum Quantities {
    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// Bytes in decimal megabytes, the unit of network speeds: `52.4 MB`.
    static func megabytes(_ byteCount: Int) -> String {
        String(format: "%.1f MB", Double(byteCount) / 1e6)
    }

    /// `byteCount` over `elapsed` in megabytes per second, or `-` before time has passed.
    static func throughput(_ byteCount: Int, over elapsed: Duration) -> String {
        let seconds = self.seconds(elapsed)
        guard seconds > 0 else { return "- MB/s" }
        return String(format: "%.1f MB/s", Double(byteCount) / 1e6 / seconds)
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `0.84 s` below a minute, `2:05` (minutes and seconds) above.
    static func elapsed(_ duration: Duration) -> String {
        let seconds = self.seconds(duration)
        guard seconds >= 60 else { return String(format: "%.2f s", seconds) }
        return clock(seconds)
    }

    /// Whole seconds as `m:ss`, or `h:mm:ss` from an hour on.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3_600, total / 60 % 60, total % 60)
        if hours > 0 { return String(format: "%d:%02d:%02d", hours, minutes, rest) }
        return String(format: "%d:%02d", minutes, rest)
    }
}
