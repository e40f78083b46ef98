import Dispatch
import Foundation

@testable import XMLEvents

/// The program `Scripts/leaks.sh` runs under valgrind: the cycles of the Hardening tests
/// (compiled in from Tests/XMLEventsTests/Hardening), outside the test runner.
///
/// The main thread blocks on a semaphore rather than using top-level `await`: an asynchronous
/// main hands the main thread to dispatch_main, where valgrind 3.19 crashes (as it does when the
/// Swift Testing runner starts). The task is detached: top-level code runs on the main actor, and
/// a task inheriting that would wait for the blocked main thread forever.
let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000
// XMLEVENTS_LEAK_TRACE=1 names each cycle on standard error before it runs, to find one that hangs.
let traces = ProcessInfo.processInfo.environment["XMLEVENTS_LEAK_TRACE"] != nil
let finished = DispatchSemaphore(value: 0)
let alive = LockedCount()
Task.detached {
    defer { finished.signal() }
    do {
        let cycles = try LeakCycles()
        defer { cycles.close() }
        var tally: [LeakCycleKind: Int] = [:]
        let remaining = try await LiveParserCount.alive {
            tally = try await cycles.run(count) { index, kind in
                if traces { FileHandle.standardError.write(Data("cycle \(index): \(kind)\n".utf8)) }
            }
        }
        let summary = LeakCycleKind.allCases.map { "\($0) \(tally[$0] ?? 0)" }.joined(separator: ", ")
        print("leak cycles: \(count) (\(summary)); live libxml2 contexts after: \(remaining)")
        alive.set(remaining)
    } catch {
        print("leak cycles failed: \(error)")
        alive.set(-1)
    }
}
finished.wait()
exit(alive.value == 0 ? 0 : 1)
