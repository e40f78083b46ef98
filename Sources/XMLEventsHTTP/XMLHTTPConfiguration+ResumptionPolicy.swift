import XMLEventsInput

extension XMLHTTPConfiguration {
    /// When and how often a transfer that broke off mid-body is resumed: how many attempts, and
    /// how long to wait before each.
    ///
    /// A break is the connection closing before the body's end, a reset, or the server going
    /// silent for the idle timeout once the body has begun. The transfer then asks for the rest
    /// and feeds it to the same parser, so the consumer sees the events of the whole document,
    /// each once. It does so only when that is safe; see
    /// ``XMLHTTPError/Code/resumptionRefused`` for when it is not.
    ///
    /// How it asks depends on the first response:
    /// - With `Accept-Ranges: bytes` and a strong validator, for the missing bytes:
    ///   `Range: bytes=N-` with `If-Range` carrying the validator, `N` being the body bytes
    ///   received so far as sent. Only a `206` of the same version whose `Content-Range` is
    ///   `bytes N-(L-1)/L` (or `/*`) is taken, and no more bytes of it than that range spans.
    /// - Without ranges but with a strong validator (a server that sends a stored file, such as
    ///   nginx's `gzip_static`, Python's `http.server`), for the same version again: `If-Match`
    ///   with the entity tag, or `If-Unmodified-Since` with the `Last-Modified` date. Only a
    ///   `200` with the same validator, content coding and length is taken; its first `N` bytes,
    ///   which the parser already had, are dropped after checking that they are the ones
    ///   received (``XMLSourceProgress/rereadByteCount`` counts them), and the rest goes on.
    /// - Without a strong validator, never: the break's error ends the transfer.
    ///
    /// A continuation is never redirected: any `3xx` answer to it is refused, since a validator
    /// names a version of one resource only.
    ///
    /// **What a transfer may spend.** At most ``maximumAttempts`` continuations in a row without
    /// a new body byte in between (a server that is down), and at most four times
    /// ``maximumAttempts`` continuations in the whole transfer that each brought less than
    /// 1 MiB of new body bytes (a server that cuts every connection after a few bytes, or a
    /// network that cannot keep one up). A continuation that brings 1 MiB or more is not
    /// counted, so a long transfer that makes real progress may be resumed as often as it
    /// breaks. When either budget is spent, the break's own error ends the transfer. So a
    /// server that sends a trickle per connection gets at most 4 × ``maximumAttempts`` + 1
    /// requests: 13 with the default policy, 33 with `maximumAttempts = 8`.
    ///
    /// **What re-reading may cost.** From a server without ranges, each continuation re-reads
    /// every byte received so far, so one that cuts every connection a little past the last
    /// would cost a total that grows with the square of the document's length: 314 MB
    /// re-read for a 25.5 MB document cut every MiB. The bytes re-read over the whole
    /// transfer stay within four times the document's length as sent (its `Content-Length`,
    /// or the bytes received while it states none), room for eight breaks spread evenly
    /// through the document: a continuation that would go past that is not asked for, and
    /// the break's own error ends the transfer. The document cut every MiB is given up on at
    /// its fourteenth break, 14 MiB in, after 95 MB re-read.
    ///
    /// The wait before a continuation is ``initialBackoff`` × 2^(*k*−1), at most
    /// ``maximumBackoff``, shortened by a random part of up to ``jitter`` of it, so that many
    /// clients cut off at once do not come back at once. *k* grows across the whole transfer:
    /// it is the larger of the attempts in a row and the continuations so far that brought
    /// less than 1 MiB (this one included); a transfer whose continuations all make real
    /// progress waits ``initialBackoff`` after each break.
    ///
    /// Each attempt shows in ``XMLSourceProgress/resumptionAttemptCount`` as soon as it is
    /// decided (before its back-off), and each accepted continuation in
    /// ``XMLSourceProgress/resumptionCount``. ``XMLHTTPConfiguration/totalTimeout`` runs through
    /// the back-offs, and cancelling the consuming task during one ends the transfer at once.
    ///
    /// A content-coded body (`gzip`, `deflate`, `br`, `zstd`) is resumed too, over its coded
    /// bytes, which ranges address: the bytes received are kept as sent, and decoded
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
        /// before the break's error is thrown; four times as many may be made in all that
        /// each bring less than 1 MiB. 0 turns resumption off. Default: 3.
        public var maximumAttempts: Int

        /// The wait before the first attempt; it doubles with each further attempt in a row, and
        /// with each continuation of the transfer that brought less than 1 MiB. Default:
        /// 200 milliseconds. Zero resumes at once.
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

        /// Three attempts in a row and twelve short continuations in all, from 200 milliseconds
        /// apart up to 10 seconds, half of each wait random.
        public static let `default` = ResumptionPolicy()

        /// Never resume: a break ends the transfer with its error.
        public static let disabled = ResumptionPolicy(maximumAttempts: 0)

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
}
