extension XMLHTTPConfiguration {
    /// When and how often a transfer that broke off mid-body is resumed: how many attempts in a
    /// row, and how long to wait before each.
    ///
    /// A break is the connection closing before the body's end, a reset, or the server going
    /// silent for the idle timeout once the body has begun. The transfer then asks for the rest
    /// (`Range: bytes=N-`, `If-Range` with the first response's validator, `N` being the body
    /// bytes received so far as sent) and feeds it to the same parser, so the consumer sees the
    /// events of the whole document, each once. It does so only when that is safe; see
    /// ``XMLHTTPError/resumptionRefused(url:receivedByteCount:reason:)`` for when it is not.
    ///
    /// The wait before attempt *k* of a series is ``initialBackoff`` × 2^(*k*−1), at most
    /// ``maximumBackoff``, shortened by a random part of up to ``jitter`` of it, so that many
    /// clients cut off at once do not come back at once. A continuation that delivers body
    /// bytes ends the series: the next break starts again at attempt 1, so a long transfer may
    /// be resumed any number of times, as long as each continuation makes progress.
    ///
    /// Each attempt shows in ``XMLSourceProgress/resumptionAttemptCount`` as soon as it is
    /// decided (before its back-off), and each accepted continuation in
    /// ``XMLSourceProgress/resumptionCount``. ``XMLHTTPConfiguration/totalTimeout`` runs through
    /// the back-offs, and cancelling the consuming task during one ends the transfer at once.
    ///
    /// A content-coded body (`gzip`, `deflate`, `br`, `zstd`) is resumed too, over its coded
    /// bytes, which is what ranges address: the bytes received are kept as sent, and decoded
    /// only as the parser reads them, downstream of the break, so the continuation's bytes
    /// simply go on into the same decoder, whose state never saw the break. The continuation
    /// must then name the same codings; a server that codes each response afresh (on the fly
    /// rather than from a stored file) should not send a strong validator for it, and a
    /// continuation whose bytes belong to another coded stream fails to decode
    /// (``XMLHTTPError/undecodableContent(url:reason:)``) rather than being spliced.
    ///
    /// Failures before the response (a refused connection, a name that does not resolve, a
    /// TLS failure, a connect timeout, an error status) are not retried for the first request:
    /// nothing has been received, so the caller can simply start again, and knows better than
    /// the library whether the server will be back in a few hundred milliseconds. Once a body
    /// has begun, the same failures while asking for its continuation count as failed attempts
    /// and are retried under this policy.
    ///
    /// ```swift
    /// var configuration = XMLHTTPConfiguration()
    /// configuration.resumption.maximumAttempts = 10        // a flaky network
    /// configuration.resumption = .disabled                  // or never resume
    /// ```
    ///
    /// Linux only: on Apple platforms a break ends the transfer with its error.
    public struct ResumptionPolicy: Sendable, Hashable {
        /// How many continuations are tried in a row, without a body byte coming in between,
        /// before the break's error is thrown; 0 turns resumption off. Default: 3.
        public var maximumAttempts: Int

        /// The wait before the first attempt after a break; it doubles with each further attempt
        /// in a row. Default: 200 milliseconds. Zero resumes at once.
        public var initialBackoff: Duration

        /// The longest wait between two attempts, however many have failed. Default: 10 seconds.
        public var maximumBackoff: Duration

        /// The part of each wait that is random, from 0 (every wait exactly as computed) to 1
        /// (anything from zero to the computed wait). Default: 0.5, a wait between half the
        /// computed one and all of it.
        public var jitter: Double

        /// Creates a policy; every parameter has the default described on its property.
        ///
        /// - Parameters:
        ///   - maximumAttempts: Attempts in a row before giving up; 0 never resumes.
        ///   - initialBackoff: The wait before the first attempt after a break.
        ///   - maximumBackoff: The cap on any wait.
        ///   - jitter: The random part of each wait, from 0 to 1.
        public init(
            maximumAttempts: Int = 3,
            initialBackoff: Duration = .milliseconds(200),
            maximumBackoff: Duration = .seconds(10),
            jitter: Double = 0.5
        ) {
            self.maximumAttempts = maximumAttempts
            self.initialBackoff = initialBackoff
            self.maximumBackoff = maximumBackoff
            self.jitter = jitter
        }

        /// Three attempts in a row, from 200 milliseconds apart up to 10 seconds, half of each
        /// wait random.
        public static let `default` = ResumptionPolicy()

        /// Never resume: a break ends the transfer with its error.
        public static let disabled = ResumptionPolicy(maximumAttempts: 0)

        /// The wait before attempt `attempt` (from 1) of a series, `randomFraction` (from 0 up
        /// to 1) choosing where it falls within the jitter.
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
}
