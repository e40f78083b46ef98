import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// A reader that goes away (`| head`) must end the output quietly, through EPIPE, instead of
// killing the process with a signal that shells report as a failure.
signal(SIGPIPE, SIG_IGN)

let status = await Command.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment
)
// Ends at once with the status, whatever threads remain (one may be blocked reading a terminal).
exit(status.rawValue)
