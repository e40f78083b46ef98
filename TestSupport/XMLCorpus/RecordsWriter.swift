/// Writes the ``CorpusShape/records`` shape: a registry of service records.
struct RecordsWriter: ShapeWriter {
    private static let epilog: StaticString = "\n</registry>\n"

    private var random: SplitMix64
    private let vocabulary = RecordsVocabulary.shared
    private var names = TextDigest()
    private var protocols = TextDigest()
    private var numbers = TextDigest()
    private var descriptions = TextDigest()
    private var registrationDates = TextDigest()
    private var modificationDates = TextDigest()
    private var dates = TextDigest()

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    var itemFieldDigests: [String: TextDigest] {
        [
            "name": names, "protocol": protocols, "number": numbers, "description": descriptions,
            "registration-date": registrationDates, "modification-date": modificationDates, "@date": dates,
        ]
    }

    mutating func writeProlog(into output: inout CorpusOutput) {
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
            names.add(UTF8Sum(service.name.utf8))
            output.append("</name>")
            output.startElement("\n    <protocol>")
            appendRaw(Array(service.transport.rawValue.utf8), to: &protocols, output: &output)
            output.append("</protocol>")
            output.startElement("\n    <number>")
            let start = output.position
            output.appendDecimal(service.port)
            numbers.add(output.utf8Sum(since: start))
            output.append("</number>")
            output.startElement("\n    <description>")
            output.append(Array(XMLEscaping.escaped(service.summary).utf8))
            descriptions.add(UTF8Sum(service.summary.utf8))
            output.append("</description>\n  </record>")
        }
    }

    mutating func writeUnit(into output: inout CorpusOutput) {
        let registered = CalendarDate.random(in: 1988...2015, using: &random)
        if random.chance(25) {
            output.startElement("\n  <record date=\"", attributes: 1)
            let start = output.position
            output.appendDate(registered)
            dates.add(output.utf8Sum(since: start))
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

        // Names are plain ASCII, written without references: their bytes are their text.
        output.startElement("\n    <name>")
        appendRaw(random.pick(vocabulary.serviceNames), to: &names, output: &output)
        output.append("</name>")

        output.startElement("\n    <protocol>")
        let protocolStart = output.position
        switch random.below(100) {
        case ..<45: output.append("tcp")
        case ..<90: output.append("udp")
        case ..<96: output.append("sctp")
        default: output.append("dccp")
        }
        protocols.add(output.utf8Sum(since: protocolStart))
        output.append("</protocol>")

        // Ports start at 1024 so that the known services stay the only ones below.
        output.startElement("\n    <number>")
        let numberStart = output.position
        let port = random.within(1024...65_535)
        output.appendDecimal(port)
        if random.chance(4) {
            output.append("-")
            output.appendDecimal(Swift.min(65_535, port + random.within(1...20)))
        }
        numbers.add(output.utf8Sum(since: numberStart))
        output.append("</number>")

        output.startElement("\n    <description>")
        let description = random.below(vocabulary.descriptions.count)
        output.append(vocabulary.descriptions[description])
        descriptions.add(vocabulary.descriptionSums[description])
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
            let start = output.position
            output.appendDate(registered)
            registrationDates.add(output.utf8Sum(since: start))
            output.append("</registration-date>")
        }
        if random.chance(30) {
            output.startElement("\n    <modification-date>")
            let start = output.position
            output.appendDate(CalendarDate.random(in: 2016...2024, using: &random))
            modificationDates.add(output.utf8Sum(since: start))
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

    /// Writes text that needs no references and adds it to `digest`.
    private func appendRaw(_ text: [UInt8], to digest: inout TextDigest, output: inout CorpusOutput) {
        output.append(text)
        digest.add(UTF8Sum(text))
    }
}
