/// Speed ratios of one contender to another on the same documents, taken within each
/// repetition (the two ran back to back), with their median and spread: what the targets are
/// judged on.
struct PairedRatios {
    /// Which time a ratio divides.
    enum Time: String {
        /// The process's CPU time over the timed region: steadier on a shared machine.
        case cpu = "CPU"
        /// Wall-clock time.
        case wall
    }

    /// One ratio at one document size.
    struct Ratio {
        var byteCount: Int
        /// The median over repetitions of baseline time / contender time: above 1 is faster.
        var median: Double
        /// (max − min) / median of the per-repetition ratios; `nil` for a single repetition.
        var spread: Double?
        var repetitions: Int
    }

    let records: [RunRecord]

    /// `contender` against `baseline` on `shape`, one ratio per document size, smallest first.
    func ratios(_ contender: String, versus baseline: String, on shape: String, time: Time) -> [Ratio] {
        let mine = records.filter { $0.shape == shape && $0.contender == contender }
        let theirs = records.filter { $0.shape == shape && $0.contender == baseline }
        let value: (RunRecord) -> Double = time == .cpu ? { $0.cpuSeconds } : { $0.seconds }
        return Set(mine.map(\.byteCount)).sorted().compactMap { size in
            let ratios = SampleStatistics.pairedRatios(
                numerator: ResultSummary.perRepetition(theirs.filter { $0.byteCount == size }, value),
                denominator: ResultSummary.perRepetition(mine.filter { $0.byteCount == size }, value))
            guard !ratios.isEmpty else { return nil }
            return Ratio(
                byteCount: size,
                median: SampleStatistics.median(ratios),
                spread: ratios.count > 1 ? SampleStatistics.relativeSpread(ratios) : nil,
                repetitions: ratios.count)
        }
    }

    /// The target "`contender` ≥ `threshold`× `baseline` on `shape`", judged on `time` at the
    /// largest size measured, the other time and the smaller sizes shown beside it.
    func target(
        _ contender: String,
        versus baseline: String,
        on shape: String,
        atLeast threshold: Double,
        time: Time = .cpu,
        note: String? = nil
    ) -> TargetResult {
        var target =
            "\(Self.title(contender)) ≥ \(Self.format(threshold))× \(Self.title(baseline)) on \(shape), "
            + (time == .cpu ? "CPU time" : "wall clock")
        if let note { target += ", \(note)" }
        let judged = ratios(contender, versus: baseline, on: shape, time: time)
        guard let largest = judged.last else {
            return TargetResult(target: target, measured: "-", verdict: .notMeasured)
        }
        var measured = "\(Self.describe(largest)) at \(ByteFormat.size(largest.byteCount))"
        let other: Time = time == .cpu ? .wall : .cpu
        if let beside = ratios(contender, versus: baseline, on: shape, time: other).last,
            beside.byteCount == largest.byteCount
        {
            measured += "; \(other.rawValue) \(Self.format(beside.median))×"
        }
        let smaller = judged.dropLast().map { "\(ByteFormat.size($0.byteCount)) \(Self.format($0.median))×" }
        if !smaller.isEmpty { measured += "; " + smaller.joined(separator: ", ") }
        return TargetResult(target: target, measured: measured, verdict: largest.median >= threshold ? .met : .missed)
    }

    /// "0.62× (5 reps, spread 8%)": the spread is (max − min) / median of the repetitions' ratios.
    static func describe(_ ratio: Ratio) -> String {
        var text = "\(format(ratio.median))× (\(ratio.repetitions) \(ratio.repetitions == 1 ? "rep" : "reps")"
        if let spread = ratio.spread { text += String(format: ", spread %.0f%%", spread * 100) }
        return text + ")"
    }

    /// A contender's title, or its identifier if it is not in the comparison.
    static func title(_ id: String) -> String {
        ContenderRoster.comparison.first { $0.id == id }?.title ?? id
    }

    static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
