import Foundation

/// How sizes and rates are written in the table, the chart and the log: decimal units
/// (1 MB = 10^6 bytes), as document sizes and MB/s are stated.
enum ByteFormat {
    static func size(_ bytes: Int) -> String {
        let value = Double(bytes)
        if value >= 1e9 { return trimmed(value / 1e9) + " GB" }
        if value >= 1e6 { return trimmed(value / 1e6) + " MB" }
        if value >= 1e3 { return trimmed(value / 1e3) + " kB" }
        return "\(bytes) B"
    }

    /// A resident size in MiB, the unit memory is usually read in, with one decimal.
    static func memory(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    /// A buffer's size in KiB with one decimal: fine enough to compare a peak with a bound a
    /// few KiB above it.
    static func kibibytes(_ bytes: Int) -> String {
        String(format: "%.1f KiB", Double(bytes) / 1_024)
    }

    private static func trimmed(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}
