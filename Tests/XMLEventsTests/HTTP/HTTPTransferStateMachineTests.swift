#if os(Linux)
    import Foundation
    import Testing

    @testable import XMLEvents
    @testable import XMLEventsHTTP

    /// The rules of one libcurl transfer, without libcurl: when bytes are written, refused or
    /// kept, and when silence is a stall.
    @Suite struct HTTPTransferStateMachineTests {
        private static let start = ContinuousClock.now
        private static let url = URL(fileURLWithPath: "/feed.xml")

        private static func machine(errorBody: Int = 10) -> CurlTransferStateMachine {
            CurlTransferStateMachine(idleTimeout: .seconds(1), maximumErrorBodyByteCount: errorBody, now: start)
        }

        private static func at(_ milliseconds: Int) -> ContinuousClock.Instant {
            start + .milliseconds(milliseconds)
        }

        @Test func successfulHeadStreamsTheBody() {
            var machine = Self.machine()
            let first = machine.bodyArrived(count: 5, now: Self.at(1))
            let accepted = machine.headArrived(status: 200, url: Self.url)
            let again = machine.headArrived(status: 200, url: Self.url)
            let second = machine.bodyArrived(count: 5, now: Self.at(2))
            #expect(first == .decideHead)
            #expect(accepted)
            #expect(!again, "a head is decided once")
            #expect(second == .write)
            guard case .succeeded = machine.finish(succeeded: true) else {
                Issue.record("not succeeded")
                return
            }
            #expect(machine.isOver)
            let late = machine.bodyArrived(count: 5, now: Self.at(3))
            #expect(late == .abort)
        }

        /// A full buffer accepts the write that filled it, refuses the next delivery, and a drained
        /// buffer unpauses libcurl only if it was paused.
        @Test func backpressurePausesOnTheNextDeliveryOnly() {
            var machine = Self.machine()
            _ = machine.headArrived(status: 200, url: Self.url)
            machine.consumerIsFull()
            #expect(machine.flow == .pausing)
            let unpausedEarly = machine.consumerHasRoom(now: Self.at(1))
            #expect(!unpausedEarly, "not paused yet: nothing to unpause")
            #expect(machine.flow == .flowing)

            machine.consumerIsFull()
            let refused = [
                machine.bodyArrived(count: 5, now: Self.at(2)), machine.bodyArrived(count: 5, now: Self.at(3)),
            ]
            #expect(refused == [.pause, .pause])
            #expect(machine.flow == .paused)
            let unpaused = machine.consumerHasRoom(now: Self.at(4))
            let resumed = machine.bodyArrived(count: 5, now: Self.at(5))
            #expect(unpaused)
            #expect(resumed == .write)
        }

        @Test func silenceIsAStallOnlyWhileWaitingForTheServer() {
            var machine = Self.machine()
            #expect(machine.idleDeadline == Self.at(1_000))
            machine.headerArrived(now: Self.at(300))
            #expect(machine.idleDeadline == Self.at(1_300))
            _ = machine.headArrived(status: 200, url: Self.url)
            _ = machine.bodyArrived(count: 5, now: Self.at(400))
            machine.consumerIsFull()
            #expect(machine.idleDeadline == nil, "waiting for the consumer is not a stall")
            _ = machine.bodyArrived(count: 5, now: Self.at(500))
            #expect(machine.idleDeadline == nil)
            _ = machine.consumerHasRoom(now: Self.at(9_000))
            #expect(machine.idleDeadline == Self.at(10_000), "the clock restarts on resumption")
            _ = machine.finish(succeeded: true)
            #expect(machine.idleDeadline == nil)
        }

        /// The total deadline runs from the start whatever the transfer does, pauses included,
        /// and is the deadline whenever it comes before the idle one.
        @Test func theTotalDeadlineRunsThroughPauses() {
            var machine = CurlTransferStateMachine(
                idleTimeout: .seconds(1), totalTimeout: .milliseconds(2_500), maximumErrorBodyByteCount: 0,
                now: Self.start)
            #expect(machine.deadline == Self.at(1_000), "the idle deadline comes first")
            machine.headerArrived(now: Self.at(900))
            _ = machine.headArrived(status: 200, url: Self.url)
            _ = machine.bodyArrived(count: 5, now: Self.at(1_800))
            #expect(machine.deadline == Self.at(2_500), "the total deadline comes first")
            machine.consumerIsFull()
            #expect(machine.idleDeadline == nil)
            #expect(machine.deadline == Self.at(2_500), "a pause stops the idle clock only")
            #expect(!machine.hasPassedTotalDeadline(now: Self.at(2_499)))
            #expect(machine.hasPassedTotalDeadline(now: Self.at(2_500)))
            _ = machine.finish(succeeded: true)
            #expect(machine.deadline == nil)
            #expect(Self.machine().deadline == Self.at(1_000), "no total timeout, no total deadline")
        }

        @Test func errorBodyIsKeptUpToTheLimitThenAborted() {
            var machine = Self.machine(errorBody: 10)
            let accepted = machine.headArrived(status: 503, url: Self.url)
            let first = machine.bodyArrived(count: 6, now: Self.at(1))
            let enoughAfterFirst = machine.kept(Data("Server".utf8))
            let second = machine.bodyArrived(count: 6, now: Self.at(2))
            let enoughAfterSecond = machine.kept(Data(" Bus".utf8))
            let third = machine.bodyArrived(count: 6, now: Self.at(3))
            #expect(!accepted)
            #expect(first == .keep(count: 6))
            #expect(!enoughAfterFirst)
            #expect(second == .keep(count: 4))
            #expect(enoughAfterSecond)
            #expect(third == .abort)
            guard case .refused(503, Self.url, let prefix) = machine.finish(succeeded: false) else {
                Issue.record("not refused")
                return
            }
            #expect(prefix == Data("Server Bus".utf8))
        }

        @Test func failuresAndDepartures() {
            var failed = Self.machine()
            guard case .failed = failed.finish(succeeded: false) else {
                Issue.record("a transfer that never got a head failed")
                return
            }
            var streaming = Self.machine()
            _ = streaming.headArrived(status: 206, url: Self.url)
            guard case .failed = streaming.finish(succeeded: false) else {
                Issue.record("a broken body failed")
                return
            }
            var abandoned = Self.machine()
            _ = abandoned.headArrived(status: 200, url: Self.url)
            abandoned.consumerLeft()
            let late = abandoned.bodyArrived(count: 5, now: Self.at(1))
            let unpaused = abandoned.consumerHasRoom(now: Self.at(2))
            #expect(late == .abort)
            #expect(!unpaused)
            guard case .unreported = abandoned.finish(succeeded: false) else {
                Issue.record("nobody to tell")
                return
            }
        }
    }
#endif
