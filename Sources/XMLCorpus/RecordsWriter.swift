/// Writes the ``CorpusShape/records`` shape: a registry of service records.
struct RecordsWriter: ShapeWriter {
    private static let epilog: StaticString = "\n</registry>\n"

    private var random: SplitMix64
    private let vocabulary = RecordsVocabulary.shared

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    func writeProlog(into output: inout CorpusOutput) {
        output.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.startElement(
            "<registry xmlns=\"http://www.iana.org/assignments\" id=\"service-names-port-numbers\">",
            attributes: 1, namespaces: 1)
        output.startElement("\n  <title>")
        output.append("Service Name and Transport Protocol Port Number Registry</title>")
        output.startElement("\n  <category>")
        output.append("Service Names and Port Numbers</category>")
        output.startElement("\n  <updated>")
        output.append("2024-06-01</updated>")
        output.startElement("\n  <xref type=\"rfc\" data=\"rfc6335\"/>", attributes: 2)
        for service in KnownService.all {
            output.startElement("\n  <record>")
            output.countItem()
            output.startElement("\n    <name>")
            output.append(Array(XMLEscaping.escaped(service.name).utf8))
            output.append("</name>")
            output.startElement("\n    <protocol>")
            output.append(Array(service.transport.rawValue.utf8))
            output.append("</protocol>")
            output.startElement("\n    <number>")
            output.appendDecimal(service.port)
            output.append("</number>")
            output.startElement("\n    <description>")
            output.append(Array(XMLEscaping.escaped(service.summary).utf8))
            output.append("</description>\n  </record>")
        }
    }

    mutating func writeUnit(into output: inout CorpusOutput) {
        let registered = CalendarDate.random(in: 1988...2015, using: &random)
        if random.chance(25) {
            output.startElement("\n  <record date=\"", attributes: 1)
            output.appendDate(registered)
            if random.chance(30) {
                output.append("\" updated=\"")
                output.countAttributes(1)
                output.appendDate(CalendarDate.random(in: 2016...2024, using: &random))
            }
            output.append("\">")
        } else {
            output.startElement("\n  <record>")
        }
        output.countItem()

        output.startElement("\n    <name>")
        output.append(random.pick(vocabulary.serviceNames))
        output.append("</name>")

        output.startElement("\n    <protocol>")
        switch random.below(100) {
        case ..<45: output.append("tcp")
        case ..<90: output.append("udp")
        case ..<96: output.append("sctp")
        default: output.append("dccp")
        }
        output.append("</protocol>")

        // Ports start at 1024 so that the known services stay the only ones below.
        output.startElement("\n    <number>")
        let port = random.within(1024...65_535)
        output.appendDecimal(port)
        if random.chance(4) {
            output.append("-")
            output.appendDecimal(Swift.min(65_535, port + random.within(1...20)))
        }
        output.append("</number>")

        output.startElement("\n    <description>")
        output.append(random.pick(vocabulary.descriptions))
        output.append("</description>")

        if random.chance(70) {
            output.startElement("\n    <assignee>")
            output.startElement("<xref type=\"person\" data=\"", attributes: 2)
            output.append(random.pick(vocabulary.people))
            output.append("\"/></assignee>")
        }
        if random.chance(70) {
            output.startElement("\n    <contact>")
            output.startElement("<xref type=\"person\" data=\"", attributes: 2)
            output.append(random.pick(vocabulary.people))
            output.append("\"/></contact>")
        }
        if random.chance(85) {
            output.startElement("\n    <registration-date>")
            output.appendDate(registered)
            output.append("</registration-date>")
        }
        if random.chance(30) {
            output.startElement("\n    <modification-date>")
            output.appendDate(CalendarDate.random(in: 2016...2024, using: &random))
            output.append("</modification-date>")
        }
        if random.chance(20) {
            output.startElement("\n    <xref type=\"rfc\" data=\"rfc", attributes: 2)
            output.appendDecimal(random.within(768...9_700))
            output.append("\"/>")
        }
        output.append("\n  </record>")
    }

    var epilogByteCount: Int { Self.epilog.utf8CodeUnitCount }

    func writeEpilog(into output: inout CorpusOutput) {
        output.append(Self.epilog)
    }
}
