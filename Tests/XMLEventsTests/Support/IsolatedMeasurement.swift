#if os(Linux)
    import Foundation
    import Testing

    /// A measurement of resident memory taken in a process of its own (see ``ChildTestProcess``),
    /// so that the suites Swift Testing runs beside it cannot move the figures.
    ///
    /// The measurement returns named figures; the test that asked for it checks them. Nothing is
    /// asserted in the child, where a failure would not be seen.
    struct IsolatedMeasurement: Sendable {
        typealias Figures = [String: Int]

        let name: String
        let body: @Sendable () async throws -> Figures

        static let nameVariable = "XMLEVENTS_MEASUREMENT"

        /// Every measurement a test may ask for, by name.
        static let all: [IsolatedMeasurement] =
            CompositionMemoryMeasurements.all + [
                CancellationMemoryMeasurement.thousandCancelledParses,
                HTTPTests.HTTPCancellationTests.thousandCancelledTransfers,
                LoopbackHTTPTests.Lifecycle.startStopCycles,
                HTTPTests.HTTPProxyAndTrustTests.environmentProxy,
            ] + HTTPTests.HTTPCompressedBombTests.all + DumpMemoryMeasurements.all
            + VerificationThreadMeasurements.all + BlockingSourceTests.measurements + StreamPoolMeasurements.all

        /// Runs this measurement in a child process and returns its figures.
        func run() async throws -> Figures {
            let data = try await ChildTestProcess.run(
                filter: "IsolatedMeasurementEntry",
                environment: [Self.nameVariable: name]
            )
            return try JSONDecoder().decode(Figures.self, from: data)
        }
    }

    /// The child's entry point for ``IsolatedMeasurement``: does nothing (and passes) unless the
    /// environment names a measurement, which it then takes and reports.
    @Suite struct IsolatedMeasurementEntry {
        @Test func runRequestedMeasurement() async throws {
            guard let name = ProcessInfo.processInfo.environment[IsolatedMeasurement.nameVariable],
                let reportPath = ChildTestProcess.reportPath
            else { return }
            let measurement = try #require(IsolatedMeasurement.all.first { $0.name == name }, "no measurement \(name)")
            let figures = try await measurement.body()
            try JSONEncoder().encode(figures).write(to: URL(fileURLWithPath: reportPath))
        }
    }
#endif
