import XMLEventsInput

/// The resumption settings of an ``XMLHTTPConfiguration`` as one value, with the rules that
/// turn them into waits and budgets (see ``XMLHTTPConfiguration/maximumResumptionAttempts``).
struct HTTPResumptionPolicy: Sendable, Hashable {
    /// ``XMLHTTPConfiguration/maximumResumptionAttempts``.
    var maximumAttempts: Int

    /// The lower bound of ``XMLHTTPConfiguration/resumptionBackoff``.
    var initialBackoff: Duration

    /// The upper bound of ``XMLHTTPConfiguration/resumptionBackoff``.
    var maximumBackoff: Duration

    /// ``XMLHTTPConfiguration/resumptionJitter``.
    var jitter: Double

    /// Creates a policy; every parameter has the default of its configuration's property.
    init(
        maximumAttempts: Int = XMLHTTPConfiguration.default.maximumResumptionAttempts,
        initialBackoff: Duration = XMLHTTPConfiguration.default.resumptionBackoff.lowerBound,
        maximumBackoff: Duration = XMLHTTPConfiguration.default.resumptionBackoff.upperBound,
        jitter: Double = XMLHTTPConfiguration.default.resumptionJitter
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.jitter = jitter
    }

    /// A continuation that brings fewer new body bytes than this counts against
    /// ``maximumShortContinuations``, and makes the next wait longer.
    static let minimumProgress = 1_048_576

    /// The bytes a transfer may re-read from a server without ranges, over all its
    /// continuations, as a multiple of the document's length.
    static let maximumRereadFactor = 4

    /// How many continuations that each brought less than ``minimumProgress`` a transfer may
    /// make: four times ``maximumAttempts``.
    var maximumShortContinuations: Int {
        maximumAttempts > Int.max / 4 ? Int.max : Swift.max(0, maximumAttempts) * 4
    }

    /// The wait before the `attempt`th step (from 1) of the back-off, `randomFraction` (from
    /// 0 up to 1) choosing where it falls within the jitter.
    func backoff(beforeAttempt attempt: Int, randomFraction: Double) -> Duration {
        let ceiling = Swift.max(maximumBackoff, .zero)
        var wait = Swift.min(Swift.max(initialBackoff, .zero), ceiling)
        var doubling = 1
        // Doubled step by step and capped as it goes, so that no attempt count overflows.
        while doubling < attempt, wait < ceiling {
            wait = Swift.min(wait * 2, ceiling)
            doubling += 1
        }
        let spread = Swift.min(Swift.max(jitter.isNaN ? 0 : jitter, 0), 1)
        let fraction = Swift.min(Swift.max(randomFraction, 0), 1)
        return wait - wait * (spread * fraction)
    }
}
