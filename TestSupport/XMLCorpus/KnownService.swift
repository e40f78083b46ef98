/// A service every ``CorpusShape/records`` document lists, so that queries over it have answers
/// known in advance.
///
/// A records document begins with one record for each of ``all``, in order, and every other record
/// it holds has a port number of 1024 or more (or a range starting there). So, for example, the
/// TCP services on ports 80 to 90 of any records document are exactly
/// `KnownService.matching(.tcp, ports: 80...90)`.
public struct KnownService: Sendable, Hashable {
    /// The service name, the record's `name`.
    public let name: String

    /// The transport protocol, the record's `protocol`.
    public let transport: ServiceTransport

    /// The port number, the record's `number`.
    public let port: Int

    /// The record's `description` text, without markup.
    public let summary: String

    /// Creates a service; the corpus's own list is ``all``.
    public init(name: String, transport: ServiceTransport, port: Int, summary: String) {
        self.name = name
        self.transport = transport
        self.port = port
        self.summary = summary
    }

    /// The services every records document begins with, in document order: the IANA registry's
    /// entries on ports 80 to 90, on both sides of that range, and a few other familiar ones.
    public static let all: [KnownService] = [
        KnownService(name: "ssh", transport: .tcp, port: 22, summary: "The Secure Shell (SSH) Protocol"),
        KnownService(name: "domain", transport: .udp, port: 53, summary: "Domain Name Server"),
        KnownService(name: "finger", transport: .tcp, port: 79, summary: "Finger"),
        KnownService(name: "http", transport: .tcp, port: 80, summary: "World Wide Web HTTP"),
        KnownService(name: "http", transport: .udp, port: 80, summary: "World Wide Web HTTP"),
        KnownService(name: "http", transport: .sctp, port: 80, summary: "HTTP"),
        KnownService(name: "hosts2-ns", transport: .tcp, port: 81, summary: "HOSTS2 Name Server"),
        KnownService(name: "xfer", transport: .tcp, port: 82, summary: "XFER Utility"),
        KnownService(name: "mit-ml-dev", transport: .udp, port: 83, summary: "MIT ML Device"),
        KnownService(name: "ctf", transport: .tcp, port: 84, summary: "Common Trace Facility"),
        KnownService(name: "mit-ml-dev", transport: .tcp, port: 85, summary: "MIT ML Device"),
        KnownService(name: "mfcobol", transport: .tcp, port: 86, summary: "Micro Focus Cobol"),
        KnownService(name: "kerberos", transport: .tcp, port: 88, summary: "Kerberos"),
        KnownService(name: "kerberos", transport: .udp, port: 88, summary: "Kerberos"),
        KnownService(name: "su-mit-tg", transport: .udp, port: 89, summary: "SU/MIT Telnet Gateway"),
        KnownService(name: "dnsix", transport: .tcp, port: 90, summary: "DNSIX Securit Attribute Token Map"),
        KnownService(name: "mit-dov", transport: .tcp, port: 91, summary: "MIT Dover Spooler"),
        KnownService(name: "https", transport: .tcp, port: 443, summary: "http protocol over TLS/SSL"),
    ]

    /// The services of ``all`` with the given transport whose port lies in `ports`, in document
    /// order. For a range below 1024 this is the complete answer for any records document, since no
    /// other record has a port there.
    public static func matching(_ transport: ServiceTransport, ports: ClosedRange<Int>) -> [KnownService] {
        all.filter { $0.transport == transport && ports.contains($0.port) }
    }
}
