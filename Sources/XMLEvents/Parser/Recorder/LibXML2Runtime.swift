import CLibXML2

/// libxml2's process-wide initialization, done once before the first parser exists
/// (`xmlInitParser` is not safe to race with parsing on other threads).
enum LibXML2Runtime {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    static func initialize() {
        _ = initialized
    }
}
