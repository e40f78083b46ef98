/// Where a feed is in its document, and what its next ``EventTapeFeed/advance(appending:)`` does:
/// the feed's transitions, apart from the stages that carry them out, as a value that returns
/// actions.
///
/// The state is not a record of the parse (the driver's ``ParseStatus`` is that), but of what
/// the reader has still to be told: the events on the tape come first, then the end, which may
/// be an error of the parse, of the source, of a decompressed stream, or the task's cancellation.
@usableFromInline
struct FeedStateMachine {
    @usableFromInline
    enum State {
        /// The document is being read.
        case reading
        /// The parse failed on decompressed bytes not yet known sound: once the tape has been
        /// read, they are verified, and the error thrown is the parser's or the decompression's.
        case verifying(XMLParsingError)
        /// The error to throw once the tape, with the events before it, has been read.
        case failed(any Error)
        /// Nothing more will come: the last events, if any, are on the tape.
        case done
    }

    /// What the feed does next.
    @usableFromInline
    enum Action {
        /// Parse the next step of the chunk at hand.
        case parseStep
        /// Read the next chunk, and parse its first step.
        case read
        /// Verify the decompressed bytes, then throw the error that tells.
        case verify(XMLParsingError)
        /// Throw the error that ended the document.
        case fail(any Error)
        /// Report the end: nothing more will come.
        case finish
    }

    @usableFromInline private(set) var state = State.reading

    @inlinable init() {}

    /// Whether the document is still being read.
    @inlinable var isReading: Bool {
        if case .reading = state { return true }
        return false
    }

    /// The action for the next call to `advance`, once the reader has read the tape; an error is
    /// handed out once, and the feed is done after it.
    ///
    /// - Parameter hasBytesAtHand: Whether the chunk at hand has bytes left to parse.
    @inlinable
    mutating func nextAction(hasBytesAtHand: Bool) -> Action {
        switch state {
        case .reading:
            return hasBytesAtHand ? .parseStep : .read
        case .verifying(let error):
            state = .done
            return .verify(error)
        case .failed(let error):
            state = .done
            return .fail(error)
        case .done:
            return .finish
        }
    }

    /// The document ended: complete when `error` is `nil`, else with it.
    @inlinable
    mutating func ended(with error: (any Error)?) {
        state = error.map { .failed($0) } ?? .done
    }

    /// The parse failed with `error`; `verifiable` when the bytes were decompressed and may yet
    /// prove damaged.
    @inlinable
    mutating func parseFailed(_ error: XMLParsingError, verifiable: Bool) {
        state = verifiable ? .verifying(error) : .failed(error)
    }
}
