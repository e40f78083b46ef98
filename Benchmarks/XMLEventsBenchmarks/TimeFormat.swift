import Foundation

/// How short intervals (a timer's lateness, a busy stretch) are written in the table, the log and
/// the documentation.
enum TimeFormat {
    /// Milliseconds with one decimal: a bound of 50 ms read against stretches of a few.
    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds * 1_000)
    }

    /// A period such as a timer's, in whole milliseconds.
    static func wholeMilliseconds(_ duration: Duration) -> String {
        String(format: "%.0f ms", duration.seconds * 1_000)
    }
}
