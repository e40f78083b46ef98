/// The names, descriptions and people registry records are drawn from, built once as UTF-8
/// ready to copy.
final class RecordsVocabulary: Sendable {
    static let shared = RecordsVocabulary()

    let serviceNames: [[UInt8]]
    let descriptions: [[UInt8]]
    /// The text of each of ``descriptions`` as a parser reports it, references replaced.
    let descriptionSums: [UTF8Sum]
    let people: [[UInt8]]

    private init() {
        // A fixed seed: the tables are the same for every document, only the choices among them vary.
        var random = SplitMix64(seed: 0x7265_636F_7264_73)
        let syllables = [
            "net", "sec", "data", "sync", "mon", "gate", "web", "db", "ftp", "mail", "rt", "ip", "vpn", "cam",
            "iot", "msg", "auth", "dns", "log", "stor", "cast", "link", "grid", "ops", "bus", "file", "cloud",
            "edge", "mesh", "stat", "time", "print", "lic", "med", "geo", "tele", "opc", "mq", "rpc", "x",
        ]
        serviceNames = (0..<4096).map { _ in
            var name = random.pick(syllables)
            if random.chance(50) { name += "-" }
            name += random.pick(syllables)
            if random.chance(30) { name += String(random.within(1...9)) }
            return Array(name.utf8)
        }

        let qualities = [
            "Secure", "Remote", "Distributed", "Realtime", "Legacy", "Embedded", "Industrial", "Encrypted",
            "Multicast", "Scalable", "Sales & Marketing", "Zürich Exchange", "R&D", "Shared",
        ]
        let subjects = [
            "Backup", "Monitoring", "Messaging", "Telemetry", "Directory", "License", "Print", "Streaming",
            "Control", "Time", "Database", "Video", "Voice", "Update", "Inventory", "Camera",
        ]
        let kinds = ["Service", "Protocol", "Server", "Agent", "Gateway", "Daemon", "Interface", "Manager"]
        let texts = (0..<1024).map { _ in
            var text = random.pick(qualities) + " " + random.pick(subjects) + " " + random.pick(kinds)
            if random.chance(10) { text += " <beta>" }
            return text
        }
        descriptions = texts.map { Array(XMLEscaping.escaped($0).utf8) }
        descriptionSums = texts.map { UTF8Sum($0.utf8) }

        let givenNames = [
            "Jon", "Alice", "Bjørn", "José", "Zoë", "Wei", "Priya", "Olga", "Kenji", "Fatima", "Marta", "Lars",
        ]
        let familyNames = [
            "Postel", "Smith", "Müller", "García", "Nakamura", "Ivanova", "Okafor", "Dubois", "Kowalski", "Chen",
        ]
        people = (0..<256).map { _ in
            Array(XMLEscaping.escaped(random.pick(givenNames) + "_" + random.pick(familyNames)).utf8)
        }
    }
}
