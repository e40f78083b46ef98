/// The name of an element or attribute, resolved against the namespace declarations in scope.
///
/// A name is cheap to copy: the parser interns each distinct name once per document and every
/// event that carries it shares the same storage.
public struct XMLName: Sendable, Hashable, CustomStringConvertible {
    /// The immutable strings behind a name, shared by every event that carries it.
    final class Storage: Sendable {
        let localName: String
        let prefix: String?
        let namespaceURI: String?
        let qualifiedName: String

        init(localName: String, prefix: String?, namespaceURI: String?) {
            self.localName = localName
            self.prefix = prefix
            self.namespaceURI = namespaceURI
            if let prefix {
                self.qualifiedName = prefix + ":" + localName
            } else {
                self.qualifiedName = localName
            }
        }
    }

    let storage: Storage

    /// Creates a name.
    ///
    /// - Parameters:
    ///   - localName: The part of the name after the colon, or the whole name without a prefix.
    ///   - prefix: The namespace prefix as written in the document, if any.
    ///   - namespaceURI: The namespace the name belongs to, if any.
    public init(localName: String, prefix: String? = nil, namespaceURI: String? = nil) {
        storage = Storage(localName: localName, prefix: prefix, namespaceURI: namespaceURI)
    }

    /// The part of the name after the colon (`b` in `a:b`), or the whole name without a prefix.
    public var localName: String { storage.localName }

    /// The namespace prefix as written in the document (`a` in `a:b`), or `nil` without one.
    public var prefix: String? { storage.prefix }

    /// The namespace URI the name is bound to, or `nil` when it is in no namespace.
    public var namespaceURI: String? { storage.namespaceURI }

    /// The name as written in the document: `prefix:localName`, or `localName` alone.
    public var qualifiedName: String { storage.qualifiedName }

    /// The name in James Clark's notation: `{namespaceURI}localName`, or `localName` alone.
    public var expandedName: String {
        guard let namespaceURI else { return localName }
        return "{" + namespaceURI + "}" + localName
    }

    /// The qualified name, as written in the document.
    public var description: String { qualifiedName }

    /// Two names are equal when their local names, prefixes and namespace URIs are equal.
    ///
    /// Names that share storage (every event of a document that carries the same name) compare
    /// in O(1). To compare names regardless of their prefixes, compare ``localName`` and
    /// ``namespaceURI``.
    ///
    /// - Parameters:
    ///   - lhs: A name.
    ///   - rhs: Another name.
    public static func == (lhs: XMLName, rhs: XMLName) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.localName == rhs.localName && lhs.prefix == rhs.prefix
            && lhs.namespaceURI == rhs.namespaceURI
    }

    /// Hashes the local name, prefix and namespace URI.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(localName)
        hasher.combine(prefix)
        hasher.combine(namespaceURI)
    }
}
