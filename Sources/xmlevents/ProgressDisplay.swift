/// How far a transfer has come, as the progress line shows it.
struct ProgressReading: Sendable {
    var byteCount: Int
    /// The Content-Length or the file's size, when known.
    var totalByteCount: Int?
    /// How many times an HTTP transfer went on after a break.
    var resumptionCount = 0
    /// The bytes a server without ranges sent again, and that were dropped.
    var rereadByteCount = 0
}

/// `--progress`: one line on standard error, redrawn in place ten times a second by a task of its
/// own, and erased when reading ends.
///
/// A task rather than a check in the event loop: the line must move while the loop waits for a
/// slow server, and must not cost the loop a clock read per event. The first draw waits 100 ms,
/// so a quick run leaves no trace.
struct ProgressDisplay {
    static let interval = Duration.milliseconds(100)

    private let task: Task<Void, Never>

    /// Starts drawing; `reading` is called from the display's task.
    init(reading: @escaping @Sendable () -> ProgressReading) {
        task = Task.detached(priority: .utility) {
            let clock = ContinuousClock()
            let start = clock.now
            var hasDrawn = false
            while (try? await Task.sleep(for: Self.interval)) != nil {
                StandardError.write("\r" + Self.line(reading(), elapsed: start.duration(to: clock.now)) + "\u{1B}[K")
                hasDrawn = true
            }
            if hasDrawn { StandardError.write("\r\u{1B}[K") }
        }
    }

    /// Stops drawing and erases the line; returns once it is erased, so that what is printed next
    /// starts on a clean line.
    func stop() async {
        task.cancel()
        await task.value
    }

    /// `12.3 MB of 50.0 MB (24%)  95.1 MB/s  0:02 left`, or without a total
    /// `12.3 MB  95.1 MB/s`; after a break `  resumed once`, and `, 4.1 MB re-read` when the
    /// server sent bytes again.
    static func line(_ reading: ProgressReading, elapsed: Duration) -> String {
        var line = Quantities.megabytes(reading.byteCount)
        var remainingSeconds: Double?
        if let total = reading.totalByteCount, total > 0 {
            let fraction = min(1, Double(reading.byteCount) / Double(total))
            line += " of \(Quantities.megabytes(total)) (\(Int(fraction * 100))%)"
            let seconds = Quantities.seconds(elapsed)
            if reading.byteCount > 0, seconds > 0 {
                remainingSeconds = Double(max(0, total - reading.byteCount)) / (Double(reading.byteCount) / seconds)
            }
        }
        line += "  " + Quantities.throughput(reading.byteCount, over: elapsed)
        if let remainingSeconds {
            line += "  " + Quantities.clock(remainingSeconds) + " left"
        }
        if reading.resumptionCount > 0 {
            line += "  resumed " + Command.resumptionText(reading.resumptionCount)
        }
        if reading.rereadByteCount > 0 {
            line += ", " + Quantities.megabytes(reading.rereadByteCount) + " re-read"
        }
        return line
    }
}
