import Testing

@testable import XMLEvents

/// The feed's transitions, apart from its stages: what the next call to `advance` does after
/// each thing that can happen to a document.
@Suite struct FeedStateMachineTests {
    struct Failure: Error, Equatable {}

    static func parseError() -> XMLParsingError {
        XMLParsingError(code: .internalError, message: "m", line: 1, column: 1, byteOffset: 0)
    }

    @Test func readingParsesTheChunkAtHandOrReadsTheNext() {
        var machine = FeedStateMachine()
        guard case .read = machine.nextAction(hasBytesAtHand: false) else {
            Issue.record("not read")
            return
        }
        guard case .parseStep = machine.nextAction(hasBytesAtHand: true) else {
            Issue.record("not a step")
            return
        }
        #expect(machine.isReading)
    }

    @Test func anErrorIsHandedOutOnceThenTheFeedIsDone() {
        var machine = FeedStateMachine()
        machine.ended(with: Failure())
        #expect(!machine.isReading)
        guard case .fail(let error) = machine.nextAction(hasBytesAtHand: true) else {
            Issue.record("no failure")
            return
        }
        #expect(error is Failure)
        guard case .finish = machine.nextAction(hasBytesAtHand: true) else {
            Issue.record("not finished")
            return
        }
    }

    @Test func theCompleteEndFinishesAtOnce() {
        var machine = FeedStateMachine()
        machine.ended(with: nil)
        guard case .finish = machine.nextAction(hasBytesAtHand: false) else {
            Issue.record("not finished")
            return
        }
    }

    @Test func aParseErrorInDecompressedBytesIsVerifiedOnceFirst() {
        var machine = FeedStateMachine()
        machine.parseFailed(Self.parseError(), verifiable: true)
        #expect(!machine.isReading)
        guard case .verify(let error) = machine.nextAction(hasBytesAtHand: false) else {
            Issue.record("not verified")
            return
        }
        #expect(error.code == .internalError)
        guard case .finish = machine.nextAction(hasBytesAtHand: false) else {
            Issue.record("not finished")
            return
        }
    }

    @Test func aParseErrorInPlainBytesFailsAsItIs() {
        var machine = FeedStateMachine()
        machine.parseFailed(Self.parseError(), verifiable: false)
        guard case .fail(let error) = machine.nextAction(hasBytesAtHand: false) else {
            Issue.record("no failure")
            return
        }
        #expect((error as? XMLParsingError)?.code == .internalError)
    }
}
