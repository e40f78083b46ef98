import CLibXML2

/// Which namespace URIs the parser accepts: libxml2 refuses, as not namespace-well-formed, a
/// declaration whose URI its URI parser (`xmlParseURI`) cannot read. The writer asks the same
/// function, so that a URI it writes is one the parser reads back, and the rule stays libxml2's.
enum XMLNamespaceURISyntax {
    /// Whether the parser accepts `uri` as a namespace name. The empty URI (no namespace) is
    /// not asked about: libxml2 does not check it, and the writer has its own rules for it.
    static func isAccepted(_ uri: String) -> Bool {
        // A NUL would cut the C string short and have a prefix of the URI checked instead.
        guard !uri.utf8.contains(0) else { return false }
        LibXML2Runtime.initialize()
        guard let parsed = xmlParseURI(uri) else { return false }
        xmlFreeURI(parsed)
        return true
    }
}
