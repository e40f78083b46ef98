import Testing
import XMLCorpus

@Suite struct CorpusRecordsTests {
    /// The cookbook question "which TCP services are on ports 80 to 90?" has a known answer.
    @Test func tcpServicesOnPorts80Through90AreKnown() async throws {
        let document = CorpusDocument(shape: .records, targetByteCount: 500_000, seed: 11)
        let tally = try await CorpusEventTally.parse(document)
        let answer = tally.records.filter { record in
            guard record.transport == "tcp", let port = Int(record.number) else { return false }
            return (80...90).contains(port)
        }
        let expected = KnownService.matching(.tcp, ports: 80...90)
        #expect(answer.map(\.name) == expected.map(\.name))
        let names = ["http", "hosts2-ns", "xfer", "ctf", "mit-ml-dev", "mfcobol", "kerberos", "dnsix"]
        #expect(answer.map(\.name) == names)
        #expect(answer.map(\.number) == ["80", "81", "82", "84", "85", "86", "88", "90"])
    }

    @Test func documentBeginsWithTheKnownServices() async throws {
        let tally = try await CorpusEventTally.parse(CorpusDocument(shape: .records, targetByteCount: 0))
        let expected = KnownService.all.map { service in
            CorpusEventTally.ParsedRecord(
                name: service.name, transport: service.transport.rawValue, number: String(service.port))
        }
        #expect(tally.records == expected)
    }

    @Test func otherRecordsStayOffTheWellKnownPorts() async throws {
        let tally = try await CorpusEventTally.parse(CorpusDocument(shape: .records, targetByteCount: 300_000))
        let others = tally.records.dropFirst(KnownService.all.count)
        #expect(others.count > 500)
        for record in others {
            let first = record.number.split(separator: "-").first.flatMap { Int($0) }
            #expect(first.map { $0 >= 1_024 && $0 <= 65_535 } == true, "\(record)")
            #expect(ServiceTransport(rawValue: record.transport) != nil)
        }
        #expect(others.contains { $0.number.contains("-") })
    }
}
