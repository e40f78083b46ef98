/// A test one name passes or fails: one step of an ``XMLPath``, or the name given to a lookup
/// such as ``XMLSubtree/child(named:)-(String)``.
///
/// Written forms, shared by paths and lookups:
/// - `local`: that local name in any namespace, or in none;
/// - `{uri}local`: that local name in that namespace; `{}local` in no namespace;
/// - `prefix:local`: that local name in the namespace the prefix stands for (paths resolve it
///   through their prefix map; lookups compare the prefix as written in the document);
/// - `*` in place of the local name: any local name (`*`, `{uri}*`, `prefix:*`).
struct XMLNameTest: Sendable, Hashable, CustomStringConvertible {
    enum Namespace: Sendable, Hashable {
        /// Any namespace, or none.
        case any
        /// This namespace URI; the empty string stands for no namespace.
        case uri(String)
        /// The prefix as written in the document, for lookups without a prefix map.
        case prefix(String)
    }

    /// Why a written name test is not valid.
    enum Problem: Error, Equatable {
        case empty
        case unterminatedNamespace
        case invalidName
        case unknownPrefix(String)
    }

    /// `name` itself when it is a plain local name (no `:`, `{` or `*`), the common case of a
    /// lookup, which needs no parsing.
    static func plainLocalName(_ name: String) -> String? {
        for byte in name.utf8 where byte == UInt8(ascii: ":") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "*")
        {
            return nil
        }
        return name
    }

    let namespace: Namespace
    /// The local name to match, or `nil` for `*`.
    let localName: String?

    init(namespace: Namespace, localName: String?) {
        self.namespace = namespace
        self.localName = localName
    }

    /// Reads the written form.
    ///
    /// - Parameter prefixes: The namespace URI of each prefix, or `nil` to keep prefixes as
    ///   written (matched against the names' own prefixes).
    init(parsing text: Substring, prefixes: [String: String]?) throws(Problem) {
        guard !text.isEmpty else { throw .empty }
        var rest = text
        var namespace = Namespace.any
        if rest.first == "{" {
            guard let close = rest.firstIndex(of: "}") else { throw .unterminatedNamespace }
            let uri = rest[rest.index(after: rest.startIndex)..<close]
            guard !uri.contains("{") else { throw .invalidName }
            namespace = .uri(String(uri))
            rest = rest[rest.index(after: close)...]
        } else if let colon = rest.firstIndex(of: ":") {
            let prefix = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
            guard XMLNameTest.isName(prefix[...]), rest == "*" || XMLNameTest.isName(rest) else {
                throw .invalidName
            }
            if let prefixes {
                if prefix == "xml" {
                    namespace = .uri(XMLNameTest.xmlNamespace)
                } else if let uri = prefixes[prefix] {
                    namespace = .uri(uri)
                } else {
                    throw .unknownPrefix(prefix)
                }
            } else {
                namespace = .prefix(prefix)
            }
        }
        if rest == "*" {
            self.init(namespace: namespace, localName: nil)
            return
        }
        guard XMLNameTest.isName(rest) else { throw rest.isEmpty ? .empty : .invalidName }
        self.init(namespace: namespace, localName: String(rest))
    }

    /// Reads the written form of a lookup, or returns `nil` for a form no name can pass.
    init?(lookup text: String) {
        guard let test = try? XMLNameTest(parsing: text[...], prefixes: nil) else { return nil }
        self = test
    }

    /// Whether `name` passes.
    @inline(__always)
    func matches(_ name: XMLName) -> Bool {
        if let localName, localName != name.localName { return false }
        switch namespace {
        case .any:
            return true
        case .uri(let uri):
            return uri.isEmpty ? name.namespaceURI == nil : name.namespaceURI == uri
        case .prefix(let prefix):
            return name.prefix == prefix
        }
    }

    /// The canonical written form: `{uri}local` where a namespace is given, `local` otherwise.
    var description: String {
        let local = localName ?? "*"
        switch namespace {
        case .any: return local
        case .uri(let uri): return "{\(uri)}\(local)"
        case .prefix(let prefix): return "\(prefix):\(local)"
        }
    }

    /// The namespace the `xml` prefix is bound to in every document.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Whether `text` could be an XML local name. Deliberately looser than the XML grammar (any
    /// non-ASCII scalar passes): it rejects what is surely a mistake in a path, not every name
    /// the parser itself would refuse.
    static func isName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        switch first {
        case "0"..."9", "-", ".": return false
        default: break
        }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": return true
            default: return scalar.value > 0x7F && !scalar.properties.isWhitespace
            }
        }
    }
}
