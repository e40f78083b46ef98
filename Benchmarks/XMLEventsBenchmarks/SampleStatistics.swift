/// The few statistics a handful of noisy timings support: the median, and the spread as a
/// fraction of it.
enum SampleStatistics {
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// (max − min) / median: 0.05 means every sample was within 5 % of the others.
    static func relativeSpread(_ values: [Double]) -> Double {
        guard let low = values.min(), let high = values.max() else { return .nan }
        let middle = median(values)
        return middle > 0 ? (high - low) / middle : .nan
    }

    /// The median over repetitions of `numerator / denominator` taken within each repetition.
    ///
    /// Pairing runs of the same repetition (they ran back to back) cancels most of the drift in
    /// the machine's load that a ratio of two overall medians would carry.
    static func pairedRatio(numerator: [Int: Double], denominator: [Int: Double]) -> Double? {
        let ratios = pairedRatios(numerator: numerator, denominator: denominator)
        return ratios.isEmpty ? nil : median(ratios)
    }

    /// `numerator / denominator` for every repetition both have, in repetition order.
    static func pairedRatios(numerator: [Int: Double], denominator: [Int: Double]) -> [Double] {
        numerator.keys.sorted().compactMap { repetition in
            guard let value = numerator[repetition], let other = denominator[repetition], other > 0 else { return nil }
            return value / other
        }
    }
}
