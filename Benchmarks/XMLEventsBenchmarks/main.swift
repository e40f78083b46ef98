import Foundation

// The main thread runs the main run loop, so that the main actor's jobs run on it, as in an
// application (``XMLEventsMainActorScanContender`` measures the main thread): with an
// asynchronous top-level entry point, the main queue is drained on whichever thread gets to it.
Task { exit(await BenchmarkCommand.main(Array(CommandLine.arguments.dropFirst()))) }
RunLoop.main.run()
