#if os(Linux)
    import Foundation
    import Glibc
    import Testing
    import ThreadSafety
    import XMLCorpus
    import XMLEvents

    /// `events → transform → writer → file` with a 20 MB document, in a process of its own
    /// (resident memory is the whole process's): memory stays bounded, and the file parses to
    /// the transformed events, compared one by one.
    @Suite("Writer: file pipeline")
    struct WriterPipelineTests {
        @Test func twentyMegabytesStreamThroughATransformIntoAFileInBoundedMemory() async throws {
            let figures = try await WriterChildScenario.pipeline.run()
            print("Writer pipeline, 20 MB:", figures.sorted { $0.key < $1.key })
            #expect(figures["inputBytes"] == 20_000_000)
            #expect(figures["records", default: 0] > 40_000)
            // Every record's description was renamed (one per record), and none is left.
            #expect(figures["renamed"] == figures["records"])
            #expect(figures["descriptions"] == 0)
            #expect(figures["comparedEvents", default: 0] > 400_000)
            #expect(figures["mismatches"] == 0, "first mismatch at event \(figures["firstMismatch"] ?? -1)")
            #expect(figures["outputBytes", default: 0] > 16_000_000)
            #expect(figures["leftoverFiles"] == 0)
            let growth = try #require(figures["peakGrowth"])
            #expect(SanitizerDetection.isActive || growth < 12 << 20, "grew by \(growth >> 20) MiB")
        }

        /// A file that cannot grow (the process's file size limit, here) ends writing with a
        /// typed error, and leaves no temporary file.
        @Test func aFailingWriteIsATypedErrorAndLeavesNothing() async throws {
            let figures = try await WriterChildScenario.fileSizeLimit.run()
            #expect(figures["fileTooLarge"] == 1)
            #expect(figures["leftoverFiles"] == 0)
        }
    }

    /// What the child process runs, by name; its figures are checked by the parent.
    struct WriterChildScenario: Sendable {
        let name: String
        let body: @Sendable (_ directory: String) async throws -> [String: Int]

        static let variable = "XMLEVENTS_WRITER_SCENARIO"
        static let all = [pipeline, fileSizeLimit]

        func run() async throws -> [String: Int] {
            let data = try await ChildTestProcess.run(
                filter: "WriterChildEntry", environment: [Self.variable: name], timeout: .seconds(900))
            return try JSONDecoder().decode([String: Int].self, from: data)
        }

        /// Drops indentation and renames `description` to `summary`, as a user's transform would.
        static func transform<Base: AsyncSequence>(_ events: Base) -> some AsyncSequence<XMLEvent, any Error>
        where Base.Element == XMLEvent, Base.Failure == any Error {
            let summary = XMLName(localName: "summary", namespaceURI: "http://www.iana.org/assignments")
            return
                events
                .filter { event in
                    if case .text(let text) = event { return !text.allSatisfy(\.isWhitespace) }
                    return true
                }
                .map { event -> XMLEvent in
                    switch event {
                    case .startElement(let name, let attributes, let namespaces) where name.localName == "description":
                        return .startElement(name: summary, attributes: attributes, namespaces: namespaces)
                    case .endElement(let name) where name.localName == "description":
                        return .endElement(name: summary)
                    default:
                        return event
                    }
                }
        }

        static let pipeline = WriterChildScenario(name: "pipeline") { directory in
            let document = CorpusDocument(shape: .records, targetByteCount: 20_000_000)
            let path = directory + "/registry.xml"
            CompositionMemoryMeasurements.trim()
            let clock = ContinuousClock()
            let started = clock.now
            let baseline = ProcessMemory.residentBytes
            let sampling = LockedState((events: 0, peak: baseline))
            let sampled = transform(XMLEvents(document.asyncChunks())).map { event -> XMLEvent in
                sampling.withLock { state in
                    state.events += 1
                    if state.events % 5_000 == 0 { state.peak = max(state.peak, ProcessMemory.residentBytes) }
                }
                return event
            }
            try await XMLWriter.write(sampled, toPath: path)
            let peak = sampling.withLock { max($0.peak, ProcessMemory.residentBytes) }
            let writingTime = started.duration(to: clock.now)

            // The file, parsed, against the same transform of the document, event by event.
            var written = XMLEvents(path: path).makeAsyncIterator()
            var expected = transform(XMLEvents(document.asyncChunks())).makeAsyncIterator()
            var figures = ["comparedEvents": 0, "mismatches": 0, "records": 0, "descriptions": 0, "renamed": 0]
            while let event = try await expected.next() {
                let actual = try await written.next()
                if actual != event {
                    if figures["mismatches"] == 0 { figures["firstMismatch"] = figures["comparedEvents"] }
                    figures["mismatches", default: 0] += 1
                }
                figures["comparedEvents", default: 0] += 1
                if case .startElement(let name, _, _) = actual {
                    if name.localName == "record" { figures["records", default: 0] += 1 }
                    if name.localName == "summary" { figures["renamed", default: 0] += 1 }
                    if name.localName == "description" { figures["descriptions", default: 0] += 1 }
                }
            }
            if try await written.next() != nil { figures["mismatches", default: 0] += 1 }
            figures["writingMilliseconds"] = Int(writingTime / .milliseconds(1))
            figures["inputBytes"] = document.byteCount
            figures["outputBytes"] = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            figures["leftoverFiles"] = try FileManager.default.contentsOfDirectory(atPath: directory).count - 1
            figures["baseline"] = baseline
            figures["peakGrowth"] = peak - baseline
            return figures
        }

        static let fileSizeLimit = WriterChildScenario(name: "fileSizeLimit") { directory in
            // Past the limit, write(2) fails with EFBIG once SIGXFSZ is ignored.
            signal(SIGXFSZ, SIG_IGN)
            var saved = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved)
            var limit = saved
            limit.rlim_cur = 100_000
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
            defer { setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved) }
            var figures: [String: Int] = [:]
            let document = CorpusDocument(shape: .records, targetByteCount: 1_000_000)
            do {
                try await XMLWriter.write(XMLEvents(document.asyncChunks()), toPath: directory + "/out.xml")
            } catch let error as XMLWriterError {
                // The message names the file and the system's reason: EFBIG's.
                let expected = "cannot write \(directory)/out.xml: \(String(cString: strerror(EFBIG)))"
                if error.code == .cannotWriteFile, error.message == expected { figures["fileTooLarge"] = 1 }
            }
            figures["leftoverFiles"] = try FileManager.default.contentsOfDirectory(atPath: directory).count
            return figures
        }
    }

    /// The child's entry point: does nothing (and passes) unless the environment names a
    /// scenario, which it then runs in a fresh directory and reports.
    @Suite struct WriterChildEntry {
        @Test func runRequestedScenario() async throws {
            guard let name = ProcessInfo.processInfo.environment[WriterChildScenario.variable],
                let reportPath = ChildTestProcess.reportPath
            else { return }
            let scenario = try #require(WriterChildScenario.all.first { $0.name == name }, "no scenario \(name)")
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("xmlevents-writer-child-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let figures = try await scenario.body(directory)
            try JSONEncoder().encode(figures).write(to: URL(fileURLWithPath: reportPath))
        }
    }
#endif
