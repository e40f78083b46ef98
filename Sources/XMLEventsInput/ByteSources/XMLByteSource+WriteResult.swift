extension XMLByteSource.Writer {
    /// What a synchronous `write(_:)` tells the producer. The chunk was accepted either way.
    package enum WriteResult: Sendable, Hashable {
        /// The buffer is below the high watermark (or has not yet drained to the low one after
        /// reaching it): write again whenever there is more.
        case produceMore
        /// The buffer is full: stop producing and pass the token to
        /// ``XMLByteSource/Writer/enqueueCallback(token:onProduceMore:)`` to learn when to go on.
        case enqueueCallback(CallbackToken)
    }

    /// Identifies one wait for room in the buffer, so that it can be enqueued or cancelled.
    ///
    /// Pass every token either to ``XMLByteSource/Writer/enqueueCallback(token:onProduceMore:)``
    /// or to ``XMLByteSource/Writer/cancelCallback(token:)``: the stream remembers a token it
    /// handed out until then (or until the stream ends).
    package struct CallbackToken: Sendable, Hashable {
        let id: UInt64
    }
}
