import Foundation

exit(await BenchmarkCommand.main(Array(CommandLine.arguments.dropFirst())))
